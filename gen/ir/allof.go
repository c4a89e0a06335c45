package ir

import (
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// allOf merges an allOf of object schemas, with the properties the schema
// declares beside it, into one struct when that is exact: every part is a
// struct that admits unknown properties (so no part rejects a property
// another part declares), and a property declared by two parts has one
// Go shape that says both (mergeField). The schema itself says nothing
// else but "type": "object", "properties" and "required".
//
// While s is shaped with a Rest node (b.rest set), one part may be a
// closed struct (additionalProperties: false) whose members include every
// other merged part's, the struct is then closed; a part that does not
// merge is left to the Rest node (its required members that the struct
// holds become required in it), and so is an unevaluatedProperties beside
// the allOf unless the parts say statically which members they evaluate.
//
// A $ref beside other keywords (2019-09 and later) is read as one more
// part of the allOf: {$ref: X, properties: P} means allOf: [{properties:
// P}, X]. A part that says only patternProperties whose schemas no merged
// field name meets (an OpenAPI 3.1 object's "^x-" extensions) gives the
// struct its pattern maps.
func (b *builder) allOf(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if ok, err := b.allOfSum(s, t, keys); ok || err != nil {
		return ok, err
	}
	own := false
	list := b.allOfList(s, keys)
	for k := range keys {
		switch {
		case k == "allOf", refKeyword(k) && b.refBeside(s, keys):
		case k == "type" && len(s.Types) == 1 && s.Types[0] == "object":
		case k == "properties" || k == "required":
			own = true
		case k == "unevaluatedProperties" && b.rest != nil:
		default:
			return false, nil
		}
	}
	parts, ok, err := b.allOfParts(s, keys, own)
	if !ok || err != nil {
		return false, err
	}
	if b.rest != nil && !own {
		if i := loneStruct(parts); i >= 0 && !openStruct(parts[i]) && !closedStruct(parts[i]) {
			return b.allOfLone(s, t, keys, parts[i], i)
		}
		if i := loneShape(parts); i >= 0 && keys["unevaluatedProperties"] == nil {
			return b.allOfShape(s, t, parts[i], i), nil
		}
	}
	t.Kind = KStruct
	t.Extra = &Type{Kind: KRaw, Loc: s.Location}
	m := &merger{t: t, byName: map[string]*Field{}}
	var left, patternParts []*jsonschema.Schema
	object := keys["type"] != nil // whether the schema admits only objects
	for i, pt := range parts {
		if m.add(pt, b.rest != nil) {
			object = object || !own || i > 0
			continue
		}
		if b.rest == nil || own && i == 0 {
			return false, nil
		}
		part := list[i-boolInt(own)]
		if b.patternsOnly(part) {
			patternParts = append(patternParts, part)
			continue
		}
		left = append(left, part)
		b.rest.parts = append(b.rest.parts, part)
		object = object || b.onlyObjects(part, map[*jsonschema.Schema]bool{})
	}
	if b.rest != nil && (!object || len(t.Fields) == 0) {
		return false, nil // no part that merged says the value is an object
	}
	for _, part := range patternParts {
		ok, err := b.mergePatterns(b.deref(part), t)
		if err != nil {
			return false, err
		}
		if !ok {
			left = append(left, part)
			b.rest.parts = append(b.rest.parts, part)
		}
	}
	for _, r := range s.Required {
		f := m.byName[r]
		if f == nil {
			return false, nil // required beside the allOf, declared by no part that merged
		}
		f.Required = true
	}
	for _, part := range left {
		for _, r := range b.deref(part).Required {
			if o := m.byName[r]; o != nil {
				o.Required = true // the part requires it; the struct then holds it always
			}
		}
	}
	if ue := s.UnevaluatedProperties; ue != nil && keys["unevaluatedProperties"] != nil {
		return true, b.unevaluatedBeside(s, t, m, ue)
	}
	return true, nil
}

// allOfSum types an allOf beside "type": ["object", "boolean"] whose
// parts are each an object or a boolean too, as the JSON Schema 2019-09
// and 2020-12 meta-schemas gather their vocabularies: a sum whose boolean
// alternative is any boolean (no part says more about booleans) and whose
// object alternative merges the parts' object alternatives with the
// schema's own properties, as an allOf of structs merges. It reports
// false, leaving t untouched, when some part is not such a sum or the
// structs do not merge.
func (b *builder) allOfSum(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if len(s.Types) != 2 || !slices.Contains(s.Types, "object") || !slices.Contains(s.Types, "boolean") || b.rest != nil {
		return false, nil
	}
	for k := range keys {
		if k != "allOf" && k != "type" && k != "properties" {
			return false, nil
		}
	}
	obj := &Type{Kind: KStruct, Loc: s.Location, Schema: s}
	obj.Extra = &Type{Kind: KRaw, Loc: s.Location}
	m := &merger{t: obj, byName: map[string]*Field{}}
	if keys["properties"] != nil {
		own := &Type{Loc: s.Location, Schema: s}
		if ok, err := b.object(s, own, map[string]*schema.Value{"properties": keys["properties"]}); !ok || err != nil {
			return false, err
		}
		if !m.add(own, false) {
			return false, nil
		}
	}
	for _, part := range s.AllOf {
		pt, err := b.typeOf(part)
		if err != nil {
			return false, err
		}
		o := boolOrObject(pt)
		if o == nil || !m.add(o, false) {
			return false, nil
		}
	}
	t.Kind, t.SumKeyword, t.Alts = KSum, "type", nil
	t.addAlt(&Type{Kind: KBool, Loc: s.Location, Schema: s})
	t.addAlt(obj)
	return true, nil
}

// boolOrObject returns the object alternative of t when t is a sum of any
// boolean and an object struct, else nil.
func boolOrObject(t *Type) *Type {
	if t.Kind != KSum || t.Nullable || t.Rest != nil || len(t.Alts) != 2 {
		return nil
	}
	var obj *Type
	for _, a := range t.Alts {
		switch {
		case a.Kind == rt.Bool && a.Type != nil && a.Type.Kind == KBool && a.Type.Rest == nil && a.Type.Node == nil:
		case a.Kind == rt.Object && a.Type != nil && a.Type.Kind == KStruct:
			obj = a.Type
		default:
			return nil
		}
	}
	return obj
}

// loneStruct is the index of the one part of an allOf that is a struct
// when no other part is an object shape, else -1. A sum of kinds (the
// draft-07 meta-schema: an object or a boolean) beside it is no object
// shape: the Rest node checks it whole.
func loneStruct(parts []*Type) int {
	at := -1
	for i, pt := range parts {
		if pt.Kind == KStruct || pt.Kind == KUnion || pt.Kind == KMap {
			if at >= 0 || pt.Kind != KStruct {
				return -1
			}
			at = i
		}
	}
	if at >= 0 {
		pt := parts[at]
		if pt.Nullable || pt.Wrapper || pt.Rest != nil || pt.Alias != nil {
			return -1
		}
	}
	return at
}

// loneShape is the index of the one part of an allOf that has a Go shape
// other than a struct (a sum, a map, an array, a scalar) when every other
// part has none (rt.Raw), else -1.
func loneShape(parts []*Type) int {
	at := -1
	for i, pt := range parts {
		if pt.Kind == KRaw {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = i
	}
	if at < 0 {
		return -1
	}
	switch pt := parts[at]; {
	case pt.Kind == KStruct || pt.Kind == KUnion || pt.Kind == KGo || pt.Alias != nil || pt.Vocab != nil:
		return -1
	}
	return at
}

// allOfShape shapes an allOf of which one part, pt (the i-th), has a Go
// shape and no other has: the value has pt's shape (a sum of kinds, such
// as the draft-07 meta-schema's object or boolean), and the other parts
// are left to the Rest node, which checks them on the same bytes, with
// what pt's own Rest node checks.
func (b *builder) allOfShape(s *jsonschema.Schema, t *Type, pt *Type, i int) bool {
	loc, sch, doc, dep := t.Loc, t.Schema, t.Doc, t.Deprecated
	*t = *pt
	t.Loc, t.Schema, t.Doc, t.Deprecated = loc, sch, firstNonEmpty(doc, pt.Doc), dep
	t.Name, t.DefName, t.Unions = "", "", nil
	if pt.Rest != nil {
		// what pt's shape leaves to its own Rest node, this one checks too
		b.rest.nodes = append(b.rest.nodes, pt.Rest)
		t.Rest, t.RestKeywords = nil, nil
	}
	t.Alts = nil
	for _, a := range pt.Alts {
		c := *a
		t.Alts = append(t.Alts, &c)
	}
	for j, part := range b.allOfList(s, b.keysOf(s)) {
		if j != i {
			b.rest.parts = append(b.rest.parts, part)
		}
	}
	return true
}

// allOfLone shapes an allOf of which one part, pt (the i-th), is a struct
// that does not merge with others (it has patternProperties, a size, or
// is closed beside patterns): the value has pt's shape, and the other
// parts, which are no object shapes, are left to the Rest node. That is
// exact: the value must pass pt, which the struct checks, and every other
// part, which the Rest node checks on the same bytes.
func (b *builder) allOfLone(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value, pt *Type, i int) (bool, error) {
	t.Kind = KStruct
	t.Extra, t.Patterns, t.ObjSize, t.SkipExtra = pt.Extra, pt.Patterns, pt.ObjSize, pt.SkipExtra
	byName := map[string]*Field{}
	for _, f := range pt.Fields {
		c := *f
		t.Fields = append(t.Fields, &c)
		byName[f.JSON] = &c
	}
	for _, r := range s.Required {
		f := byName[r]
		if f == nil {
			return false, nil // required beside the allOf, a member the struct does not declare
		}
		f.Required = true
	}
	for j, part := range b.allOfList(s, keys) {
		if j == i {
			continue
		}
		b.rest.parts = append(b.rest.parts, part)
		for _, r := range b.deref(part).Required {
			if f := byName[r]; f != nil {
				f.Required = true // the part requires it; the struct then holds it always
			}
		}
	}
	if keys["unevaluatedProperties"] != nil {
		b.rest.whole = true
	}
	return true, nil
}

// onlyObjects reports whether every value s admits is an object, as far
// as its keywords say whatever the value: type "object", a $ref to or an
// allOf part of such a schema, an anyOf or oneOf of such branches, or an
// if whose then admits only objects while the if admits every other kind
// of value (it says only what objects must be).
func (b *builder) onlyObjects(s *jsonschema.Schema, seen map[*jsonschema.Schema]bool) bool {
	if s == nil || s.Always != nil || seen[s] {
		return false
	}
	seen[s] = true
	keys, _ := b.constraintKeys(s)
	all := func(list []*jsonschema.Schema) bool {
		for _, x := range list {
			if !b.onlyObjects(x, seen) {
				return false
			}
		}
		return len(list) > 0
	}
	switch {
	case keys["type"] != nil && len(s.Types) == 1 && s.Types[0] == "object":
		return true
	case keys["$ref"] != nil && b.onlyObjects(s.Ref, seen):
		return true
	case keys["anyOf"] != nil && all(s.AnyOf), keys["oneOf"] != nil && all(s.OneOf):
		return true
	case keys["if"] != nil && s.If != nil && keys["then"] != nil && b.onlyObjects(s.Then, seen):
		if keys["else"] != nil && b.onlyObjects(s.Else, seen) || b.objectOnlyKeywords(s.If, map[*jsonschema.Schema]bool{}) {
			return true
		}
	}
	for _, part := range s.AllOf {
		if keys["allOf"] != nil && b.onlyObjects(part, seen) {
			return true
		}
	}
	return false
}

// objectOnlyKeywords reports whether s says something only about objects
// (properties, required, ...), through $ref and allOf: it admits every
// value of another JSON kind.
func (b *builder) objectOnlyKeywords(s *jsonschema.Schema, seen map[*jsonschema.Schema]bool) bool {
	if s.Always != nil {
		return *s.Always
	}
	if seen[s] {
		return true // a cycle adds no keyword
	}
	seen[s] = true
	keys, _ := b.constraintKeys(s)
	for k := range keys {
		switch {
		case kindOfKeyword[k] == "object":
		case k == "$ref":
			if !b.objectOnlyKeywords(s.Ref, seen) {
				return false
			}
		case k == "allOf":
			for _, part := range s.AllOf {
				if !b.objectOnlyKeywords(part, seen) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// unevaluatedBeside holds the unevaluatedProperties (ue) of an allOf
// merged into struct t in t's extras when the parts evaluate a fixed set
// of members, all of them t's fields: the extras are then exactly the
// members no part evaluates. Otherwise the Rest node is the whole schema.
func (b *builder) unevaluatedBeside(s *jsonschema.Schema, t *Type, m *merger, ue *jsonschema.Schema) error {
	if t.Extra == nil {
		return nil // a closed part admits only members it evaluates
	}
	names, pats, all, ok := b.evaluatedNames(s, map[*jsonschema.Schema]bool{s: false})
	for _, p := range pats {
		if !slices.ContainsFunc(t.Patterns, func(pf *PatternField) bool { return pf.Pattern == p }) {
			ok = false // a pattern the struct does not hold
		}
	}
	switch {
	case ok && all:
		return nil // every member is evaluated: unevaluatedProperties applies to none
	case !ok || len(b.rest.parts) > 0:
		b.rest.whole = true
		return nil
	}
	for _, n := range names {
		if m.byName[n] == nil {
			b.rest.whole = true
			return nil
		}
	}
	if ue.Always != nil && !*ue.Always {
		t.Extra, t.Unevaluated = nil, true
		return nil
	}
	et, err := b.typeOf(ue)
	if err != nil {
		return err
	}
	t.Extra = et
	return nil
}

// evaluatedNames lists the members s evaluates for unevaluatedProperties
// whatever the value, through properties, allOf and $ref: the names, and
// the patterns of patternProperties (as the schema writes them); all is
// true when s evaluates every member (additionalProperties). ok is false
// when that depends on the value (anyOf, if, ...).
func (b *builder) evaluatedNames(s *jsonschema.Schema, seen map[*jsonschema.Schema]bool) (names, pats []string, all, ok bool) {
	done, top := seen[s] // the schema whose unevaluatedProperties is resolved starts in seen as false
	if done {
		return nil, nil, false, true
	}
	seen[s] = true
	keys, _ := b.constraintKeys(s)
	for k := range keys {
		if top && k == "unevaluatedProperties" {
			continue // the keyword being resolved
		}
		switch k {
		case "properties":
			names = append(names, sortedKeys(s.Properties)...)
		case "patternProperties":
			for src := range b.l.Node(s).PatternProps {
				pats = append(pats, src)
			}
		case "additionalProperties":
			all = true
		case "allOf", "$ref", "$dynamicRef", "$recursiveRef":
			subs := s.AllOf
			if k != "allOf" {
				if !b.staticDyn(b.l.Node(s).Norm) {
					return nil, nil, false, false
				}
				subs = []*jsonschema.Schema{s.Ref}
				if k != "$ref" {
					subs[0] = b.dynTarget(b.l.Node(s).Norm)
				}
			}
			for _, sub := range subs {
				n, p, a, ok := b.evaluatedNames(sub, seen)
				if !ok {
					return nil, nil, false, false
				}
				names, pats, all = append(names, n...), append(pats, p...), all || a
			}
		case "anyOf", "oneOf", "if", "then", "else", "dependentSchemas", "dependencies",
			"unevaluatedProperties":
			return nil, nil, false, false
		}
	}
	return names, pats, all, true
}

// refBeside reports whether s has a $ref beside other keywords that say
// something about values, in a dialect where they apply together (2019-09
// and later; before, $ref hides its siblings).
// A dynamic reference that always resolves to its static target counts
// as a $ref.
func (b *builder) refBeside(s *jsonschema.Schema, keys map[string]*schema.Value) bool {
	ts, ok := b.refTargets(s, keys)
	if !ok || len(ts) == 0 || len(keys) < 2 {
		return false
	}
	doc := b.l.Node(s).Doc
	return doc != nil && doc.Dialect >= schema.Draft2019
}

// allOfList is the parts of the allOf of s: its allOf list, then the
// target of a $ref beside other keywords.
func (b *builder) allOfList(s *jsonschema.Schema, keys map[string]*schema.Value) []*jsonschema.Schema {
	if !b.refBeside(s, keys) {
		return s.AllOf
	}
	ts, _ := b.refTargets(s, keys)
	return append(append([]*jsonschema.Schema(nil), s.AllOf...), ts...)
}

func (b *builder) keysOf(s *jsonschema.Schema) map[string]*schema.Value {
	keys, _ := b.constraintKeys(s)
	return keys
}

// patternsOnly reports whether part (through lone $refs) says nothing but
// patternProperties, and perhaps that the value is an object.
func (b *builder) patternsOnly(part *jsonschema.Schema) bool {
	part = b.deref(part)
	keys, _ := b.constraintKeys(part)
	if keys["patternProperties"] == nil || part.Always != nil {
		return false
	}
	for k := range keys {
		if k != "patternProperties" && !(k == "type" && len(part.Types) == 1 && part.Types[0] == "object") {
			return false
		}
	}
	return true
}

// mergePatterns gives struct t the pattern maps of part, a schema of
// patternProperties alone, when that is exact: no field name matches a
// pattern whose schema says more than any value (the field would have to
// satisfy both), every pattern is RE2, and no two patterns with schemas
// of their own may match one name. It reports false leaving t as it was.
func (b *builder) mergePatterns(part *jsonschema.Schema, t *Type) (bool, error) {
	raw := b.l.Node(part).Raw
	byPattern := b.l.Node(part).PatternProps
	var add []*PatternField
	for _, m := range raw.Get("patternProperties").Members {
		ps := byPattern[m.Key]
		if ps == nil {
			return false, nil
		}
		pt, err := b.typeOf(ps)
		if err != nil {
			return false, err
		}
		p := rtimpl.MustPattern(m.Key)
		if p.Engine() == rtimpl.EngineECMA {
			return false, nil
		}
		for _, f := range t.Fields {
			if p.MatchString(f.JSON) && !IsOpen(pt) {
				return false, nil
			}
		}
		add = append(add, &PatternField{Pattern: m.Key, Type: pt})
	}
	list := append(append([]*PatternField(nil), t.Patterns...), add...)
	if !orderPatterns(list) {
		orderPatterns(t.Patterns)
		return false, nil
	}
	t.Patterns = list
	return true, nil
}

// merger merges the parts of an allOf into one struct.
type merger struct {
	t      *Type
	byName map[string]*Field
	closed bool // a closed part was merged: no member beyond its own
}

// add merges part pt into the struct, or reports false leaving it as it
// was. A closed part (additionalProperties: false) merges only when
// closed parts are allowed, it is the first, and it declares every member
// merged before and after it.
func (m *merger) add(pt *Type, closedOK bool) bool {
	closed := closedOK && closedStruct(pt)
	if !openStruct(pt) && !closed || closed && m.closed {
		return false
	}
	if closed {
		for name := range m.byName {
			if !slices.ContainsFunc(pt.Fields, func(f *Field) bool { return f.JSON == name }) {
				return false
			}
		}
	}
	merged := map[string]*Field{}
	var added []*Field
	for _, f := range pt.Fields {
		if m.closed && m.byName[f.JSON] == nil {
			return false // the closed part refuses it
		}
		o := m.byName[f.JSON]
		if o == nil {
			c := *f // its Go name is chosen among the merged struct's members
			added = append(added, &c)
			continue
		}
		c := *o
		if !mergeField(&c, f) {
			return false
		}
		merged[f.JSON] = &c
	}
	for name, c := range merged {
		*m.byName[name] = *c
	}
	for _, f := range added {
		m.byName[f.JSON] = f
		m.t.Fields = append(m.t.Fields, f)
	}
	if closed {
		m.closed, m.t.Extra = true, nil
	}
	return true
}

// closedStruct reports whether t is a struct that admits no member beyond
// its properties and says nothing else about the object as a whole.
func closedStruct(t *Type) bool {
	return t.Kind == KStruct && !t.Nullable && !t.Wrapper && t.ObjSize == nil && len(t.Patterns) == 0 &&
		t.Extra == nil && !t.SkipExtra && t.Rest == nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// allOfParts types the parts of an allOf: the properties s declares itself
// (when own), then each schema of the list.
func (b *builder) allOfParts(s *jsonschema.Schema, keys map[string]*schema.Value, own bool) ([]*Type, bool, error) {
	var parts []*Type
	if own {
		ot := &Type{Loc: s.Location, Schema: s}
		if ok, err := b.object(s, ot, keys); !ok || err != nil {
			return nil, false, err
		}
		parts = append(parts, ot)
	}
	for _, part := range b.allOfList(s, keys) {
		pt, err := b.typeOf(part)
		if err != nil {
			return nil, false, err
		}
		parts = append(parts, pt)
	}
	return parts, true, nil
}

// openStruct reports whether t is a struct that admits any unknown
// property and says nothing about the object as a whole.
func openStruct(t *Type) bool {
	return t.Kind == KStruct && !t.Nullable && !t.Wrapper && t.ObjSize == nil && len(t.Patterns) == 0 &&
		t.Extra != nil && t.Extra.Kind == KRaw && t.Extra.Node == nil && t.Rest == nil
}

// mergeField makes o, a property one part of an allOf declares, say what
// f, the same property in another part, says too. It reports false when
// no single Go shape says both: the two are merged only when they are the
// same type, one admits any value, or one is a const the other's plain
// type admits.
func mergeField(o, f *Field) bool {
	req := o.Required || f.Required
	switch {
	case o.Const != "" || f.Const != "":
		if o.Const == "" {
			if !admitsConst(o.Type, f.Const) {
				return false
			}
			doc := o.Doc
			*o = *f
			o.Doc = firstNonEmpty(doc, f.Doc)
		} else if f.Const != "" && f.Const != o.Const || f.Const == "" && !admitsConst(f.Type, o.Const) {
			return false
		}
	case o.Type == f.Type || IsOpen(f.Type):
	case IsOpen(o.Type):
		o.Type = f.Type
	default:
		return false
	}
	o.Required = req
	o.Doc = firstNonEmpty(o.Doc, f.Doc)
	o.Deprecated = o.Deprecated || f.Deprecated
	return true
}

// admitsConst reports whether every constraint of t is met by the JSON
// value whose canonical text is c; only types without bounds are judged.
func admitsConst(t *Type, c string) bool {
	if t == nil || c == "" {
		return false
	}
	if IsOpen(t) {
		return true
	}
	switch t.Kind {
	case KString:
		return c[0] == '"' && t.MinLen == 0 && t.MaxLen < 0 && t.Pattern == ""
	case KBool:
		return c == "true" || c == "false"
	case KInt:
		d, ok := jsonnum.Parse(c)
		ib := t.Int
		return ok && d.IsInt() && !ib.HasMin && !ib.HasMax && ib.Mult <= 1 && !ib.Empty
	case KFloat:
		_, ok := jsonnum.Parse(c)
		return ok && t.Num.Empty()
	}
	return false
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// deref follows the schemas that only stand for another (a lone $ref,
// or an allOf, anyOf or oneOf of one schema).
func (b *builder) deref(s *jsonschema.Schema) *jsonschema.Schema {
	for {
		keys, _ := b.constraintKeys(s)
		to := refOnly(s, keys)
		if to == nil {
			return s
		}
		s = to
	}
}
