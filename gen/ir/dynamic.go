package ir

import (
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// A dynamic reference ($dynamicRef, or 2019-09's $recursiveRef) whose
// static target declares the dynamic anchor it names is resolved by the
// dynamic scope: the outermost schema resource being evaluated that
// declares an anchor of that name. When exactly one schema resource among
// everything the roots reach declares the name, every resolution lands on
// that resource's anchor, which is the static target: the reference is
// then exactly a $ref to it, and is typed as one.

// dynScan is what countDynamic found: how many schema resources declare
// each dynamic anchor name, and whether some reachable dynamic reference
// may be redirected (its name is declared by several resources).
type dynScan struct {
	count      map[string]int
	redirected bool
}

// countDynamic counts, by name, the schema resources that declare a
// dynamic anchor among every schema the roots reach.
func (b *builder) countDynamic(roots []*jsonschema.Schema) {
	seen := map[*jsonschema.Schema]bool{}
	resources := map[string]map[string]bool{}
	var names []string // the names dynamic references look up
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		norm := b.l.Node(s).Norm
		if norm.DynAnchors != nil && resources[norm.Resource] == nil {
			resources[norm.Resource] = map[string]bool{}
			for name := range norm.DynAnchors {
				resources[norm.Resource][name] = true
			}
		}
		if norm.DynName != "" {
			names = append(names, norm.DynName)
		}
		for _, c := range schema.Children(s, norm) {
			walk(c)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	b.dyn = &dynScan{count: map[string]int{}}
	for _, declared := range resources {
		for name := range declared {
			b.dyn.count[name]++
		}
	}
	for _, name := range names {
		if b.dyn.count[name] != 1 {
			b.dyn.redirected = true
		}
	}
}

// staticDyn reports whether the dynamic reference of norm (if any) always
// resolves to its static target.
func (b *builder) staticDyn(norm *schema.Norm) bool {
	return norm.DynName == "" || b.dyn != nil && b.dyn.count[norm.DynName] == 1
}

// dynScope reports whether the dynamic scope may change what a reference
// reached from the roots resolves to: a schema in a resource that
// declares dynamic anchors must then be evaluated with its scope.
func (b *builder) dynScope() bool {
	return b.dyn == nil || b.dyn.redirected
}

// refKeyword reports whether k is a reference keyword.
func refKeyword(k string) bool {
	return k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef"
}

// refTargets are the schemas the reference keywords of s stand for: the
// $ref's target, and that of a dynamic reference that always resolves to
// its static target. ok is false when s has a dynamic reference that the
// dynamic scope may redirect.
func (b *builder) refTargets(s *jsonschema.Schema, keys map[string]*schema.Value) (targets []*jsonschema.Schema, ok bool) {
	if keys["$ref"] != nil {
		if s.Ref == nil {
			return nil, false
		}
		targets = append(targets, s.Ref)
	}
	if keys["$dynamicRef"] != nil || keys["$recursiveRef"] != nil {
		norm := b.l.Node(s).Norm
		if norm.DynRef == nil || !b.staticDyn(norm) {
			return nil, false
		}
		targets = append(targets, norm.DynRef)
	}
	return targets, true
}
