package ir

import (
	"path"
	"strings"

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
// A name several resources declare (a schema that extends another
// redeclares its anchor) is resolved by where evaluation starts. A root,
// or a $defs type (Options.DefTypes) that starts a resource of its own
// ($id), is such a start: its resource is the outermost on every scope it
// begins. When that resource declares every such name the start reaches,
// each reference lands on the resource's own anchor for its name, so from
// that start it is again a $ref. The start then types what it reaches in
// a binding context of its resource (dynCtx): the schemas whose meaning
// depends on the scope (dependent) get a type and an interpreter node per
// context, as the JSON Schema meta-schemas need: a vocabulary read alone
// binds "#meta" to itself, and read from the meta-schema that gathers the
// vocabularies, to that one. A start whose resource does not declare
// every name it reaches, or that lies inside its resource, keeps the
// interpreter as a whole, which carries the scope (see entryNode).

// dynScan is what countDynamic found: how many schema resources declare
// each dynamic anchor name, which schemas depend on the scope, and the
// binding contexts made so far.
type dynScan struct {
	count map[string]int
	// dependent are the schemas that reach a dynamic reference whose name
	// several resources declare (see scopedRef).
	dependent map[*jsonschema.Schema]bool
	ctxs      map[string]*dynCtx // by resource
	copies    []scopedCopy
	// starts remembers startCtx's answer for each start it was asked of.
	starts map[*jsonschema.Schema]startAnswer
}

// startAnswer is what startCtx found for a start.
type startAnswer struct {
	ctx *dynCtx
	ok  bool
}

// dynCtx is a binding context: the starts in one schema resource, which
// declares the anchors every scoped reference they reach resolves to. The
// dependent schemas typed there have their types and nodes here.
type dynCtx struct {
	resource string
	label    string // the first start's name, for the names of copies (see scopeName)
	anchors  map[string]*jsonschema.Schema
	types    map[*jsonschema.Schema]*Type
	nodes    map[*jsonschema.Schema]*Node
}

// countDynamic counts, by name, the schema resources that declare a
// dynamic anchor among every schema the roots reach, and finds the
// schemas whose meaning depends on the dynamic scope.
func (b *builder) countDynamic(roots []*jsonschema.Schema) {
	b.dyn = &dynScan{count: map[string]int{}, dependent: map[*jsonschema.Schema]bool{}, ctxs: map[string]*dynCtx{},
		starts: map[*jsonschema.Schema]startAnswer{}}
	seen := map[*jsonschema.Schema]bool{}
	counted := map[string]bool{} // resources whose anchor names are counted
	parents := map[*jsonschema.Schema][]*jsonschema.Schema{}
	var order []*jsonschema.Schema
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		order = append(order, s)
		norm := b.l.Node(s).Norm
		if norm.DynAnchors != nil && !counted[norm.Resource] {
			counted[norm.Resource] = true
			for name := range norm.DynAnchors {
				b.dyn.count[name]++
			}
		}
		for _, c := range meaningChildren(s, norm) {
			if c != nil {
				parents[c] = append(parents[c], s)
			}
			walk(c)
		}
		for _, a := range norm.DynAnchors {
			walk(a) // the interpreter links them; they mean nothing to s
		}
	}
	for _, r := range roots {
		walk(r)
	}
	var queue []*jsonschema.Schema
	for _, s := range order {
		if b.scopedRef(b.l.Node(s).Norm) {
			b.dyn.dependent[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, p := range parents[s] {
			if !b.dyn.dependent[p] {
				b.dyn.dependent[p] = true
				queue = append(queue, p)
			}
		}
	}
}

// meaningChildren are the subschemas and reference targets that decide
// what s admits: schema.Children without the dynamic anchors of s's
// resource, which only a dynamic reference below would look up.
func meaningChildren(s *jsonschema.Schema, norm *schema.Norm) []*jsonschema.Schema {
	n := *norm
	n.DynAnchors = nil
	return schema.Children(s, &n)
}

// scopedRef reports whether norm's dynamic reference looks up a name that
// several resources declare: what it resolves to depends on the scope.
func (b *builder) scopedRef(norm *schema.Norm) bool {
	return norm.DynName != "" && (b.dyn == nil || b.dyn.count[norm.DynName] != 1)
}

// startCtx returns the binding context of a start s (a root or a $defs
// type), nil when what s admits does not depend on the scope; ok is false
// when it does and s's resource leaves a name it reaches to the scope.
func (b *builder) startCtx(s *jsonschema.Schema) (*dynCtx, bool) {
	if b.dyn == nil || !b.dyn.dependent[s] {
		return nil, true
	}
	a, seen := b.dyn.starts[s]
	if !seen {
		a.ctx, a.ok = b.bindStart(s)
		b.dyn.starts[s] = a
	}
	return a.ctx, a.ok
}

// bindStart is startCtx for a start s whose meaning depends on the scope.
func (b *builder) bindStart(s *jsonschema.Schema) (ctx *dynCtx, ok bool) {
	norm := b.l.Node(s).Norm
	if !b.resourceRoot(s) {
		// No anchor to bind to, or s is inside its resource: evaluation
		// entered there has not entered the resource (jsonschema/v5 and
		// ajv agree), so the first resource it enters decides.
		return nil, false
	}
	seen := map[*jsonschema.Schema]bool{}
	var declared func(t *jsonschema.Schema) bool
	declared = func(t *jsonschema.Schema) bool {
		if t == nil || seen[t] || !b.dyn.dependent[t] {
			return true
		}
		seen[t] = true
		tn := b.l.Node(t).Norm
		if b.scopedRef(tn) && norm.DynAnchors[tn.DynName] == nil {
			return false
		}
		for _, c := range meaningChildren(t, tn) {
			if !declared(c) {
				return false
			}
		}
		return true
	}
	if !declared(s) {
		return nil, false
	}
	if ctx = b.dyn.ctxs[norm.Resource]; ctx == nil {
		ctx = &dynCtx{resource: norm.Resource, label: b.startLabel(s), anchors: norm.DynAnchors,
			types: map[*jsonschema.Schema]*Type{}, nodes: map[*jsonschema.Schema]*Node{}}
		b.dyn.ctxs[norm.Resource] = ctx
	}
	return ctx, true
}

// scopeName notes t, the type of s in a binding context of another
// resource than s's own: when s has another type too (from its own
// context, or from another), nameCopies prefixes t's name with the
// context's label ("DocTree": the tree whose dynamic references are
// Doc's).
func (b *builder) scopeName(s *jsonschema.Schema, t *Type) {
	if b.ctx == nil || !b.dyn.dependent[s] || b.l.Node(s).Norm.Resource == b.ctx.resource {
		return
	}
	b.dyn.copies = append(b.dyn.copies, scopedCopy{t, b.ctx})
}

// scopedCopy is a type scopeName noted, with its context.
type scopedCopy struct {
	t   *Type
	ctx *dynCtx
}

// nameCopies prefixes the names of the copies scopeName noted whose
// schema has another type.
func (b *builder) nameCopies() {
	if b.dyn == nil {
		return
	}
	for _, c := range b.dyn.copies {
		s := c.t.Schema
		other := b.types[s] != nil && b.types[s] != c.t
		for _, ctx := range b.dyn.ctxs {
			if ctx != c.ctx && ctx.types[s] != nil && ctx.types[s] != c.t {
				other = true
			}
		}
		if !other {
			continue
		}
		switch {
		case c.t.Name != "":
			c.t.Name = GoName(c.ctx.label) + c.t.Name
		case c.t.DefName != "":
			c.t.DefName = c.ctx.label + "-" + c.t.DefName
		}
	}
}

// startLabel names a start for the copies typed in its context: its
// title, its $defs key, or its file's name.
func (b *builder) startLabel(s *jsonschema.Schema) string {
	if s.Title != "" {
		return s.Title
	}
	if key := b.l.Node(s).DefKey; key != "" {
		return key
	}
	return fileTypeName(path.Base(strings.SplitN(s.Location, "#", 2)[0]))
}

// resourceRoot reports whether s is the root of its schema resource (a
// document, or a subschema with an $id) that declares dynamic anchors.
// Only there does evaluation put the resource on the dynamic scope: a
// pointer into a resource ("doc#/$defs/forest") does not, as jsonschema/v5
// and ajv read it.
func (b *builder) resourceRoot(s *jsonschema.Schema) bool {
	node := b.l.Node(s)
	return node.Norm.DynAnchors != nil && node.Doc != nil && node.Norm.Resource == node.Doc.URL+"#"+node.Ptr
}

// entryNode builds the interpreter node of a start that keeps the
// interpreter. A start inside a resource that declares dynamic anchors (a
// pointer, "doc#/$defs/forest") has not entered that resource: as
// jsonschema/v5 and ajv read it, evaluation begins with an empty scope, and
// only a reference into the resource puts it there. So the nodes of that
// resource reached from the start without a reference are built apart,
// without its anchors.
func (b *builder) entryNode(s *jsonschema.Schema) (*Node, error) {
	norm := b.l.Node(s).Norm
	if norm.DynAnchors == nil || b.resourceRoot(s) {
		return b.nodeOf(s)
	}
	if b.entryNodes == nil {
		b.entryNodes = map[*jsonschema.Schema]*Node{}
	}
	prev := b.entryRes
	b.entryRes = norm.Resource
	defer func() { b.entryRes = prev }()
	return b.nodeOf(s)
}

// unentered reports whether s is a schema of the resource a start inside
// it has not entered (see entryNode).
func (b *builder) unentered(s *jsonschema.Schema) bool {
	return b.entryRes != "" && b.l.Node(s).Norm.Resource == b.entryRes
}

// referenced builds the node of the target of a reference: following a
// reference enters the target's resource, whatever the start.
func (b *builder) referenced(s *jsonschema.Schema) (*Node, error) {
	prev := b.entryRes
	b.entryRes = ""
	defer func() { b.entryRes = prev }()
	return b.nodeOf(s)
}

// inCtx runs fn with ctx as the binding context.
func (b *builder) inCtx(ctx *dynCtx, fn func() error) error {
	prev := b.ctx
	b.ctx = ctx
	defer func() { b.ctx = prev }()
	return fn()
}

// staticDyn reports whether the dynamic reference of norm (if any)
// resolves to one schema wherever it is met: its static target, or in a
// binding context, the context's anchor.
func (b *builder) staticDyn(norm *schema.Norm) bool {
	return !b.scopedRef(norm) || b.ctx != nil && b.ctx.anchors[norm.DynName] != nil
}

// dynTarget is the schema a dynamic reference that staticDyn fixes
// resolves to.
func (b *builder) dynTarget(norm *schema.Norm) *jsonschema.Schema {
	if b.scopedRef(norm) && b.ctx != nil {
		if to := b.ctx.anchors[norm.DynName]; to != nil {
			return to
		}
	}
	return norm.DynRef
}

// scopeMatters reports whether s must be evaluated with its dynamic
// scope: it depends on the scope, and no binding context fixes it.
func (b *builder) scopeMatters(s *jsonschema.Schema) bool {
	return b.dyn == nil || b.dyn.dependent[s] && b.ctx == nil
}

// typeCache is the map of types s belongs in: its binding context's when
// it depends on the scope, else the one every context shares.
func (b *builder) typeCache(s *jsonschema.Schema) map[*jsonschema.Schema]*Type {
	if b.ctx != nil && b.dyn.dependent[s] {
		return b.ctx.types
	}
	return b.types
}

// nodeCache is typeCache's counterpart for interpreter nodes.
func (b *builder) nodeCache(s *jsonschema.Schema) map[*jsonschema.Schema]*Node {
	if b.unentered(s) {
		return b.entryNodes
	}
	if b.ctx != nil && b.dyn.dependent[s] {
		return b.ctx.nodes
	}
	return b.nodes
}

// allTypes lists every typed schema's type: those shared, then each
// context's, contexts by resource.
func (b *builder) allTypes() []*Type {
	var out []*Type
	for _, t := range b.types {
		out = append(out, t)
	}
	for _, r := range sortedKeys(b.dyn.ctxs) {
		for _, t := range b.dyn.ctxs[r].types {
			out = append(out, t)
		}
	}
	return out
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
