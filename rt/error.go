package rt

import (
	"strconv"
	"unsafe"
)

// Error is the single error type of generated decoders, encoders and
// validators. Its message places the failing value by its JSON Pointer and,
// where the pointer cannot (a fault at the root value, or in the JSON text
// itself), by its byte offset:
//
//	/args/path: minLength: got 0 characters, want at least 1
//	type: got array, want object at offset 0
//	/content: syntax: invalid UTF-8 in string at offset 49
type Error struct {
	// Pointer is the JSON Pointer (RFC 6901) of the failing value; "" is the
	// root. It is complete whenever an error is returned.
	Pointer string
	// Keyword is the schema keyword that failed ("type", "required", ...), or
	// "syntax", "depth", "duplicate" for failures of the input itself.
	Keyword string
	// Offset is the byte offset of the failing value in the input, or -1 when
	// the value was not decoded from bytes (Validate on a Go value).
	Offset int
	// Msg says what is wrong, without saying where.
	Msg string
	// Causes are, in the all-errors mode only, why the branches of an
	// applicator that no branch satisfied failed: for anyOf and oneOf
	// every branch's errors, for contains every item's. The errors of a
	// cause are placed like any other (their Pointer is from the root).
	Causes []*Error
	// SchemaLoc is, in the all-errors mode only, where the failing keyword
	// is: the schema file and the JSON Pointer of the keyword
	// ("order.json#/$defs/item/properties/sku/minLength"; a false schema
	// is its own location). It is empty where the schema is not known.
	SchemaLoc string

	// beyond marks a refusal of a number beyond what the decoder holds
	// exactly (see IsRange).
	beyond bool

	// buf holds Pointer right-aligned: each enclosing key or index is
	// written in front of it, so a pointer built level by level costs
	// linear time however deep the value sits, and every Pointer handed
	// out stays valid (bytes behind its start are never written again).
	buf []byte
}

// Error implements the error interface.
func (e *Error) Error() string {
	n := len(e.Pointer) + len(e.Keyword) + len(e.Msg) + 4
	if e.showOffset() {
		n += len(" at offset ") + 10
	}
	b := make([]byte, 0, n)
	if e.Pointer != "" {
		b = append(b, e.Pointer...)
		b = append(b, ": "...)
	}
	b = append(b, e.Keyword...)
	b = append(b, ": "...)
	b = append(b, e.Msg...)
	if e.showOffset() {
		b = append(b, " at offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	}
	return string(b)
}

// showOffset reports whether the message gives the offset: when the value
// was decoded from bytes and its pointer does not place the fault, which is
// so at the root and for faults of the JSON text itself.
func (e *Error) showOffset() bool {
	return e.Offset >= 0 && (e.Pointer == "" || e.Keyword == "syntax")
}

// AtKey prefixes the pointer of err with an object key. Errors of other
// types pass through unchanged. It costs nothing on the success path.
func AtKey(err error, key string) error {
	if e, ok := err.(*Error); ok {
		e.prefix(key)
	}
	return err
}

// AtIndex prefixes the pointer of err with an array index.
func AtIndex(err error, i int) error {
	if e, ok := err.(*Error); ok {
		e.prefix(strconv.Itoa(i))
	}
	return err
}

// prefix writes "/" and the escaped segment seg in front of the pointer.
func (e *Error) prefix(seg string) {
	n := 1 + len(seg)
	for i := 0; i < len(seg); i++ {
		if seg[i] == '~' || seg[i] == '/' {
			n++
		}
	}
	start := len(e.buf) - len(e.Pointer)
	if start < n || !e.owns() {
		e.grow(n)
		start = len(e.buf) - len(e.Pointer)
	}
	at := start - n
	w := at
	e.buf[w] = '/'
	w++
	for i := 0; i < len(seg); i++ {
		switch c := seg[i]; c {
		case '~':
			e.buf[w], e.buf[w+1] = '~', '0'
			w += 2
		case '/':
			e.buf[w], e.buf[w+1] = '~', '1'
			w += 2
		default:
			e.buf[w] = c
			w++
		}
	}
	e.Pointer = unsafe.String(&e.buf[at], len(e.buf)-at)
}

// owns reports whether Pointer is the tail of buf (and not a string a
// caller assigned).
func (e *Error) owns() bool {
	if e.Pointer == "" {
		return true
	}
	return len(e.Pointer) <= len(e.buf) && unsafe.StringData(e.Pointer) == &e.buf[len(e.buf)-len(e.Pointer)]
}

// grow moves the pointer into a new buffer with room for at least n more
// bytes in front of it, doubling so that prefixing stays linear.
func (e *Error) grow(n int) {
	size := max(2*len(e.buf), len(e.Pointer)+n, 64)
	buf := make([]byte, size)
	copy(buf[size-len(e.Pointer):], e.Pointer)
	e.buf = buf
}

// newError builds an error for a value at offset off.
func newError(off int, keyword, msg string) *Error {
	return &Error{Keyword: keyword, Offset: off, Msg: msg}
}

// FailRange returns the "type" error of a number beyond what the decoder
// holds exactly: beyond int64 or float64, or with a decimal exponent beyond
// MaxExponent. It is a documented deviation, not a verdict on the value,
// which IsRange recognises.
func FailRange(off int, msg string) error {
	return &Error{Keyword: "type", Offset: off, Msg: msg, beyond: true}
}

// FailNoVerdict returns an error for a value that could not be judged: a
// pattern matched by the backtracking engine that ran out of time or
// stack. Like a number beyond the exact range, it is no verdict on the
// value, and IsRange recognises it.
func FailNoVerdict(off int, keyword, msg string) error {
	return &Error{Keyword: keyword, Offset: off, Msg: msg, beyond: true}
}

// IsRange reports whether err refuses a number beyond what the decoder
// holds exactly (a documented deviation), or is another refusal that is no
// verdict (FailNoVerdict): the value may well be valid, so
// code that tries alternatives (anyOf, oneOf, not, if, contains) must pass
// the refusal on rather than take it for a mismatch.
func IsRange(err error) bool {
	e, ok := err.(*Error)
	return ok && e.beyond
}

// Fail returns an *Error for keyword at offset off (use -1 for values that
// were not decoded from bytes), for code that checks more than the schema
// says and wants its errors to read like the decoder's.
func Fail(off int, keyword, msg string) error {
	return newError(off, keyword, msg)
}

// Errors is every violation of one document, as the all-errors decoders
// (UnmarshalJSONAll, generated with zerogen's --all-errors) report them: in
// document order (by offset; for one value, in the order its schema's
// keywords are checked). A nil Errors means the document is valid. It is a
// plain list, ready to become the body of a 422 answer; Error joins the
// messages, one per line.
type Errors []*Error

// Error implements the error interface: each error's message on a line of
// its own. Assign an Errors to an error variable only when it is not empty:
// a nil Errors in an error interface is not a nil error (see Err).
func (es Errors) Error() string {
	var b []byte
	for i, e := range es {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, e.Error()...)
	}
	return string(b)
}

// Err returns es as an error, or nil when es is empty.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}
