package ir

import (
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// tuple types an array whose items apply by position, {"type": "array",
// "prefixItems": [{"type": "number"}, {"type": "string"}], "items":
// false}, as a struct with one field per position, V0, V1..., each of its
// position's type; the positions minItems covers are required, the others
// rt.Opt (a value sets them in order). Items past the positions are
// refused when items (additionalItems before 2020-12) is false, and held
// otherwise in the field Rest, a slice of the items' type (rt.Raw without
// an items schema). minItems and maxItems count every item. A tuple with
// uniqueItems keeps the interpreter (the rest checks it, see
// shapeWithRest).
func (b *builder) tuple(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if s.UniqueItems {
		return false, nil
	}
	norm := b.l.Node(s).Norm
	t.Kind = KTuple
	for i, ps := range norm.Prefix {
		pt, err := b.typeOf(ps)
		if err != nil {
			return false, err
		}
		n := strconv.Itoa(i)
		t.Fields = append(t.Fields, &Field{JSON: n, Go: "V" + n, Type: pt, Required: i < s.MinItems, Doc: ps.Description})
	}
	switch items := norm.Items; {
	case items != nil && items.Always != nil && !*items.Always:
		t.Closed = "items"
		if keys["prefixItems"] == nil {
			t.Closed = "additionalItems" // items as an array, before 2020-12
		}
	case items != nil:
		e, err := b.typeOf(items)
		if err != nil {
			return false, err
		}
		t.Elem = e
	default:
		t.Elem = &Type{Kind: KRaw, Loc: s.Location}
	}
	if s.MinItems > 0 || s.MaxItems >= 0 {
		t.ArrSize = &Size{Min: max(s.MinItems, 0), Max: s.MaxItems}
	}
	return true, nil
}
