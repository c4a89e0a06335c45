package ir

import (
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// keyedUnion types a oneOf or anyOf (keyword) of named object schemas
// that no property tells apart (no const tag, no discriminator), as
// written by hand when each kind of object has members of its own (MCP's
// resource contents: text or blob). It is a union told apart by
// matching, as a tagged union is (see taggedUnion): JSON Schema decides
// the verdict and the variant. The hint that replaces the tag is the
// variants' required members: the variant tried first is the one whose
// required members the value all has, the most of them (the first of
// equal ones). When two variants require the same members the hint
// cannot tell them apart and validation alone decides: a value both
// match is refused by oneOf and is the first by anyOf. Each variant must
// be a $defs entry the branch refers to, so that the Go types of the
// variants are the ones a reader knows (and an inline variant's title
// cannot take a $defs entry's name).
func (b *builder) keyedUnion(s *jsonschema.Schema, t *Type, keyword string, list []*jsonschema.Schema, variants []*Type) (bool, error) {
	if len(variants) < 2 {
		return false, nil
	}
	var keys [][]string
	for i, v := range variants {
		if b.l.Node(v.Schema).DefKey == "" || v.Schema == list[i] {
			return false, nil // not a $defs entry the branch refers to
		}
		var req []string
		for _, f := range v.Fields {
			if f.Required {
				req = append(req, f.JSON)
			}
		}
		slices.Sort(req)
		keys = append(keys, req)
	}
	ok, err := b.taggedUnion(s, t, keyword, "", variants)
	if ok {
		t.Keys, t.Tags = keys, nil // without a discriminator, schema names are no tags
	}
	return ok, err
}
