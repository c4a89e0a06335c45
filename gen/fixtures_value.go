package gen

import (
	"strconv"
	"unicode/utf8"

	"github.com/zeroproject/zero/rt"
)

// jval is a JSON value built for a fixture. Objects keep their members in
// order and may hold a key twice (for duplicate-key fixtures); numbers keep
// their literal text.
type jval struct {
	kind    rt.Kind
	lit     string // literal text of null, booleans and numbers; the string itself for strings
	members []jmember
	items   []*jval
}

type jmember struct {
	key string
	val *jval
}

func jnull() *jval            { return &jval{kind: rt.Null, lit: "null"} }
func jbool(b bool) *jval      { return &jval{kind: rt.Bool, lit: strconv.FormatBool(b)} }
func jnum(lit string) *jval   { return &jval{kind: rt.Number, lit: lit} }
func jstr(s string) *jval     { return &jval{kind: rt.String, lit: s} }
func jobj(m ...jmember) *jval { return &jval{kind: rt.Object, members: m} }
func jarr(items ...*jval) *jval {
	return &jval{kind: rt.Array, items: items}
}

// fromRaw converts a parsed schema value (an example, a default) keeping
// member order and number literals.
func fromRaw(n *rawNode) *jval {
	switch n.kind {
	case rt.Object:
		v := jobj()
		for _, m := range n.members {
			v.members = append(v.members, jmember{m.key, fromRaw(m.val)})
		}
		return v
	case rt.Array:
		v := jarr()
		for _, it := range n.items {
			v.items = append(v.items, fromRaw(it))
		}
		return v
	case rt.String:
		return jstr(n.str)
	case rt.Number:
		return jnum(n.text)
	case rt.Bool:
		return jbool(n.text == "true")
	}
	return jnull()
}

// bytes is the compact JSON text of v.
func (v *jval) bytes() []byte { return v.appendTo(nil) }

func (v *jval) appendTo(b []byte) []byte {
	switch v.kind {
	case rt.String:
		return rt.AppendString(b, v.lit)
	case rt.Object:
		b = append(b, '{')
		for i, m := range v.members {
			if i > 0 {
				b = append(b, ',')
			}
			b = rt.AppendString(b, m.key)
			b = append(b, ':')
			b = m.val.appendTo(b)
		}
		return append(b, '}')
	case rt.Array:
		b = append(b, '[')
		for i, it := range v.items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.appendTo(b)
		}
		return append(b, ']')
	}
	return append(b, v.lit...)
}

// get returns the first member named key, or nil.
func (v *jval) get(key string) *jval {
	for _, m := range v.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// clone copies v one level deep: members and items are new slices holding
// the same children, so a caller can replace or drop one of them.
func (v *jval) clone() *jval {
	c := *v
	c.members = append([]jmember(nil), v.members...)
	c.items = append([]*jval(nil), v.items...)
	return &c
}

// site is the position of a value inside a fixture document: the path of
// member or item indexes from the root, and its JSON Pointer.
type site struct {
	path []int
	ptr  string
}

func (s site) member(i int, key string) site {
	return site{path: append(append([]int(nil), s.path...), i), ptr: s.ptr + "/" + pointerEscape(key)}
}

func (s site) item(i int) site {
	return site{path: append(append([]int(nil), s.path...), i), ptr: s.ptr + "/" + strconv.Itoa(i)}
}

// replaceAt returns a copy of root in which the value at path is replaced
// by f(old); root itself is not changed.
func replaceAt(root *jval, path []int, f func(old *jval) *jval) *jval {
	if len(path) == 0 {
		return f(root)
	}
	c := root.clone()
	i := path[0]
	if c.kind == rt.Object {
		c.members[i].val = replaceAt(c.members[i].val, path[1:], f)
	} else {
		c.items[i] = replaceAt(c.items[i], path[1:], f)
	}
	return c
}

// describe shortens a value's JSON text for case names.
func describe(v *jval) string {
	s := string(v.bytes())
	if utf8.RuneCountInString(s) > 40 {
		s = prefixRunes(s, 37) + "..."
	}
	return s
}
