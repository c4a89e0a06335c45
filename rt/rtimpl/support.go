package rtimpl

import (
	"strconv"
	"unsafe"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// False is the schema false: no value is valid.
var False = &Node{Never: true}

// True is the schema true: every value is valid.
var True = &Node{}

// DecodeRaw reads one value, validates it against n (any value when n is
// nil) and returns its bytes, shared with the decoder's own copy of the
// input when it has one (see rt.Decoder.RawShared).
func DecodeRaw(d *rt.Decoder, n *Node) (rt.Raw, error) {
	start := d.Start()
	var err error
	if n == nil {
		err = d.Skip()
	} else {
		err = n.validate(d, 0, nil)
	}
	if err != nil {
		return nil, err
	}
	return d.SpanRaw(start), nil
}

// ReuseVariant returns the *T that old, the value a union held before,
// holds (so that a decode into it reuses its memory), else a new T.
func ReuseVariant[T any](old any) *T {
	v, _ := old.(*T)
	if v == nil {
		v = new(T)
	}
	return v
}

// CheckRaw validates an rt.Raw value built in Go: it must be one JSON value.
func CheckRaw(r rt.Raw) error {
	if len(r) == 0 {
		return rt.Fail(-1, "type", "missing value")
	}
	var d rt.Decoder
	d.ResetString(view(r))
	if err := d.Skip(); err != nil {
		return err
	}
	return d.End()
}

// ExpectConst reads one value and checks that it equals the const whose
// canonical text is canon. When the schema also names types, a value of
// another type fails at "type", as validators report it.
func ExpectConst(d *rt.Decoder, canon string, types TypeSet) error {
	if d.SkipKnown() || d.ConsumeString(canon) {
		return nil
	}
	off := d.Start()
	k := d.Next()
	raw, err := d.RawString()
	if err != nil {
		return err
	}
	if raw == canon {
		return nil
	}
	if types != 0 && !types.admitsKind(k, raw) {
		return rt.Fail(off, "type", "got "+k.String()+", want "+types.String())
	}
	got, err := Canonical(raw)
	if err != nil {
		return err
	}
	if got != canon {
		return constMismatch(off, canon)
	}
	return nil
}

// PeekString finds the string value of key in the object at the cursor
// without consuming anything: the discriminator of a union. The value is
// recorded as known (rt.Decoder.Known): the union's caller checks it
// against the variants' consts, so the variant's ExpectConst steps over it
// instead of reading it a second time.
func PeekString(d *rt.Decoder, key string, want string) (string, error) {
	m := d.Mark()
	s, at, err := peekString(d, key, want)
	end := d.Offset()
	d.Rewind(m)
	if err == nil {
		d.Known(at, end)
	}
	return s, err
}

func peekString(d *rt.Decoder, key string, want string) (s string, at int, err error) {
	off := d.Start()
	if err := d.ObjStart(); err != nil {
		return "", 0, err
	}
	for n := 0; ; n++ {
		k, ok, err := d.ObjKey(n)
		if err != nil {
			return "", 0, err
		}
		if !ok {
			return "", 0, Missing(off, key)
		}
		if k != key {
			if err := d.Skip(); err != nil {
				return "", 0, err
			}
			continue
		}
		voff := d.Start()
		if d.Next() != rt.String {
			if err := d.Skip(); err != nil {
				return "", 0, err
			}
			return "", 0, rt.AtKey(rt.Fail(voff, "const", "want one of "+want), key)
		}
		s, err := d.Str()
		return s, voff, err
	}
}

// LeadString reads the discriminator key of a union from the object at
// the cursor. When key is the object's first member and its value a
// string, as in the documents Zero and most peers write, it reads that one
// member and leaves the cursor after it, inside the object: led is true,
// and the variant the tag names goes on from the second member (its
// decodeMembers) instead of reading the object's start and the tag again.
// Otherwise it looks ahead like PeekString and leaves the cursor where it
// was, with the same errors.
func LeadString(d *rt.Decoder, key string, want string) (tag string, led bool, err error) {
	m := d.Mark()
	if d.Next() == rt.Object && d.ObjStart() == nil {
		k, more, err := d.ObjKey(0)
		if err == nil && more && k == key && d.Next() == rt.String {
			if s, err := d.Str(); err == nil {
				return s, true, nil
			}
		}
		d.Rewind(m)
	}
	tag, err = PeekString(d, key, want)
	return tag, false, err
}

// BadDiscriminator reports a union discriminator with an unknown value in
// the object at offset off.
func BadDiscriminator(off int, key, got, want string) error {
	return rt.AtKey(rt.Fail(off, "const", "got "+strconv.Quote(msg.Clip(got))+", want one of "+want), key)
}

// Text appends a free-text string through the encoder's hook and checks
// the length rule on what the hook returned.
func Text(e *rt.Encoder, key, s string, r *StrRule) error {
	if e.Hook == nil {
		e.Str(s)
		return nil
	}
	// Validate checked s (or left its UTF-8 to Hooked); only what the hook
	// made of it is new.
	h := e.Hooked(key, s)
	if err := r.Check(h, -1); err != nil {
		return err
	}
	e.Buf = rt.AppendString(e.Buf, h)
	return nil
}

// Unique checks that no two items of a slice of comparable values are equal.
func Unique[T comparable](items []T, off int) error {
	for i := 1; i < len(items); i++ {
		for j := 0; j < i; j++ {
			if items[i] == items[j] {
				return rt.Fail(off, "uniqueItems", "items "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" are equal")
			}
		}
	}
	return nil
}

// NoValue reports a union wrapper that holds no variant.
func NoValue() error { return rt.Fail(-1, "oneOf", "the union holds no value") }

// NilVariant is the error of a union holding a nil pointer to its variant
// name: it holds no value either.
func NilVariant(name string) error {
	return rt.Fail(-1, "oneOf", "the union holds a nil *"+name+", which is no value")
}

// CheckFinite refuses NaN and infinities, which JSON cannot represent.
func CheckFinite(f float64) error {
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		return rt.Fail(-1, "type", "NaN and infinities are not JSON numbers")
	}
	return nil
}

// view returns r as a string without copying. Callers only read it for
// the duration of one call and never let it outlive r or see r change.
func view(r rt.Raw) string {
	if len(r) == 0 {
		return ""
	}
	return unsafe.String(&r[0], len(r))
}

// admitsKind reports whether a value of kind k (text raw) has one of the types.
func (t TypeSet) admitsKind(k rt.Kind, raw string) bool {
	switch k {
	case rt.Null:
		return t&TNull != 0
	case rt.Bool:
		return t&TBool != 0
	case rt.Object:
		return t&TObject != 0
	case rt.Array:
		return t&TArray != 0
	case rt.String:
		return t&TString != 0
	case rt.Number:
		if t&TNumber != 0 {
			return true
		}
		if t&TInteger != 0 {
			dec, ok := jsonnum.Parse(raw)
			return ok && dec.IsInt()
		}
	}
	return false
}

// CheckUTF8 refuses a Go string that is not valid UTF-8: it has no JSON
// text, and encoding it would silently replace the bad bytes with U+FFFD.
func CheckUTF8(s string) error {
	if i := rt.InvalidUTF8(s); i >= 0 {
		return rt.Fail(-1, "type", "the string is not valid UTF-8 (byte "+strconv.Itoa(i)+"), so it is no JSON string")
	}
	return nil
}

// UTF8 says who checks that the strings and map keys of a value are valid
// UTF-8: its validator, or the encoder that writes the value right after
// it. The generated validators take it as a parameter.
type UTF8 bool

const (
	// InValidate: the validator checks each string (Validate).
	InValidate UTF8 = true
	// InEncoder: the validator leaves strings to the encoder (EncodeJSON),
	// which finds invalid UTF-8 in the pass that escapes each string and
	// counts it (rt.Encoder.InvalidStrings); EncodeJSON then falls back on
	// Validate for the error and its pointer. Only the strings the encoder
	// then writes with Key, Str or Text are left to it.
	InEncoder UTF8 = false
)

// EncodeFailed ends a generated EncodeJSON whose writing failed with err
// or met a string with invalid UTF-8 that its validator left to the
// encoder (err nil). verr is what the value's Validate returns: as
// EncodeJSON refuses what Validate refuses before writing anything, verr
// comes first, then err. On error e.Buf is cut back to n, its length
// before the value; without one (invalid UTF-8 that Validate does not
// check, in a string of a user's type) what was written stays, with
// U+FFFD for the bytes at fault.
func EncodeFailed(e *rt.Encoder, n int, verr, err error) error {
	if verr != nil {
		err = verr
	}
	if err != nil {
		e.Buf = e.Buf[:n]
	}
	return err
}

// Check refuses s when it is not valid UTF-8 and u says the validator
// checks it.
func (u UTF8) Check(s string) error {
	if u {
		return CheckUTF8(s)
	}
	return nil
}
