package ir

import (
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// nullableOf recognises "X or null" written as a oneOf or anyOf of a
// schema X and {"type": "null"}, in either order: X's type, admitting
// null. Both keywords mean the same here since X's type does not admit
// null itself. When X's type is named, t becomes an alias of it (the same
// Go type, wrapped in rt.Nullable where it is used).
func (b *builder) nullableOf(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	list := s.OneOf
	if keys["anyOf"] != nil {
		list = s.AnyOf
	}
	if len(keys) != 1 || len(list) != 2 {
		return false, nil
	}
	other := list[0]
	switch {
	case b.onlyNull(list[1]):
	case b.onlyNull(list[0]):
		other = list[1]
	default:
		return false, nil
	}
	ot, err := b.typeOf(other)
	if err != nil || ot.Kind == KRaw || ot.Kind == KSum || ot.Nullable || ot.Wrapper {
		return false, err
	}
	t.Alias = ot
	t.fromAlias()
	return true, nil
}

// fromAlias copies the alias's type into t, keeping what t says of
// itself: null, its schema and position, and its description when it has
// one. Build calls it again once every type is complete, since X may
// still be under construction when t is first met (a cycle).
func (t *Type) fromAlias() {
	own := *t
	*t = *own.Alias
	t.Alias, t.Nullable, t.NullKeyword, t.Schema, t.Loc = own.Alias, true, "", own.Schema, own.Loc
	if own.Schema.Description != "" {
		t.Doc = own.Schema.Description
	}
	t.Deprecated = t.Deprecated || own.Schema.Deprecated
}

// onlyNull reports whether s is exactly {"type": "null"} (annotations
// aside).
func (b *builder) onlyNull(s *jsonschema.Schema) bool {
	keys, _ := b.constraintKeys(s)
	return len(keys) == 1 && keys["type"] != nil && len(s.Types) == 1 && s.Types[0] == "null"
}
