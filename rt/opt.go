package rt

import (
	"bytes"
	"encoding/json"
)

// Opt holds an optional value: Set is false when the property was absent.
//
// Generated decoders and encoders read and write Opt fields themselves. Opt
// also implements encoding/json's interfaces, so that a generated type can
// sit inside a struct of your own that encoding/json (or encoding/json/v2)
// marshals: it encodes as its value, and a field tagged `json:",omitzero"`
// is left out while unset. An unset Opt in a field without omitzero
// encodes as null, the nearest JSON has to "absent".
type Opt[T any] struct {
	V   T
	Set bool
}

// Some returns a present optional value.
func Some[T any](v T) Opt[T] { return Opt[T]{V: v, Set: true} }

// None returns an absent optional value.
func None[T any]() Opt[T] { return Opt[T]{} }

// Get returns the value and whether it is present.
func (o Opt[T]) Get() (T, bool) { return o.V, o.Set }

// Or returns the value when it is present, else def.
func (o Opt[T]) Or(def T) T {
	if o.Set {
		return o.V
	}
	return def
}

// Ptr returns a pointer to a copy of the value when it is present, else
// nil: the form of an optional value that encoding/json and many APIs use.
func (o Opt[T]) Ptr() *T {
	if !o.Set {
		return nil
	}
	v := o.V
	return &v
}

// OptFromPtr is the optional value p points to: absent when p is nil.
func OptFromPtr[T any](p *T) Opt[T] {
	if p == nil {
		return Opt[T]{}
	}
	return Some(*p)
}

// IsZero reports whether the value is absent; encoding/json's omitzero
// option calls it.
func (o Opt[T]) IsZero() bool { return !o.Set }

// MarshalJSON encodes the value as encoding/json encodes a T (through T's
// own MarshalJSON where it has one), or null when it is absent.
func (o Opt[T]) MarshalJSON() ([]byte, error) {
	if !o.Set {
		return []byte("null"), nil
	}
	return json.Marshal(&o.V)
}

// UnmarshalJSON decodes a present value. A JSON null leaves an Opt of a
// type that takes no null unset, as encoding/json leaves other fields
// alone on null; where T decodes null itself (a Nullable, a Raw or
// another json.Unmarshaler), the value is present and T decides.
func (o *Opt[T]) UnmarshalJSON(b []byte) error {
	if isNull(b) {
		if _, ok := any(&o.V).(json.Unmarshaler); !ok {
			return nil
		}
	}
	if err := json.Unmarshal(b, &o.V); err != nil {
		return err
	}
	o.Set = true
	return nil
}

// Nullable holds a value that may be JSON null: Valid is false for null.
//
// Like Opt, it implements encoding/json's interfaces for use in structs of
// your own: it encodes as its value, or null when it is not Valid.
type Nullable[T any] struct {
	V     T
	Valid bool
}

// Value returns a non-null value.
func Value[T any](v T) Nullable[T] { return Nullable[T]{V: v, Valid: true} }

// NullOf returns the null value of a Nullable[T]. (rt.Null is the JSON
// kind.)
func NullOf[T any]() Nullable[T] { return Nullable[T]{} }

// IsNull reports whether the value is null.
func (n Nullable[T]) IsNull() bool { return !n.Valid }

// Get returns the value and whether it is not null.
func (n Nullable[T]) Get() (T, bool) { return n.V, n.Valid }

// Or returns the value when it is not null, else def.
func (n Nullable[T]) Or(def T) T {
	if n.Valid {
		return n.V
	}
	return def
}

// Ptr returns a pointer to a copy of the value, or nil for null.
func (n Nullable[T]) Ptr() *T {
	if !n.Valid {
		return nil
	}
	v := n.V
	return &v
}

// MarshalJSON encodes the value as encoding/json encodes a T, or null.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(&n.V)
}

// UnmarshalJSON decodes null as not Valid (and V as T's zero value), and
// any other value as a Valid T.
func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	if isNull(b) {
		var zero T
		n.V, n.Valid = zero, false
		return nil
	}
	if err := json.Unmarshal(b, &n.V); err != nil {
		return err
	}
	n.Valid = true
	return nil
}

// Raw is a JSON value kept byte-exact as it was read.
//
// It behaves like encoding/json's RawMessage inside structs of your own:
// it encodes as the JSON text it holds (null when empty), not as base64,
// and decodes by keeping a copy of the value's text.
type Raw []byte

// MarshalJSON returns the JSON text, or null for an empty Raw.
func (r Raw) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps a copy of b.
func (r *Raw) UnmarshalJSON(b []byte) error {
	*r = append((*r)[:0], b...)
	return nil
}

// isNull reports whether b, a JSON value as encoding/json hands it to an
// Unmarshaler, is null.
func isNull(b []byte) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }

// NullValue is the Go type of a value that can only be JSON null (a schema of
// {"type": "null"}): it holds nothing, and it encodes as null. An optional
// member of that schema is an Opt[NullValue], which says whether it is there.
type NullValue struct{}

// MarshalJSON encodes null.
func (NullValue) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// UnmarshalJSON accepts null alone.
func (*NullValue) UnmarshalJSON(b []byte) error {
	if !isNull(b) {
		return &Error{Keyword: "type", Offset: -1, Msg: "want null"}
	}
	return nil
}
