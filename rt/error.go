package rt

import (
	"strconv"
	"strings"
)

// Error is the single error type of generated decoders, encoders and
// validators. Its message reads like
//
//	/args/path: minLength: got 0 characters, want at least 1
type Error struct {
	// Pointer is the JSON Pointer (RFC 6901) of the failing value; "" is the root.
	Pointer string
	// Keyword is the schema keyword that failed ("type", "required", ...), or
	// "syntax", "depth", "duplicate" for failures of the input itself.
	Keyword string
	// Offset is the byte offset of the failing value in the input, or -1 when
	// the value was not decoded from bytes (Validate on a Go value).
	Offset int
	// Msg says what is wrong.
	Msg string

	segs []string // pointer segments in reverse order while the error unwinds
}

// Error implements the error interface.
func (e *Error) Error() string {
	p := e.Path()
	if p == "" {
		return e.Keyword + ": " + e.Msg
	}
	return p + ": " + e.Keyword + ": " + e.Msg
}

// Path returns the JSON Pointer of the failing value.
func (e *Error) Path() string {
	if len(e.segs) == 0 {
		return e.Pointer
	}
	var b strings.Builder
	for i := len(e.segs) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(escapePointer(e.segs[i]))
	}
	b.WriteString(e.Pointer)
	e.Pointer = b.String()
	e.segs = nil
	return e.Pointer
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// AtKey prefixes the pointer of err with an object key. Errors of other
// types pass through unchanged. It costs nothing on the success path.
func AtKey(err error, key string) error {
	if e, ok := err.(*Error); ok {
		e.segs = append(e.segs, key)
	}
	return err
}

// AtIndex prefixes the pointer of err with an array index.
func AtIndex(err error, i int) error {
	if e, ok := err.(*Error); ok {
		e.segs = append(e.segs, strconv.Itoa(i))
	}
	return err
}

// newError builds an error for a value at offset off.
func newError(off int, keyword, msg string) *Error {
	return &Error{Keyword: keyword, Offset: off, Msg: msg}
}

// Fail returns an *Error for keyword at offset off (use -1 for values that
// were not decoded from bytes), for code that checks more than the schema
// says and wants its errors to read like the decoder's.
func Fail(off int, keyword, msg string) error {
	return newError(off, keyword, msg)
}
