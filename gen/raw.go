package gen

import (
	"strconv"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// rawNode is a JSON value parsed with its object members in document order.
type rawNode struct {
	kind    rt.Kind
	members []member // objects
	items   []*rawNode
	text    string // the value's JSON text
	str     string // decoded string for strings
}

type member struct {
	key string
	val *rawNode
}

func parseRaw(data []byte) (*rawNode, error) {
	d := rt.NewDecoder(data)
	n, err := parseRawValue(d)
	if err != nil {
		return nil, err
	}
	return n, d.End()
}

func parseRawValue(d *rt.Decoder) (*rawNode, error) {
	k := d.Next()
	start := d.Offset()
	n := &rawNode{kind: k}
	var err error
	switch k {
	case rt.Object:
		err = parseRawObject(d, n)
	case rt.Array:
		err = parseRawArray(d, n)
	case rt.String:
		n.str, err = d.Str()
	default:
		_, err = d.RawString()
	}
	if err != nil {
		return nil, err
	}
	n.text = d.Span(start)
	return n, nil
}

func parseRawObject(d *rt.Decoder, n *rawNode) error {
	if err := d.ObjStart(); err != nil {
		return err
	}
	var seen rt.KeySet
	for i := 0; ; i++ {
		k, ok, err := d.ObjKey(i)
		if err != nil || !ok {
			return err
		}
		if !seen.Add(k) {
			return d.DuplicateKey(k)
		}
		v, err := parseRawValue(d)
		if err != nil {
			return rt.AtKey(err, k)
		}
		n.members = append(n.members, member{k, v})
	}
}

func parseRawArray(d *rt.Decoder, n *rawNode) error {
	if err := d.ArrStart(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		ok, err := d.ArrNext(i)
		if err != nil || !ok {
			return err
		}
		v, err := parseRawValue(d)
		if err != nil {
			return rt.AtIndex(err, i)
		}
		n.items = append(n.items, v)
	}
}

// get returns the member named key, or nil.
func (n *rawNode) get(key string) *rawNode {
	if n == nil {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// lookup follows a JSON Pointer ("" or "/a/0/b").
func (n *rawNode) lookup(ptr string) *rawNode {
	if ptr == "" {
		return n
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n.kind {
		case rt.Object:
			n = n.get(tok)
		case rt.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.items) {
				return nil
			}
			n = n.items[i]
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

func pointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
