package schema

import (
	"encoding/json"
	"fmt"

	"github.com/zeroproject/zero/rt/rtimpl"
)

// StringRule returns the string keywords (minLength, maxLength, pattern)
// of the definition $defs[def] in the schema file at path, so that Go code
// which checks a value before it becomes a document (an id taken from a
// flag or a file name) applies the schema's own rule rather than a copy.
func StringRule(path, def string) (*rtimpl.StrRule, error) {
	data, err := FS.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Defs map[string]struct {
			Type      string `json:"type"`
			MinLength *int   `json:"minLength"`
			MaxLength *int   `json:"maxLength"`
			Pattern   string `json:"pattern"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d, ok := doc.Defs[def]
	if !ok || d.Type != "string" {
		return nil, fmt.Errorf("%s: no string definition $defs/%s", path, def)
	}
	r := &rtimpl.StrRule{MaxLen: -1}
	if d.MinLength != nil {
		r.MinLen = *d.MinLength
	}
	if d.MaxLength != nil {
		r.MaxLen = *d.MaxLength
	}
	if d.Pattern != "" {
		r.Pattern = rtimpl.MustPattern(d.Pattern)
	}
	return r, nil
}

// MustStringRule is StringRule for package variables: the embedded files
// are tested, so a failure is a bug.
func MustStringRule(path, def string) *rtimpl.StrRule {
	r, err := StringRule(path, def)
	if err != nil {
		panic("schema: " + err.Error())
	}
	return r
}
