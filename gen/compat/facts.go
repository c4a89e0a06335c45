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
		f.pattern, f.patternAt = s.Pattern.String(), loc+"/pattern"
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
