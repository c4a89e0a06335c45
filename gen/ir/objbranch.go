package ir

import (
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// objectOnly are the keywords a branch of objectBranches may hold: each
// says something of objects only.
var objectOnly = map[string]bool{
	"properties": true, "patternProperties": true, "additionalProperties": true, "required": true,
}

// objectBranches types a oneOf or anyOf (keyword, its branches list) whose
// branches name no type but sit under a schema that says "type": "object"
// and, maybe, required members for every branch: OpenAPI 2.0's
// nonBodyParameter, {"type": "object", "required": ["name", "in",
// "type"], "oneOf": [header, formData, query, path]}, each branch a $defs
// entry of properties with additionalProperties false. Alone, such a
// branch admits any value that is not an object, so its own Go type is
// rt.Raw; under this schema every value is an object, so each branch is
// held by a struct of its properties, with the members this schema
// requires required in it. The union is then told apart by matching, as
// keyedUnion's: JSON Schema decides the verdict and the variant, and a
// value decoded into a variant has the members this schema requires,
// since each variant requires them. A branch that is not only object
// keywords (properties, patternProperties, additionalProperties,
// required), or that does not declare a member this schema requires,
// keeps the interpreter.
func (b *builder) objectBranches(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value, keyword string, list []*jsonschema.Schema) (bool, error) {
	if len(s.Types) != 1 || s.Types[0] != "object" || len(list) < 2 {
		return false, nil
	}
	for k := range keys {
		if k != keyword && k != "type" && k != "required" {
			return false, nil
		}
	}
	var variants []*Type
	for _, br := range list {
		target := br
		bk, _ := b.constraintKeys(target)
		for {
			to := refOnly(target, bk)
			if to == nil {
				break
			}
			target = to
			bk, _ = b.constraintKeys(target)
		}
		if len(target.Types) != 0 || len(bk) == 0 {
			return false, nil // a typed branch is a struct already (union), or none
		}
		for k := range bk {
			if !objectOnly[k] {
				return false, nil
			}
		}
		vt := &Type{Loc: target.Location, Schema: target, Doc: target.Description, Deprecated: target.Deprecated}
		ok, err := b.object(target, vt, bk)
		if err != nil || !ok || vt.Kind != KStruct {
			return false, err
		}
		for _, r := range s.Required {
			i := slices.IndexFunc(vt.Fields, func(f *Field) bool { return f.JSON == r })
			if i < 0 || vt.Fields[i].Default != "" {
				return false, nil
			}
			vt.Fields[i].Required = true
		}
		variants = append(variants, vt)
	}
	return b.keyedUnion(s, t, keyword, list, variants)
}
