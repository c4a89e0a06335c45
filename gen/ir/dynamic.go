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
//
// A name several resources declare is still fixed when one document root
// alone reaches the references that look it up and declares the name
// itself: that root's resource is the outermost on every dynamic scope
// the root starts, so each such reference lands on the root's anchor (the
// JSON Schema meta-schemas bind "#meta" this way, each vocabulary
// declaring it too). The reference is then a $ref to the root's anchor.
// Every $defs type (Options.DefTypes) that reaches such a reference must
// be reached from that root too: it is typed as the root uses it.

// dynScan is what countDynamic found: how many schema resources declare
// each dynamic anchor name, and whether some reachable dynamic reference
// may be redirected (its name is declared by several resources).
type dynScan struct {
	count      map[string]int
	redirected bool
	// bound are the names a root fixes: the anchor every reference that
	// looks the name up resolves to.
	bound map[string]*jsonschema.Schema
}

// countDynamic counts, by name, the schema resources that declare a
// dynamic anchor among every schema the roots reach, and binds the names
// one document root fixes (see bindDynamic). docRoots are the document
// roots, the first of roots; the others are $defs types.
func (b *builder) countDynamic(roots []*jsonschema.Schema, docRoots int) {
	resources := map[string]map[string]bool{}
	reached := make([]dynReach, len(roots))
	for i, r := range roots {
		reached[i] = b.reachDynamic(r, resources)
	}
	b.dyn = &dynScan{count: map[string]int{}, bound: map[string]*jsonschema.Schema{}}
	for _, declared := range resources {
		for name := range declared {
			b.dyn.count[name]++
		}
	}
	for _, r := range reached {
		for name := range r.names {
			if b.dyn.count[name] != 1 && b.dyn.bound[name] == nil {
				if to := b.bindDynamic(name, roots, reached, docRoots); to != nil {
					b.dyn.bound[name] = to
				} else {
					b.dyn.redirected = true
				}
			}
		}
	}
}

// dynReach is what one root reaches: its schemas, and the names its
// dynamic references look up.
type dynReach struct {
	seen  map[*jsonschema.Schema]bool
	names map[string]bool
}

// reachDynamic walks every schema r reaches, adding the dynamic anchors
// of each resource it enters to resources.
func (b *builder) reachDynamic(r *jsonschema.Schema, resources map[string]map[string]bool) dynReach {
	out := dynReach{seen: map[*jsonschema.Schema]bool{}, names: map[string]bool{}}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || out.seen[s] {
			return
		}
		out.seen[s] = true
		norm := b.l.Node(s).Norm
		if norm.DynAnchors != nil && resources[norm.Resource] == nil {
			resources[norm.Resource] = map[string]bool{}
			for name := range norm.DynAnchors {
				resources[norm.Resource][name] = true
			}
		}
		if norm.DynName != "" {
			out.names[norm.DynName] = true
		}
		for _, c := range schema.Children(s, norm) {
			walk(c)
		}
	}
	walk(r)
	return out
}

// bindDynamic returns the anchor that every reference looking up name
// resolves to, or nil when the dynamic scope decides it: the anchor of
// the one document root that reaches such references, when that root's
// own resource declares the name and every $defs type reaching them is
// reached from the root.
func (b *builder) bindDynamic(name string, roots []*jsonschema.Schema, reached []dynReach, docRoots int) *jsonschema.Schema {
	owner := -1
	for i := 0; i < docRoots; i++ {
		if reached[i].names[name] {
			if owner >= 0 {
				return nil // two roots: each would be the outermost resource of its own scope
			}
			owner = i
		}
	}
	if owner < 0 {
		return nil
	}
	norm := b.l.Node(roots[owner]).Norm
	to := norm.DynAnchors[name]
	if to == nil || norm.Resource != b.l.Node(to).Norm.Resource {
		return nil
	}
	for i := docRoots; i < len(roots); i++ {
		if reached[i].names[name] && !reached[owner].seen[roots[i]] {
			return nil // a $defs type outside the root, whose own scope would decide
		}
	}
	return to
}

// staticDyn reports whether the dynamic reference of norm (if any) always
// resolves to its static target.
func (b *builder) staticDyn(norm *schema.Norm) bool {
	return norm.DynName == "" || b.dyn != nil && (b.dyn.count[norm.DynName] == 1 || b.dyn.bound[norm.DynName] != nil)
}

// dynTarget is the schema a dynamic reference that staticDyn fixes
// resolves to: its static target, or the anchor of the root that binds
// its name.
func (b *builder) dynTarget(norm *schema.Norm) *jsonschema.Schema {
	if b.dyn != nil && norm.DynName != "" {
		if to := b.dyn.bound[norm.DynName]; to != nil {
			return to
		}
	}
	return norm.DynRef
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
		targets = append(targets, b.dynTarget(norm))
	}
	return targets, true
}
