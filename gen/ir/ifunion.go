package ir

import (
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// ifUnion types a bare if/then/else (no other keyword beside it) whose
// then and else are both object shapes of distinct Go types, as OpenAPI
// 3.1 writes "a reference or a parameter": {"if": {"required": ["$ref"]},
// "then": {"$ref": "#/$defs/reference"}, "else": {"$ref":
// "#/$defs/parameter"}}. The if decides which branch applies, so a value
// is exactly one of two shapes: a union of two variants (then is the
// first, else the second), told apart by evaluating the if on the value
// (Match is "if"). A missing then or else admits any value: that branch
// has no Go shape but rt.Raw, so such a schema keeps the interpreter, as
// does one whose branches are not both objects.
func (b *builder) ifUnion(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	for k := range keys {
		if k != "if" && k != "then" && k != "else" {
			return false, nil
		}
	}
	if s.If == nil || s.Then == nil || s.Else == nil {
		return false, nil
	}
	var variants []*Type
	for _, br := range []*jsonschema.Schema{s.Then, s.Else} {
		vt, err := b.typeOf(br)
		if err != nil {
			return false, err
		}
		if vt.Kind != KStruct || vt.Nullable || vt.Alias != nil {
			return false, nil
		}
		variants = append(variants, vt)
	}
	if variants[0] == variants[1] {
		return false, nil // one Go type for both branches: the type switch could not tell them apart
	}
	n, err := b.nodeOf(s)
	if err != nil {
		return false, err
	}
	if n.If == nil || n.Then == nil || n.Else == nil {
		return false, nil
	}
	t.Kind, t.Variants, t.Match, t.Node = KUnion, variants, "if", n
	for _, v := range variants {
		v.Unions = append(v.Unions, t)
	}
	return true, nil
}
