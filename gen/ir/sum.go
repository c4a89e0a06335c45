package ir

import (
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
)

// Alt is one alternative of a sum type (KSum): the values of one JSON
// kind, held in the field Go of the sum's struct.
type Alt struct {
	Kind rt.Kind // rt.String, rt.Number, rt.Bool, rt.Object, rt.Array or rt.Null
	Go   string  // the field: String, Int, Number, Bool, Object, Array; "" for null
	Type *Type   // nil for null
	// Ctor is the Go name of the function that makes the sum hold this
	// alternative (RequestIDOfInt); see nameConstructors.
	Ctor string
}

// kindKeywords are the keywords that constrain values of one JSON kind
// only, so a schema of several types applies each to its own kind.
var kindKeywords = map[string]bool{
	"properties": true, "patternProperties": true, "required": true, "additionalProperties": true,
	"minProperties": true, "maxProperties": true, "minLength": true, "maxLength": true, "pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"items": true, "minItems": true, "maxItems": true, "uniqueItems": true,
}

// sumOfTypes types a schema of several types ("type": ["string",
// "integer"]) as a sum with one alternative per kind, each constrained by
// the keywords of its kind. "integer" beside "number" adds nothing.
func (b *builder) sumOfTypes(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	for k := range keys {
		if k != "type" && !kindKeywords[k] {
			return false, nil
		}
	}
	for _, typ := range s.Types {
		if typ == "integer" && slices.Contains(s.Types, "number") {
			continue
		}
		if typ == "null" {
			t.Alts = append(t.Alts, &Alt{Kind: rt.Null})
			continue
		}
		at := &Type{Loc: s.Location, Schema: s}
		var ok bool
		var err error
		switch typ {
		case "string":
			ok, err = b.str(s, at, nil)
		case "integer":
			ib, exact := intBounds(s)
			at.Kind, at.Int, ok = KInt, ib, exact
		case "number":
			at.Kind, at.Num, ok = KFloat, numBounds(s), true
		case "boolean":
			at.Kind, ok = KBool, true
		case "object":
			ok, err = b.object(s, at, keys)
		case "array":
			ok, err = b.array(s, at, keys)
		}
		if !ok || err != nil {
			return false, err
		}
		if !t.addAlt(at) {
			return false, nil
		}
	}
	t.Kind, t.SumKeyword = KSum, "type"
	return true, nil
}

// sumOf types an anyOf or oneOf whose branches are told apart by their
// JSON kind: at most one branch admits each kind, so a value matches the
// branch of its kind or none, and anyOf means what oneOf does. An integer
// branch beside a number branch overlaps (an integer matches both), so
// such a union keeps the interpreter.
func (b *builder) sumOf(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value, keyword string, list []*jsonschema.Schema) (ok bool, err error) {
	if len(keys) != 1 || len(list) < 2 {
		return false, nil
	}
	rest, u, err := b.objectUnion(s, keyword, list)
	if err != nil {
		return false, err
	}
	defer func() {
		if u != nil && !ok {
			u.unlink() // the sum is not typed: neither is its union
		}
	}()
	if u != nil && !t.addAlt(u) {
		return false, nil
	}
	for _, br := range rest {
		if b.onlyNull(br) {
			if !t.addAlt(nil) {
				return false, nil
			}
			continue
		}
		bt, err := b.typeOf(br)
		if err != nil {
			return false, err
		}
		if bt.Kind == KSum && !bt.Nullable && bt.Rest == nil {
			for _, a := range bt.Alts {
				if !t.addAlt(a.Type) {
					return false, nil
				}
			}
			continue
		}
		if bt.Nullable || bt.Alias != nil || altKind(bt) == rt.Invalid || !t.addAlt(bt) {
			return false, nil
		}
	}
	t.Kind, t.SumKeyword, t.Branches = KSum, keyword, len(list)
	return true, nil
}

// objectUnion finds, among the branches of a sum, several object branches
// that are told apart by a const property: they become one alternative, a
// union of them (u), and rest lists the other branches. A value that is
// an object matches only the variant its tag names, so the sum stays
// exact. With fewer than two object branches, or none told apart, u is
// nil and rest is the whole list.
func (b *builder) objectUnion(s *jsonschema.Schema, keyword string, list []*jsonschema.Schema) (rest []*jsonschema.Schema, u *Type, err error) {
	var objs []*jsonschema.Schema
	for _, br := range list {
		bt, err := b.typeOf(br)
		if err != nil {
			return nil, nil, err
		}
		if bt.Kind == KStruct && !bt.Nullable {
			objs = append(objs, br)
		} else {
			rest = append(rest, br)
		}
	}
	if len(objs) < 2 {
		return list, nil, nil
	}
	u = &Type{Loc: s.Location, Schema: s, Doc: "the value when it is an object: one of several variants."}
	ok, err := b.union(s, u, map[string]*schema.Value{keyword: nil}, keyword, objs)
	if !ok || err != nil {
		return list, nil, err
	}
	return rest, u, nil
}

// unlink takes union u off the lists of unions of its variants.
func (u *Type) unlink() {
	for _, v := range u.Variants {
		v.Unions = slices.DeleteFunc(v.Unions, func(x *Type) bool { return x == u })
	}
}

// addAlt adds the alternative of type at (nil: null) unless one of its
// kind exists already.
func (t *Type) addAlt(at *Type) bool {
	k := rt.Null
	if at != nil {
		k = altKind(at)
	}
	for _, a := range t.Alts {
		if a.Kind == k {
			return false
		}
	}
	t.Alts = append(t.Alts, &Alt{Kind: k, Go: altName(at), Type: at})
	return true
}

// altKind is the one JSON kind every value of t has, or rt.Invalid.
func altKind(t *Type) rt.Kind {
	if t == nil {
		return rt.Null
	}
	if t.Nullable {
		return rt.Invalid
	}
	switch t.Kind {
	case KString, KEnum:
		return rt.String
	case KInt, KIntEnum, KFloat:
		return rt.Number
	case KBool:
		return rt.Bool
	case KStruct, KUnion, KMap:
		return rt.Object
	case KArray, KTuple:
		return rt.Array
	case KRaw:
		if t.Node != nil && !t.Node.Never && len(t.Node.Types) == 1 {
			return map[string]rt.Kind{"string": rt.String, "integer": rt.Number, "number": rt.Number,
				"boolean": rt.Bool, "object": rt.Object, "array": rt.Array}[t.Node.Types[0]]
		}
	}
	return rt.Invalid
}

// altName is the Go field of an alternative.
func altName(t *Type) string {
	if t == nil {
		return ""
	}
	switch k := altKind(t); {
	case k == rt.Number && (t.Kind == KInt || t.Kind == KIntEnum && !t.Float || t.Kind == KRaw && t.Node.Types[0] == "integer"):
		return "Int"
	case k == rt.String:
		return "String"
	case k == rt.Number:
		return "Number"
	case k == rt.Bool:
		return "Bool"
	case k == rt.Object:
		return "Object"
	}
	return "Array"
}
