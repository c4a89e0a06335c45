package rtimpl

import (
	"errors"
	"net/netip"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
)

// FormatType reads, writes and checks the Go type zerogen --format-types
// gives a string of one format. A decoded string is checked by the format
// check first (the reference validator's verdict), then parsed; a written
// value's text is checked again, so that a Go value no valid string
// stands for (a year past 9999, an IPv4 address in an ipv6 field) fails
// at format instead of being written.
type FormatType[T any] struct {
	Format string
	check  func(string) bool
	parse  func(string) (T, bool)
	write  func([]byte, T) ([]byte, error)
}

// The codecs of the formats --format-types maps.
var (
	DateTimeType = &FormatType[time.Time]{"date-time", isDateTime, rt.ParseDateTime, rt.AppendDateTime}
	DateType     = &FormatType[rt.Date]{"date", isDate, rt.ParseDate, rt.AppendDate}
	TimeType     = &FormatType[rt.TimeOfDay]{"time", isTime, rt.ParseTimeOfDay, rt.AppendTimeOfDay}
	DurationType = &FormatType[rt.Duration]{"duration", isDuration, rt.ParseDuration,
		func(b []byte, d rt.Duration) ([]byte, error) { return append(b, d...), nil }}
	UUIDType = &FormatType[rt.UUID]{"uuid", isUUID, rt.ParseUUID,
		func(b []byte, u rt.UUID) ([]byte, error) { return rt.AppendUUID(b, u), nil }}
	IPv4Type = &FormatType[netip.Addr]{"ipv4", isIPV4, rt.ParseIPv4, appendIPv4}
	IPv6Type = &FormatType[netip.Addr]{"ipv6", isIPV6, rt.ParseIPv6, appendIPv6}
	URIType  = &FormatType[rt.URI]{"uri", isURI, rt.ParseURI,
		func(b []byte, u rt.URI) ([]byte, error) { return append(b, u...), nil }}
)

func appendIPv4(b []byte, a netip.Addr) ([]byte, error) {
	if !a.Is4() {
		return b, errors.New(addrName(a) + " is not an IPv4 address")
	}
	return a.AppendTo(b), nil
}

func appendIPv6(b []byte, a netip.Addr) ([]byte, error) {
	if !a.Is6() || a.Zone() != "" {
		return b, errors.New(addrName(a) + " is not an IPv6 address without a zone")
	}
	return a.AppendTo(b), nil
}

func addrName(a netip.Addr) string {
	if !a.IsValid() {
		return "the zero netip.Addr"
	}
	return a.String()
}

// Parse checks and parses s, the string at offset off.
func (f *FormatType[T]) Parse(s string, off int) (T, error) {
	var zero T
	if !f.check(s) {
		return zero, f.fail(s, off)
	}
	v, ok := f.parse(s)
	if !ok {
		return zero, rt.Fail(off, "format", strconv.Quote(msg.Clip(s))+" is a valid "+f.Format+" that the runtime cannot read")
	}
	return v, nil
}

func (f *FormatType[T]) fail(s string, off int) error {
	return rt.Fail(off, "format", strconv.Quote(msg.Clip(s))+" is not a valid "+f.Format)
}

// Decode reads one string, checks it against n (the schema's other
// keywords; nil when it has none) and parses it.
func (f *FormatType[T]) Decode(d *rt.Decoder, n *Node) (T, error) {
	var zero T
	off := d.Start()
	if n == nil {
		s, err := d.StrShared()
		if err != nil {
			return zero, err
		}
		return f.Parse(s, off)
	}
	raw, err := DecodeRaw(d, n)
	if err != nil {
		return zero, err
	}
	s, err := unquote(raw)
	if err != nil {
		return zero, err
	}
	return f.Parse(s, off)
}

// Check reports whether raw, one JSON string at offset off that the
// schema's other keywords accept, is of the format and readable as T: the
// all-errors walk's check of a value the type holds (Node.UserCheck).
func (f *FormatType[T]) Check(raw rt.Raw, off int) error {
	s, err := unquote(raw)
	if err != nil {
		return err
	}
	_, err = f.Parse(s, off)
	return err
}

// unquote is the text of raw, one JSON string already checked.
func unquote(raw rt.Raw) (string, error) {
	for _, c := range raw[1 : len(raw)-1] {
		if c == '\\' {
			var d rt.Decoder
			d.ResetString(view(raw))
			return d.Str()
		}
	}
	return view(raw[1 : len(raw)-1]), nil
}

// text appends the text of v to b, checked to be a valid string of the
// format.
func (f *FormatType[T]) text(b []byte, v T) ([]byte, error) {
	out, err := f.write(b, v)
	if err != nil {
		return b, rt.Fail(-1, "format", err.Error())
	}
	s := out[len(b):]
	if !f.check(unsafe.String(unsafe.SliceData(s), len(s))) {
		return b, f.fail(string(s), -1)
	}
	return out, nil
}

// Encode appends v as a JSON string, once its text is checked against the
// format and n (nil when the schema has no other keyword).
func (f *FormatType[T]) Encode(e *rt.Encoder, v *T, n *Node) error {
	start := len(e.Buf)
	b, err := f.text(append(e.Buf, '"'), *v)
	if err != nil {
		e.Buf = e.Buf[:start]
		return err
	}
	if plain(b[start+1:]) {
		b = append(b, '"')
	} else {
		s := string(b[start+1:])
		b = rt.AppendString(b[:start], s)
	}
	if n != nil {
		if err := n.ValidateRaw(rt.Raw(b[start:])); err != nil {
			e.Buf = b[:start]
			return err
		}
	}
	e.Buf = b
	return nil
}

// plain reports whether text is written in a JSON string as it is.
func plain(text []byte) bool {
	for _, c := range text {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// Validate reports whether v's text is a valid string of the format that
// satisfies n (nil when the schema has no other keyword).
func (f *FormatType[T]) Validate(v *T, n *Node) error {
	p := scratch.Get().(*[]byte)
	defer scratch.Put(p)
	b, err := f.text((*p)[:0], *v)
	*p = b
	if err != nil || n == nil {
		return err
	}
	return n.ValidateRaw(rt.Raw(rt.AppendString(nil, string(b))))
}

// scratch holds the buffers Validate writes a value's text to.
var scratch = sync.Pool{New: func() any { b := make([]byte, 0, 64); return &b }}
