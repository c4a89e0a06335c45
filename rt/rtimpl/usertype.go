package rtimpl

import (
	"unicode/utf8"

	"github.com/zeroproject/zero/rt"
)

// The methods generated code calls on a user's own type (x-go-type): the
// method sets of encoding/json's Marshaler and Unmarshaler and encoding's
// TextMarshaler and TextUnmarshaler, named here so that package rtimpl
// does not import encoding/json.
type (
	jsonMarshaler   interface{ MarshalJSON() ([]byte, error) }
	jsonUnmarshaler interface{ UnmarshalJSON([]byte) error }
	textMarshaler   interface{ MarshalText() ([]byte, error) }
	textUnmarshaler interface{ UnmarshalText([]byte) error }
)

// UserTypeKeyword is the keyword errors of a user's type's marshalers are
// reported at.
const UserTypeKeyword = "x-go-type"

// UnmarshalJSONAt hands raw, one JSON value the schema's keywords were
// checked on, to v's UnmarshalJSON; its error is a failure at off.
func UnmarshalJSONAt(v jsonUnmarshaler, raw rt.Raw, off int) error {
	if err := v.UnmarshalJSON(raw); err != nil {
		return rt.Fail(off, UserTypeKeyword, err.Error())
	}
	return nil
}

// UnmarshalTextAt hands the text of raw, a JSON string, to v's
// UnmarshalText; its error is a failure at off.
func UnmarshalTextAt(v textUnmarshaler, raw rt.Raw, off int) error {
	var d rt.Decoder
	d.ResetString(view(raw))
	if d.Next() != rt.String {
		return rt.Fail(off, "type", "got "+d.Next().String()+", want string")
	}
	s, err := d.Str()
	if err != nil {
		return err
	}
	if err := v.UnmarshalText([]byte(s)); err != nil {
		return rt.Fail(off, UserTypeKeyword, err.Error())
	}
	return nil
}

// MarshalJSONTo appends what v's MarshalJSON writes, once it is checked to
// be one JSON value that satisfies n (any value when n is nil).
func MarshalJSONTo(e *rt.Encoder, _ string, v jsonMarshaler, n *Node) error {
	b, err := marshalJSON(v, n)
	if err != nil {
		return err
	}
	e.Buf = append(e.Buf, b...) // not free text: the string hook does not see it
	return nil
}

// MarshalTextTo appends the text v's MarshalText writes as a JSON string,
// once it is checked to satisfy n (any string when n is nil).
func MarshalTextTo(e *rt.Encoder, _ string, v textMarshaler, n *Node) error {
	b, err := marshalText(v, n)
	if err != nil {
		return err
	}
	e.Buf = append(e.Buf, b...)
	return nil
}

// ValidateJSON reports whether the JSON value v's MarshalJSON writes
// satisfies n.
func ValidateJSON(v jsonMarshaler, n *Node) error {
	_, err := marshalJSON(v, n)
	return err
}

// ValidateText reports whether the string v's MarshalText writes
// satisfies n.
func ValidateText(v textMarshaler, n *Node) error {
	_, err := marshalText(v, n)
	return err
}

func marshalJSON(v jsonMarshaler, n *Node) (rt.Raw, error) {
	b, err := v.MarshalJSON()
	if err != nil {
		return nil, rt.Fail(-1, UserTypeKeyword, err.Error())
	}
	r := rt.Raw(b)
	if err := CheckRaw(r); err != nil {
		return nil, rt.Fail(-1, UserTypeKeyword, "MarshalJSON wrote no single JSON value: "+err.Error())
	}
	if n != nil {
		if err := n.ValidateRaw(r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func marshalText(v textMarshaler, n *Node) (rt.Raw, error) {
	b, err := v.MarshalText()
	if err != nil {
		return nil, rt.Fail(-1, UserTypeKeyword, err.Error())
	}
	if !utf8.Valid(b) {
		return nil, rt.Fail(-1, UserTypeKeyword, "MarshalText wrote invalid UTF-8")
	}
	r := rt.Raw(rt.AppendString(nil, string(b)))
	if n != nil {
		if err := n.ValidateRaw(r); err != nil {
			return nil, err
		}
	}
	return r, nil
}
