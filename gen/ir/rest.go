package ir

import (
	"slices"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// A schema often says more than its Go shape can: an object with
// properties and an if/then, a dependentRequired, an anyOf of required
// members; a string with a not; a map with propertyNames. Such a type
// keeps the shape its type keywords give (a struct, a string, a map) and
// carries the other keywords as Type.Rest, an interpreter node checked on
// the same value. The shape holds exactly what its keywords say and Rest
// exactly what the others say; a value is valid when it passes both,
// which is what the schema, a conjunction of its keywords, says.

// kindOfKeyword is the JSON type whose values a keyword constrains; it
// says nothing about values of other types.
var kindOfKeyword = map[string]string{
	"minLength": "string", "maxLength": "string", "pattern": "string",
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number", "multipleOf": "number",
	"items": "array", "prefixItems": "array", "additionalItems": "array", "contains": "array", "minContains": "array",
	"maxContains": "array", "minItems": "array", "maxItems": "array", "uniqueItems": "array", "unevaluatedItems": "array",
	"properties": "object", "patternProperties": "object", "additionalProperties": "object", "required": "object",
	"dependentRequired": "object", "dependentSchemas": "object", "dependencies": "object", "propertyNames": "object",
	"minProperties": "object", "maxProperties": "object", "unevaluatedProperties": "object",
}

// shapeKeywords are the keywords each type's Go shape holds.
var shapeKeywords = map[string][]string{
	"object":  {"properties", "patternProperties", "required", "additionalProperties", "minProperties", "maxProperties"},
	"string":  {"minLength", "maxLength", "pattern", "enum", "const"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "enum"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
	"boolean": {},
	"array":   {"items", "minItems", "maxItems", "uniqueItems"},
}

// restKeywords are the keywords a Rest node can check on its own, apart
// from the keywords beside them.
var restKeywords = map[string]bool{
	"not": true, "if": true, "then": true, "else": true, "allOf": true, "anyOf": true, "oneOf": true, "$ref": true,
	"const": true, "enum": true, "dependentRequired": true, "dependentSchemas": true, "dependencies": true,
	"propertyNames": true, "patternProperties": true, "contains": true, "minContains": true, "maxContains": true,
	"prefixItems": true, "items": true, "additionalItems": true, "uniqueItems": true,
}

// restState is what a shaping in progress leaves for the Rest node
// beyond the keywords split off: allOf parts that did not merge, and
// whether patternProperties or uniqueItems must be checked by it.
type restState struct {
	parts    []*jsonschema.Schema
	nodes    []*Node // Rest nodes of the parts a shape came from (allOfShape)
	patterns bool
	unique   bool // items of a type Go cannot compare as JSON does
	whole    bool // the Rest node is the whole schema (unevaluatedProperties)
}

// shapeWithRest gives s the Go shape of its type keywords when the whole
// schema has none, the other keywords going to t.Rest. It reports false,
// leaving t to be reset, when no such split is exact.
func (b *builder) shapeWithRest(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if norm := b.l.Node(s).Norm; s.Always != nil || norm.DynRef != nil && !b.staticDyn(norm) || norm.DynAnchors != nil && b.scopeMatters(s) {
		return false, nil
	}
	typ := ""
	switch {
	case keys["type"] != nil && len(s.Types) == 1:
		typ = s.Types[0]
	case keys["type"] != nil && len(s.Types) == 2 && (s.Types[0] == "null") != (s.Types[1] == "null"):
		typ = s.Types[0] // T or null: T's shape, null beside it (see restNull)
		if typ == "null" {
			typ = s.Types[1]
		}
	case keys["type"] == nil && (keys["allOf"] != nil || b.refBeside(s, keys)):
		typ = "object" // an allOf whose parts are objects (allOf checks it)
	default:
		return false, nil
	}
	if typ == "null" {
		return false, nil
	}
	for _, withAllOf := range []bool{true, false} {
		refBeside := b.refBeside(s, keys)
		if withAllOf && keys["allOf"] == nil && !refBeside || !withAllOf && keys["type"] == nil {
			continue
		}
		shapeKeys, rest, whole, ok := splitKeys(s, keys, typ, withAllOf, withAllOf && refBeside, len(b.l.Node(s).Norm.Prefix) > 0)
		if !ok {
			continue
		}
		fresh := Type{Loc: t.Loc, Schema: t.Schema, Doc: t.Doc, Deprecated: t.Deprecated}
		*t = fresh
		b.rest = &restState{}
		ok, err := b.shape(s, t, shapeKeys)
		state := b.rest
		b.rest = nil
		if err != nil {
			return false, err
		}
		if !ok || t.Kind == KRaw {
			*t = fresh
			continue
		}
		restNull(s, t)
		if state.patterns {
			rest = append(rest, "patternProperties")
		}
		if state.unique {
			rest = append(rest, "uniqueItems")
		}
		if len(rest) == 0 && len(state.parts) == 0 && len(state.nodes) == 0 && !state.whole {
			return true, nil // the shape says it all (an allOf merged with its unevaluatedProperties)
		}
		if len(state.parts) > 0 || len(state.nodes) > 0 {
			rest = append(rest, "allOf")
			if withAllOf && refBeside {
				rest = append(rest, "$ref") // a part left to the Rest node may be the $ref's target
			}
		}
		if whole || state.whole {
			n, err := b.nodeOf(s)
			if err != nil {
				return false, err
			}
			if keys["unevaluatedProperties"] != nil {
				rest = append(rest, "unevaluatedProperties")
			}
			t.Rest, t.RestKeywords = n, b.inSchemaOrder(s, rest)
			return true, nil
		}
		n, ok, err := b.restNode(s, rest, state.parts)
		if err != nil {
			return false, err
		}
		if ok {
			n.AllOf = append(n.AllOf, state.nodes...)
		}
		if !ok {
			*t = fresh
			return false, nil
		}
		t.Rest, t.RestKeywords = n, b.inSchemaOrder(s, rest)
		return true, nil
	}
	return false, nil
}

// restNull decides how a type with a Rest node whose type keywords admit
// null ({"type": ["string", "null"], "not": {"const": ""}}) treats null:
// when the whole schema admits it, null is the Nullable's and needs no
// check; otherwise the other keywords refuse it, so the type is not
// nullable and a null reaches the decoder of the value, whose Rest node
// refuses it at the keyword that does.
func restNull(s *jsonschema.Schema, t *Type) {
	if t.Nullable && s.Validate(nil) != nil {
		t.Nullable, t.NullKeyword = false, ""
	}
}

// splitKeys parts the keywords of s (of type typ) into those its Go shape
// holds and the rest; keywords about values of another type say nothing
// and are dropped. withAllOf keeps allOf (and unevaluatedProperties,
// which a merged allOf may hold) with the shape. whole says the Rest node
// must be the whole schema: unevaluatedProperties and unevaluatedItems
// depend on what every other keyword evaluated. An array whose items
// apply by position (prefixItems) leaves them all to the Rest node.
// withRef keeps a $ref with the shape too: a part of the allOf.
func splitKeys(s *jsonschema.Schema, keys map[string]*schema.Value, typ string, withAllOf, withRef, prefix bool) (shapeKeys map[string]*schema.Value, rest []string, whole, ok bool) {
	kind := typ
	if kind == "integer" {
		kind = "number"
	}
	shapeKeys = map[string]*schema.Value{}
	for k, v := range keys {
		switch {
		case prefix && (k == "items" || k == "prefixItems" || k == "additionalItems"):
			rest = append(rest, k)
		case k == "type" || slices.Contains(shapeKeywords[typ], k) || k == "allOf" && withAllOf || refKeyword(k) && withRef:
			shapeKeys[k] = v
		case kindOfKeyword[k] != "" && kindOfKeyword[k] != kind:
			// says nothing about values of this type
		case k == "unevaluatedProperties" && withAllOf:
			shapeKeys[k] = v // a merged allOf holds it when it can
		case k == "unevaluatedProperties" || k == "unevaluatedItems":
			rest, whole = append(rest, k), true
		case restKeywords[k]:
			rest = append(rest, k)
		default:
			return nil, nil, false, false
		}
	}
	sort.Strings(rest)
	return shapeKeys, rest, whole, true
}

// restNode builds the interpreter node of keywords rest of s, and of the
// allOf parts that did not merge into its shape.
func (b *builder) restNode(s *jsonschema.Schema, rest []string, parts []*jsonschema.Schema) (*Node, bool, error) {
	n := &Node{ID: b.nextID(), Schema: s, MaxContains: -1}
	b.rests = append(b.rests, n)
	keys, raw := b.constraintKeys(s)
	norm := b.l.Node(s).Norm
	var err error
	one := func(dst **Node, src *jsonschema.Schema) {
		if err == nil {
			*dst, err = b.nodeOf(src)
		}
	}
	list := func(dst *[]*Node, src []*jsonschema.Schema) {
		for _, x := range src {
			if err != nil {
				return
			}
			var xn *Node
			xn, err = b.nodeOf(x)
			*dst = append(*dst, xn)
		}
	}
	for _, k := range rest {
		switch k {
		case "not":
			one(&n.Not, s.Not)
		case "if":
			one(&n.If, s.If)
			one(&n.Then, s.Then)
			one(&n.Else, s.Else)
		case "then", "else":
			// with if, or nothing
		case "allOf":
			if parts == nil {
				list(&n.AllOf, s.AllOf)
			}
		case "anyOf":
			list(&n.AnyOf, s.AnyOf)
		case "oneOf":
			list(&n.OneOf, s.OneOf)
		case "$ref":
			one(&n.Ref, s.Ref)
		case "const", "enum":
			if n.Const == nil && n.Enum == nil {
				err = b.nodeValues(s, n, keys)
			}
		case "dependentRequired", "dependentSchemas", "dependencies":
			if n.DepRequired == nil && n.DepSchemas == nil {
				for _, name := range sortedKeys(norm.DepRequired) {
					n.DepRequired = append(n.DepRequired, DepReq{name, norm.DepRequired[name]})
				}
				for _, name := range sortedKeys(norm.DepSchemas) {
					var dn *Node
					one(&dn, norm.DepSchemas[name])
					n.DepSchemas = append(n.DepSchemas, NamedNode{name, dn})
				}
			}
		case "propertyNames":
			one(&n.PropertyNames, s.PropertyNames)
		case "patternProperties":
			byPattern := map[string]*jsonschema.Schema{}
			for re, ps := range s.PatternProperties {
				byPattern[re.String()] = ps
			}
			for _, m := range raw.Get("patternProperties").Members {
				var pn *Node
				one(&pn, byPattern[m.Key])
				n.Patterns = append(n.Patterns, NamedNode{m.Key, pn})
			}
		case "contains", "minContains", "maxContains":
			if n.Contains == nil && s.Contains != nil {
				one(&n.Contains, s.Contains)
				n.MinContains, n.MaxContains = s.MinContains, s.MaxContains
				n.ContainsNoEval = !norm.ContainsEval
			}
		case "prefixItems", "items", "additionalItems":
			if n.Prefix == nil {
				list(&n.Prefix, norm.Prefix)
				one(&n.Items, norm.Items)
			}
		case "uniqueItems":
			n.Unique = s.UniqueItems
		default:
			return nil, false, nil
		}
	}
	list(&n.AllOf, parts)
	return n, err == nil, err
}

// inSchemaOrder orders the keywords of list as the schema s writes them,
// without repeats.
func (b *builder) inSchemaOrder(s *jsonschema.Schema, list []string) []string {
	var out []string
	if raw := b.l.Node(s).Raw; raw != nil {
		for _, m := range raw.Members {
			if slices.Contains(list, m.Key) && !slices.Contains(out, m.Key) {
				out = append(out, m.Key)
			}
		}
	}
	return out
}

// nextID numbers a new interpreter node.
func (b *builder) nextID() int {
	n := len(b.nodes) + len(b.rests) + len(b.entryNodes)
	if b.dyn != nil {
		for _, ctx := range b.dyn.ctxs {
			n += len(ctx.nodes)
		}
	}
	return n
}
