package compat

import (
	"math/big"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// facts are the constraints of a schema with its $ref chain and allOf
// parts merged, each remembered with the location of the schema that set
// it, so that a change can name the keyword that changed.
type facts struct {
	parts []*jsonschema.Schema

	types   []string // nil: any type
	typesAt string

	values   []string // canonical JSON texts; nil: any value
	valuesAt string
	isConst  bool

	ints map[string]intFact // minLength, maxLength, minItems, maxItems, minProperties, maxProperties
	rats map[string]ratFact // minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf

	pattern   string
	patternAt string
	unique    bool
	uniqueAt  string

	object   bool // has properties, required or additionalProperties
	props    map[string]*jsonschema.Schema
	required map[string]string // name → location of the required keyword
	closed   bool              // additionalProperties: false
	extra    *jsonschema.Schema
	extraAt  string

	items   *jsonschema.Schema
	itemsAt string

	union   []*jsonschema.Schema
	unionKw string
	unionAt string

	// other keywords, compared by their canonical text: location → text
	other map[string]otherFact
}

type intFact struct {
	v  int
	at string
}

type ratFact struct {
	v  *big.Rat
	at string
}

type otherFact struct {
	text string
	at   string
}

// otherKeywords are compared as text: a change to any is reported as a
// change of unknown direction.
var otherKeywords = []string{"not", "if", "then", "else", "dependentRequired", "dependentSchemas", "contains",
	"minContains", "maxContains", "propertyNames", "patternProperties", "prefixItems"}

// factsOf merges s, its $ref chain and its allOf parts.
func (l *loaded) factsOf(s *jsonschema.Schema) *facts {
	f := &facts{ints: map[string]intFact{}, rats: map[string]ratFact{}, props: map[string]*jsonschema.Schema{},
		required: map[string]string{}, other: map[string]otherFact{}}
	seen := map[*jsonschema.Schema]bool{}
	var add func(s *jsonschema.Schema)
	add = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		f.parts = append(f.parts, s)
		l.addFacts(f, s)
		add(s.Ref)
		for _, p := range s.AllOf {
			add(p)
		}
	}
	add(s)
	if nf := l.normalize(f); nf != nil {
		return nf
	}
	return f
}

func (l *loaded) addFacts(f *facts, s *jsonschema.Schema) {
	loc := schema.UnescapeLocation(s.Location)
	_, _, raw := l.RawFor(s)
	if s.Always != nil && !*s.Always {
		f.types, f.typesAt = []string{}, loc
	}
	if len(s.Types) > 0 {
		f.types, f.typesAt = intersectTypes(f.types, s.Types), loc+"/type"
	}
	l.addValues(f, raw, loc)
	f.addInts(s, loc)
	f.addRats(s, loc)
	if s.Pattern != nil && f.pattern == "" {
		f.pattern, f.patternAt = l.PatternSource(s.Pattern), loc+"/pattern"
	}
	if s.UniqueItems {
		f.unique, f.uniqueAt = true, loc+"/uniqueItems"
	}
	f.addObject(s, loc)
	if items := l.Norm(s).Items; items != nil && f.items == nil {
		f.items, f.itemsAt = items, loc+"/items"
	}
	if len(f.union) == 0 {
		switch {
		case len(s.OneOf) > 0:
			f.union, f.unionKw, f.unionAt = s.OneOf, "oneOf", loc+"/oneOf"
		case len(s.AnyOf) > 0:
			f.union, f.unionKw, f.unionAt = s.AnyOf, "anyOf", loc+"/anyOf"
		}
	}
	for _, kw := range otherKeywords {
		if v := raw.Get(kw); v != nil {
			text, err := rtimpl.Canonical(v.Text)
			if err != nil {
				text = v.Text
			}
			f.other[kw] = otherFact{text: text, at: loc + "/" + kw}
		}
	}
}

// addValues reads const and enum as canonical texts.
func (l *loaded) addValues(f *facts, raw *schema.Value, loc string) {
	var vals []string
	isConst := false
	if c := raw.Get("const"); c != nil {
		vals, isConst = []string{c.Canonical()}, true
		f.valuesAt = loc + "/const"
	} else if e := raw.Get("enum"); e != nil {
		for _, it := range e.Items {
			vals = append(vals, it.Canonical())
		}
		f.valuesAt = loc + "/enum"
	} else {
		return
	}
	if f.values != nil {
		vals = strIntersect(f.values, vals)
	}
	f.values, f.isConst = vals, isConst || f.isConst
}

func (f *facts) addInts(s *jsonschema.Schema, loc string) {
	for kw, v := range map[string]int{"minLength": s.MinLength, "maxLength": s.MaxLength, "minItems": s.MinItems,
		"maxItems": s.MaxItems, "minProperties": s.MinProperties, "maxProperties": s.MaxProperties} {
		if v < 0 {
			continue
		}
		old, ok := f.ints[kw]
		lower := strings.HasPrefix(kw, "min")
		if !ok || (lower && v > old.v) || (!lower && v < old.v) {
			f.ints[kw] = intFact{v: v, at: loc + "/" + kw}
		}
	}
}

func (f *facts) addRats(s *jsonschema.Schema, loc string) {
	for kw, v := range map[string]*big.Rat{"minimum": s.Minimum, "exclusiveMinimum": s.ExclusiveMinimum,
		"maximum": s.Maximum, "exclusiveMaximum": s.ExclusiveMaximum, "multipleOf": s.MultipleOf} {
		if v == nil {
			continue
		}
		old, ok := f.rats[kw]
		lower := strings.HasPrefix(kw, "min") || kw == "exclusiveMinimum"
		if !ok || (kw != "multipleOf" && ((lower && v.Cmp(old.v) > 0) || (!lower && v.Cmp(old.v) < 0))) {
			f.rats[kw] = ratFact{v: v, at: loc + "/" + kw}
		}
	}
}

func (f *facts) addObject(s *jsonschema.Schema, loc string) {
	for name, p := range s.Properties {
		f.object = true
		if _, ok := f.props[name]; !ok {
			f.props[name] = p
		}
	}
	for _, r := range s.Required {
		f.object = true
		f.required[r] = loc + "/required"
	}
	switch a := s.AdditionalProperties.(type) {
	case bool:
		f.object = true
		if !a {
			f.closed, f.extraAt = true, loc+"/additionalProperties"
		}
	case *jsonschema.Schema:
		f.object = true
		if f.extra == nil {
			f.extra, f.extraAt = a, loc+"/additionalProperties"
		}
	}
}

// allTypes are the JSON types, integer apart from other numbers.
var allTypes = []string{"null", "boolean", "object", "array", "number", "integer", "string"}

func intersectTypes(a, b []string) []string {
	if a == nil {
		return append([]string(nil), b...)
	}
	var out []string
	for _, t := range allTypes {
		if admitsType(a, t) && admitsType(b, t) {
			out = append(out, t)
		}
	}
	return out
}

// admitsType reports whether a type list (nil: any) admits values of t.
func admitsType(types []string, t string) bool {
	if types == nil {
		return true
	}
	for _, x := range types {
		if x == t || (t == "integer" && x == "number") {
			return true
		}
	}
	return false
}

func strIntersect(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	out := []string{}
	for _, x := range a {
		if in[x] {
			out = append(out, x)
		}
	}
	return out
}

// strMinus returns the members of a that are not in b, in a's order.
func strMinus(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

func mapKeysSorted[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// normalize rewrites what two schemas may say in different words into one
// form, so that only real differences are reported: a union of consts is
// an enum, a union of one schema and null is that schema admitting null,
// and a const or enum without a type has the types of its values. It
// returns the facts to use instead of f, or nil to keep f.
func (l *loaded) normalize(f *facts) *facts {
	if len(f.union) > 0 && f.bare() {
		if vals, types, ok := l.unionValues(f.union); ok {
			if types != nil {
				f.types, f.typesAt = types, f.unionAt
			} else {
				f.values, f.valuesAt, f.isConst = vals, f.unionAt, false
			}
			f.union, f.unionKw, f.unionAt = nil, "", ""
		} else if x, ok := l.orNull(f.union); ok {
			nf := l.factsOf(x)
			nf.parts = append(f.parts, nf.parts...)
			nf.admitNull()
			return nf
		}
	}
	if f.values != nil {
		vt := valueTypes(f.values)
		if f.types == nil {
			f.types, f.typesAt = vt, f.valuesAt
		} else {
			f.types = intersectTypes(f.types, vt)
		}
	}
	return nil
}

// bare reports whether f says nothing but its union (annotations aside).
func (f *facts) bare() bool {
	return f.types == nil && f.values == nil && len(f.ints) == 0 && len(f.rats) == 0 && f.pattern == "" && !f.unique &&
		!f.object && f.items == nil && len(f.other) == 0
}

// constOnly reports whether f says nothing but a type and its values.
func (f *facts) constOnly() bool {
	return f.values != nil && len(f.union) == 0 && len(f.ints) == 0 && len(f.rats) == 0 && f.pattern == "" && !f.unique &&
		!f.object && f.items == nil && len(f.other) == 0
}

// unionValues returns the values of a union whose every branch is a const
// or an enum, in order. A branch that is a bare type (such as the "any
// other integer" of a list of known codes) makes the union that type, when
// it admits every value of the other branches: the result is then nil
// values and ok, with the types in types.
func (l *loaded) unionValues(union []*jsonschema.Schema) (vals, types []string, ok bool) {
	for _, b := range union {
		bf := l.factsOf(b)
		switch {
		case bf.constOnly():
			for _, v := range bf.values {
				if !slicesContains(vals, v) {
					vals = append(vals, v)
				}
			}
		case bf.typeOnly():
			for _, t := range bf.types {
				if !slicesContains(types, t) {
					types = append(types, t)
				}
			}
		default:
			return nil, nil, false
		}
	}
	if types == nil {
		return vals, nil, true
	}
	for _, t := range valueTypes(vals) {
		if !admitsType(types, t) {
			return nil, nil, false
		}
	}
	return nil, types, true
}

// typeOnly reports whether f says nothing but a type.
func (f *facts) typeOnly() bool {
	return f.types != nil && f.values == nil && len(f.union) == 0 && len(f.ints) == 0 && len(f.rats) == 0 && f.pattern == "" &&
		!f.unique && !f.object && f.items == nil && len(f.other) == 0
}

// orNull returns x of a union of x and a schema admitting only null.
func (l *loaded) orNull(union []*jsonschema.Schema) (*jsonschema.Schema, bool) {
	if len(union) != 2 {
		return nil, false
	}
	for i, b := range union {
		bf := l.factsOf(b)
		if len(bf.types) == 1 && bf.types[0] == "null" && bf.values == nil && len(bf.union) == 0 && !bf.object {
			return union[1-i], true
		}
	}
	return nil, false
}

// admitNull widens f to admit null as well.
func (f *facts) admitNull() {
	if f.types != nil && !slicesContains(f.types, "null") {
		f.types = append([]string{"null"}, f.types...)
	}
	if f.values != nil && !slicesContains(f.values, "null") {
		f.values = append(f.values, "null")
	}
}

// valueTypes returns the JSON types of canonical JSON texts (integer for
// whole numbers), in allTypes order.
func valueTypes(vals []string) []string {
	has := map[string]bool{}
	for _, v := range vals {
		switch {
		case v == "null":
			has["null"] = true
		case v == "true" || v == "false":
			has["boolean"] = true
		case strings.HasPrefix(v, "{"):
			has["object"] = true
		case strings.HasPrefix(v, "["):
			has["array"] = true
		case strings.HasPrefix(v, `"`):
			has["string"] = true
		default:
			if r, ok := new(big.Rat).SetString(v); ok && r.IsInt() {
				has["integer"] = true
			} else {
				has["number"] = true
			}
		}
	}
	var out []string
	for _, t := range allTypes {
		if has[t] {
			out = append(out, t)
		}
	}
	return out
}

func slicesContains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
