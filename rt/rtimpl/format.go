package rtimpl

import (
	"strconv"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
)

// Format is a "format" keyword that the generated code asserts: in
// draft-04 to draft-07, where santhosh-tekuri/jsonschema/v5 and ajv with
// ajv-formats assert it by default, and in 2019-09 and 2020-12 when asked
// (zerogen --assert-formats, or the format-assertion vocabulary).
type Format struct {
	Name  string
	valid func(string) bool
}

// KnownFormat reports whether the generated code can assert format name.
// Other formats are annotations: the reference validators do not assert
// them either.
func KnownFormat(name string) bool { return formatChecks[name] != nil }

// MustFormat returns the check of a format KnownFormat knows.
func MustFormat(name string) *Format {
	valid := formatChecks[name]
	if valid == nil {
		panic("rtimpl: unknown format " + strconv.Quote(name))
	}
	return &Format{Name: name, valid: valid}
}

// Check validates s; off is the value's offset (-1 for Go values).
func (f *Format) Check(s string, off int) error {
	if f.valid(s) {
		return nil
	}
	return rt.Fail(off, "format", strconv.Quote(msg.Clip(s))+" is not a valid "+f.Name)
}
