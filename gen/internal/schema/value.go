package schema

import (
	"strconv"
	"strings"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/keyset"
)

// Value is a JSON value with its object members in document order. It is
// both what schema files parse into and what the fixture generator builds
// documents from: an object may hold a key twice (for duplicate-key
// fixtures) and numbers keep their literal text.
type Value struct {
	Kind    rt.Kind
	Members []Member // objects
	Items   []*Value // arrays
	// Text is the value's JSON text: as written in the file for a parsed
	// value, as rt writes it for a built scalar, and empty for a built
	// object or array.
	Text string
	Str  string // the decoded string of a string
}

// Member is one member of an object.
type Member struct {
	Key string
	Val *Value
}

// Null, Bool, Number, String, Object and Array build values.
func Null() *Value             { return &Value{Kind: rt.Null, Text: "null"} }
func Bool(b bool) *Value       { return &Value{Kind: rt.Bool, Text: strconv.FormatBool(b)} }
func Number(lit string) *Value { return &Value{Kind: rt.Number, Text: lit} }
func String(s string) *Value {
	return &Value{Kind: rt.String, Str: s, Text: string(rt.AppendString(nil, s))}
}
func Object(members ...Member) *Value { return &Value{Kind: rt.Object, Members: members} }
func Array(items ...*Value) *Value    { return &Value{Kind: rt.Array, Items: items} }

// Parse parses one JSON document, refusing duplicate keys.
func Parse(data []byte) (*Value, error) {
	d := rt.NewDecoder(data)
	n, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	return n, d.End()
}

func parseValue(d *rt.Decoder) (*Value, error) {
	k := d.Next()
	start := d.Offset()
	n := &Value{Kind: k}
	var err error
	switch k {
	case rt.Object:
		err = parseObject(d, n)
	case rt.Array:
		err = parseArray(d, n)
	case rt.String:
		n.Str, err = d.Str()
	default:
		_, err = d.RawString()
	}
	if err != nil {
		return nil, err
	}
	n.Text = d.Span(start)
	return n, nil
}

func parseObject(d *rt.Decoder, n *Value) error {
	if err := d.ObjStart(); err != nil {
		return err
	}
	var seen keyset.Set
	for i := 0; ; i++ {
		k, ok, err := d.ObjKey(i)
		if err != nil || !ok {
			return err
		}
		if !seen.Add(k) {
			return d.DuplicateKey(k)
		}
		v, err := parseValue(d)
		if err != nil {
			return rt.AtKey(err, k)
		}
		n.Members = append(n.Members, Member{k, v})
	}
}

func parseArray(d *rt.Decoder, n *Value) error {
	if err := d.ArrStart(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		ok, err := d.ArrNext(i)
		if err != nil || !ok {
			return err
		}
		v, err := parseValue(d)
		if err != nil {
			return rt.AtIndex(err, i)
		}
		n.Items = append(n.Items, v)
	}
}

// Get returns the first member named key, or nil.
func (n *Value) Get(key string) *Value {
	if n == nil {
		return nil
	}
	for _, m := range n.Members {
		if m.Key == key {
			return m.Val
		}
	}
	return nil
}

// Lit is the string of a string and the literal text of any other scalar.
func (n *Value) Lit() string {
	if n.Kind == rt.String {
		return n.Str
	}
	return n.Text
}

// Canonical is n's canonical JSON text (rtimpl.Canonical), or its text as
// written when it has none.
func (n *Value) Canonical() string {
	text, err := rtimpl.Canonical(n.Text)
	if err != nil {
		return n.Text
	}
	return text
}

// Lookup follows a JSON Pointer ("" or "/a/0/b").
func (n *Value) Lookup(ptr string) *Value {
	if ptr == "" {
		return n
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n.Kind {
		case rt.Object:
			n = n.Get(tok)
		case rt.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.Items) {
				return nil
			}
			n = n.Items[i]
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

// Copy is a deep copy of n, for a caller that builds documents from a
// parsed value (an example, a default).
func (n *Value) Copy() *Value {
	switch n.Kind {
	case rt.Object:
		v := Object()
		for _, m := range n.Members {
			v.Members = append(v.Members, Member{m.Key, m.Val.Copy()})
		}
		return v
	case rt.Array:
		v := Array()
		for _, it := range n.Items {
			v.Items = append(v.Items, it.Copy())
		}
		return v
	case rt.String:
		return String(n.Str)
	case rt.Number:
		return Number(n.Text)
	case rt.Bool:
		return Bool(n.Text == "true")
	}
	return Null()
}

// Clone copies n one level deep: members and items are new slices holding
// the same children, so a caller can replace or drop one of them.
func (n *Value) Clone() *Value {
	c := *n
	c.Members = append([]Member(nil), n.Members...)
	c.Items = append([]*Value(nil), n.Items...)
	return &c
}

// Bytes is the compact JSON text of n, strings written the way rt writes
// them.
func (n *Value) Bytes() []byte { return n.AppendTo(nil) }

// AppendTo appends the compact JSON text of n to b.
func (n *Value) AppendTo(b []byte) []byte {
	switch n.Kind {
	case rt.String:
		return rt.AppendString(b, n.Str)
	case rt.Object:
		b = append(b, '{')
		for i, m := range n.Members {
			if i > 0 {
				b = append(b, ',')
			}
			b = rt.AppendString(b, m.Key)
			b = append(b, ':')
			b = m.Val.AppendTo(b)
		}
		return append(b, '}')
	case rt.Array:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.AppendTo(b)
		}
		return append(b, ']')
	}
	return append(b, n.Text...)
}
