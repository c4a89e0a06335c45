package schema

import (
	"github.com/zeroproject/zero/rt"
)

// openAPIAnnotations are the annotation keywords an OpenAPI 3.0 Schema
// Object has beyond draft-04's (its own, such as nullable and
// discriminator, are accepted in every dialect).
var openAPIAnnotations = map[string]bool{"readOnly": true, "writeOnly": true, "deprecated": true}

// openAPINullable reads an OpenAPI 3.0 Schema Object as the draft-04
// schema it means. OpenAPI 3.0.3 says that "nullable": true adds null to
// the types that "type" names in the same schema object, and does nothing
// without a "type" there; other keywords keep their meaning, so an enum
// admits null only when it lists it. Every schema object (not values of
// enum, const, default or examples, nor one beside $ref, whose siblings
// draft-04 ignores) with "nullable": true and a "type" gets "null" added to
// its type. The result is parsed again so that every value's Text is its
// JSON text; nothing else changes, and JSON Pointers stay the same.
func openAPINullable(raw *Value) *Value {
	out, changed := nullableSchema(raw)
	if !changed {
		return raw
	}
	again, err := Parse(out.Bytes())
	if err != nil {
		return raw // cannot happen: out is written from a parsed value
	}
	return again
}

// nullableSchema rewrites the schema v and its subschemas, copying only
// what changes.
func nullableSchema(v *Value) (*Value, bool) {
	if v == nil || v.Kind != rt.Object {
		return v, false
	}
	out, changed := v.Clone(), false
	for i, m := range out.Members {
		spec, ok := dialectKeyword(Draft4, m.Key)
		if !ok {
			continue
		}
		if sub, c := nullableSubschemas(m.Val, spec.sub); c {
			out.Members[i].Val, changed = sub, true
		}
	}
	if n := out.Get("nullable"); n == nil || n.Text != "true" || out.Get("$ref") != nil {
		return out, changed
	}
	for i, m := range out.Members {
		if m.Key != "type" {
			continue
		}
		switch m.Val.Kind {
		case rt.String:
			if m.Val.Str != "null" {
				out.Members[i].Val, changed = Array(m.Val, String("null")), true
			}
		case rt.Array:
			if !hasString(m.Val, "null") {
				out.Members[i].Val, changed = Array(append(append([]*Value(nil), m.Val.Items...), String("null"))...), true
			}
		}
	}
	return out, changed
}

// nullableSubschemas rewrites the subschemas a keyword's value holds.
func nullableSubschemas(v *Value, kind SubKind) (*Value, bool) {
	switch kind {
	case SubOne:
		return nullableSchema(v)
	case SubOneOrList, SubList:
		if v.Kind != rt.Array {
			return nullableSchema(v)
		}
		out, changed := v.Clone(), false
		for i, it := range out.Items {
			if sub, c := nullableSchema(it); c {
				out.Items[i], changed = sub, true
			}
		}
		return out, changed
	case SubMap, SubDeps:
		if v.Kind != rt.Object {
			return v, false
		}
		out, changed := v.Clone(), false
		for i, m := range out.Members {
			if sub, c := nullableSchema(m.Val); c {
				out.Members[i].Val, changed = sub, true
			}
		}
		return out, changed
	}
	return v, false
}

func hasString(arr *Value, s string) bool {
	for _, it := range arr.Items {
		if it.Kind == rt.String && it.Str == s {
			return true
		}
	}
	return false
}
