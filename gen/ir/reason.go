package ir

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
)

// RawValue is one place where the model keeps rt.Raw: the schema there,
// the Go field and why the schema has no Go shape.
type RawValue struct {
	Pointer string // file#/pointer of the schema at that place
	Go      string // Type.Field, Type.Extra, Type[] (items), ...
	Reason  string // "" when the schema admits any value ({}, true)
	// Field is set for a property of a struct (not a wrapper's Value).
	Field bool
}

// Open reports whether the schema there admits any value: rt.Raw is its
// exact Go shape.
func (v RawValue) Open() bool { return v.Reason == "" }

func (v RawValue) String() string {
	if v.Open() {
		return fmt.Sprintf("%s: %s is rt.Raw: the schema admits any value", v.Pointer, v.Go)
	}
	return fmt.Sprintf("%s: %s is rt.Raw: %s", v.Pointer, v.Go, v.Reason)
}

// RawValues lists every place the model keeps rt.Raw, in the order of the
// named types, then of their members.
func (m *Model) RawValues() []RawValue {
	var out []RawValue
	seen := map[string]bool{}
	add := func(t *Type, ptr, goName string, field bool) {
		if t == nil || t.Kind != KRaw || seen[ptr+" "+goName] {
			return
		}
		seen[ptr+" "+goName] = true
		out = append(out, RawValue{Pointer: ptr, Go: goName, Reason: t.RawReason, Field: field})
	}
	types := append(append([]*Type(nil), m.Roots...), m.Types...)
	for _, t := range types {
		for _, f := range t.Fields {
			if f.Const != "" || f.Type == nil {
				continue
			}
			at := m.place(propertySchema(t, f), f.Type.Loc)
			add(f.Type, at, t.Name+"."+f.Go, !t.IsWrapper())
			add(elemOf(f.Type), at+"/items", t.Name+"."+f.Go+"[]", false)
		}
		if t.Extra != nil && t.Extra.Node != nil {
			add(t.Extra, m.place(t.Extra.Schema, t.Extra.Loc), t.Name+".Extra", false)
		}
		for _, p := range t.Patterns {
			add(p.Type, m.place(p.Type.Schema, p.Type.Loc), t.Name+"."+p.Go, false)
		}
		for _, a := range t.Alts {
			if a.Type != nil {
				add(a.Type, m.place(a.Type.Schema, a.Type.Loc), t.Name+"."+a.Go, false)
			}
		}
	}
	return out
}

// place is where schema s is, as file#pointer, or loc when s is unknown.
func (m *Model) place(s *jsonschema.Schema, loc string) string {
	if s == nil || m.l == nil {
		return loc
	}
	sn := m.l.Node(s)
	doc, ptr := sn.Doc, sn.Ptr
	if doc == nil {
		return loc
	}
	return doc.Name + "#" + ptr
}

// elemOf is the element type of an array or map, or nil.
func elemOf(t *Type) *Type {
	if t.Kind == KArray || t.Kind == KMap {
		return t.Elem
	}
	return nil
}

// propertySchema is the schema of field f of struct t: the property's
// own when t's schema declares it, else its type's.
func propertySchema(t *Type, f *Field) *jsonschema.Schema {
	if t.Schema != nil && !t.IsWrapper() {
		if ps := t.Schema.Properties[f.JSON]; ps != nil {
			return ps
		}
	}
	return f.Type.Schema
}

// rawReason says why s has no Go shape, or "" when it admits any value.
func (b *builder) rawReason(s *jsonschema.Schema, keys map[string]*schema.Value) string {
	if s.Always != nil {
		if *s.Always {
			return ""
		}
		return "false admits no value"
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	has := func(k string) bool { return keys[k] != nil }
	switch {
	case len(keys) == 0:
		return ""
	case len(keys) == 1 && has("anyOf") && b.anyOfOpen(s):
		return ""
	case has("anyOf") || has("oneOf"):
		return b.unionReason(s)
	case has("allOf"):
		return "an allOf whose parts do not merge into one struct"
	case has("type") && len(s.Types) > 2 || has("type") && len(s.Types) == 2 && !slices.Contains(s.Types, "null"):
		return "several types whose keywords no sum holds (" + strings.Join(names, ", ") + ")"
	case has("type") && len(s.Types) == 1 && s.Types[0] == "null":
		return "the value can only be null, and keywords beside type need the interpreter (" + strings.Join(names, ", ") + ")"
	case !has("type"):
		return "the schema names no type, so its values may be of any JSON kind (" + strings.Join(names, ", ") + ")"
	case b.noStringPasses(s, keys):
		return "no value passes: every string the const or enum lists fails the schema's own length, pattern or format (as jsonschema/v5 checks it)"
	}
	return "no Go shape holds these keywords together: " + strings.Join(names, ", ")
}

// noStringPasses reports whether s is a string schema whose const or enum
// lists strings only, none of which passes its string keywords: the
// schema admits no value.
func (b *builder) noStringPasses(s *jsonschema.Schema, keys map[string]*schema.Value) bool {
	if len(s.Types) != 1 || s.Types[0] != "string" {
		return false
	}
	var vals []*schema.Value
	switch {
	case keys["const"] != nil && keys["enum"] == nil:
		vals = []*schema.Value{keys["const"]}
	case keys["enum"] != nil && keys["const"] == nil:
		vals = keys["enum"].Items
	default:
		return false
	}
	rule := b.strRule(s)
	for _, v := range vals {
		if v.Kind != rt.String || rule.Check(v.Str, -1) == nil {
			return false
		}
	}
	return len(vals) > 0
}

// anyOfOpen reports whether a branch of the anyOf of s admits any value.
func (b *builder) anyOfOpen(s *jsonschema.Schema) bool {
	for _, br := range s.AnyOf {
		if t := b.typeCache(br)[br]; t != nil && IsOpen(t) {
			return true
		}
	}
	return false
}

// unionReason says why an anyOf or oneOf has no Go shape, from what its
// branches are.
func (b *builder) unionReason(s *jsonschema.Schema) string {
	list, kw := s.AnyOf, "anyOf"
	if len(s.OneOf) > 0 {
		list, kw = s.OneOf, "oneOf"
	}
	kinds := map[string]int{}
	for _, br := range list {
		keys, _ := b.constraintKeys(br)
		if to := refOnly(br, keys); to != nil {
			br = to
			keys, _ = b.constraintKeys(br)
		}
		switch {
		case len(keys) == 1 && len(br.Types) == 1 && br.Types[0] == "null":
			continue
		case keys["not"] != nil:
			return kw + " with a branch that says not (an open variant beside tagged ones)"
		}
		kinds[branchKind(br, keys)]++
	}
	switch {
	case len(kinds) == 1 && kinds["object"] > 1:
		return kw + " of objects that no Go struct per branch can hold"
	case kinds["array"] > 1:
		return kw + " of several arrays (one JSON kind, told apart only by their items)"
	case kinds["any"] > 0:
		return kw + " with a branch that says no type (its values may be of several kinds)"
	}
	return kw + " of branches of one JSON kind that no Go shape tells apart"
}

// branchKind is the JSON kind a branch admits, as far as its keywords say.
func branchKind(s *jsonschema.Schema, keys map[string]*schema.Value) string {
	switch {
	case len(s.Types) == 1:
		return s.Types[0]
	case keys["properties"] != nil || keys["required"] != nil:
		return "object"
	case keys["items"] != nil:
		return "array"
	}
	return "any"
}
