package ir

import (
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// nodeOf builds the interpreter node for s and everything it reaches.
func (b *builder) nodeOf(s *jsonschema.Schema) (*Node, error) {
	if s == nil {
		return nil, nil
	}
	if n, ok := b.nodeCache(s)[s]; ok {
		return n, nil
	}
	if err := b.checkKnown(s); err != nil {
		return nil, err
	}
	keys, raw := b.constraintKeys(s)
	norm := b.l.Node(s).Norm
	if len(keys) == 1 && keys["$ref"] != nil && s.Ref != nil && norm.DynAnchors == nil {
		// A bare $ref is its target; cycles of bare refs were refused by
		// the compiler.
		n, err := b.referenced(s.Ref)
		b.nodeCache(s)[s] = n
		return n, err
	}
	if keys[schema.RegexProperties] != nil {
		return nil, b.errAt(s, "the draft-04 meta-schema's %s (names must be regular expressions) is not supported", schema.RegexProperties)
	}
	n := &Node{ID: b.nextID(), Schema: s, Loc: b.l.Node(s).Where, MaxContains: -1}
	b.nodeCache(s)[s] = n
	if s.Always != nil {
		n.Never = !*s.Always
		return n, nil
	}
	n.Types = s.Types
	if err := b.nodeValues(s, n, keys); err != nil {
		return nil, err
	}
	b.nodeScalars(s, n, keys)
	var err error
	if err = b.nodeArray(s, n, keys); err != nil {
		return nil, err
	}
	if err = b.nodeObject(s, n, raw); err != nil {
		return nil, err
	}
	return n, b.nodeApplicators(s, n, keys)
}

func (b *builder) nodeValues(s *jsonschema.Schema, n *Node, keys map[string]*schema.Value) error {
	if c, ok := keys["const"]; ok {
		canon, err := rtimpl.Canonical(c.Text)
		if err != nil {
			return b.errAt(s, "const: %v", err)
		}
		n.Const = []string{canon}
	}
	if e, ok := keys["enum"]; ok {
		n.Enum = []string{} // present: an empty enum admits nothing
		for _, v := range e.Items {
			canon, err := rtimpl.Canonical(v.Text)
			if err != nil {
				return b.errAt(s, "enum: %v", err)
			}
			n.Enum = append(n.Enum, canon)
		}
	}
	return nil
}

func (b *builder) nodeScalars(s *jsonschema.Schema, n *Node, keys map[string]*schema.Value) {
	if s.MinLength > 0 || s.MaxLength >= 0 || s.Pattern != nil || b.l.Node(s).Format != "" {
		n.Str = &StrRule{MinLen: max(s.MinLength, 0), MaxLen: s.MaxLength, Format: b.l.Node(s).Format, Pattern: b.l.Node(s).Pattern}
	}
	if nb := numBounds(s); !nb.Empty() {
		n.Num = nb
	}
}

func (b *builder) nodeArray(s *jsonschema.Schema, n *Node, keys map[string]*schema.Value) error {
	var err error
	norm := b.l.Node(s).Norm
	for _, p := range norm.Prefix {
		pn, err := b.nodeOf(p)
		if err != nil {
			return err
		}
		n.Prefix = append(n.Prefix, pn)
	}
	if n.Items, err = b.nodeOf(norm.Items); err != nil {
		return err
	}
	if n.Contains, err = b.nodeOf(s.Contains); err != nil {
		return err
	}
	if s.Contains != nil {
		n.MinContains, n.MaxContains = s.MinContains, s.MaxContains
		n.ContainsNoEval = !norm.ContainsEval
	}
	if s.MinItems > 0 || s.MaxItems >= 0 {
		n.ArrSize = &Size{Min: max(s.MinItems, 0), Max: s.MaxItems}
	}
	n.Unique = s.UniqueItems
	return nil
}

func (b *builder) nodeObject(s *jsonschema.Schema, n *Node, raw *schema.Value) error {
	for _, name := range orderedKeys(raw.Get("properties"), s.Properties) {
		pn, err := b.nodeOf(s.Properties[name])
		if err != nil {
			return err
		}
		n.Props = append(n.Props, NamedNode{name, pn})
	}
	if pp := raw.Get("patternProperties"); pp != nil {
		byPattern := b.l.Node(s).PatternProps
		for _, m := range pp.Members { // document order keeps node numbering stable
			pn, err := b.nodeOf(byPattern[m.Key])
			if err != nil {
				return err
			}
			n.Patterns = append(n.Patterns, NamedNode{m.Key, pn})
		}
	}
	switch ap := s.AdditionalProperties.(type) {
	case bool:
		if ap {
			n.Additional = &Node{ID: -2} // true: evaluates every other member
		} else {
			n.Additional = &Node{ID: -1, Never: true}
		}
	case *jsonschema.Schema:
		an, err := b.nodeOf(ap)
		if err != nil {
			return err
		}
		n.Additional = an
	}
	var err error
	if n.PropertyNames, err = b.nodeOf(s.PropertyNames); err != nil {
		return err
	}
	n.Required = s.Required
	norm := b.l.Node(s).Norm
	if len(s.Dependencies) > 0 {
		n.DepKeyword = "dependencies"
	}
	for _, name := range sortedKeys(norm.DepRequired) {
		n.DepRequired = append(n.DepRequired, DepReq{name, norm.DepRequired[name]})
	}
	for _, name := range sortedKeys(norm.DepSchemas) {
		dn, err := b.nodeOf(norm.DepSchemas[name])
		if err != nil {
			return err
		}
		n.DepSchemas = append(n.DepSchemas, NamedNode{name, dn})
	}
	if s.MinProperties > 0 || s.MaxProperties >= 0 {
		n.ObjSize = &Size{Min: max(s.MinProperties, 0), Max: s.MaxProperties}
	}
	return nil
}

func (b *builder) nodeApplicators(s *jsonschema.Schema, n *Node, keys map[string]*schema.Value) error {
	var err error
	if keys["$ref"] != nil {
		if n.Ref, err = b.referenced(s.Ref); err != nil {
			return err
		}
	}
	if err := b.nodeDynamic(s, n); err != nil {
		return err
	}
	list := func(ss []*jsonschema.Schema) ([]*Node, error) {
		var out []*Node
		for _, x := range ss {
			xn, err := b.nodeOf(x)
			if err != nil {
				return nil, err
			}
			out = append(out, xn)
		}
		return out, nil
	}
	if n.AllOf, err = list(s.AllOf); err != nil {
		return err
	}
	if n.AnyOf, err = list(s.AnyOf); err != nil {
		return err
	}
	if n.OneOf, err = list(s.OneOf); err != nil {
		return err
	}
	for _, p := range []struct {
		dst **Node
		src *jsonschema.Schema
	}{{&n.Not, s.Not}, {&n.If, s.If}, {&n.Then, s.Then}, {&n.Else, s.Else},
		{&n.UnevalProps, s.UnevaluatedProperties}, {&n.UnevalItems, s.UnevaluatedItems}} {
		if *p.dst, err = b.nodeOf(p.src); err != nil {
			return err
		}
	}
	return nil
}

// nodeDynamic fills the dynamic reference of s ($dynamicRef, or
// 2019-09's $recursiveRef) and the dynamic anchors of the schema resource
// that holds s.
func (b *builder) nodeDynamic(s *jsonschema.Schema, n *Node) error {
	norm := b.l.Node(s).Norm
	var err error
	if norm.DynRef != nil {
		if n.DynRef, err = b.referenced(b.dynTarget(norm)); err != nil {
			return err
		}
		if !b.staticDyn(norm) {
			n.DynName = norm.DynName // else it always resolves to its static target
		}
	}
	if b.unentered(s) {
		return nil // its resource is not on the scope (see entryNode)
	}
	n.DynResource = norm.Resource
	for _, name := range sortedKeys(norm.DynAnchors) {
		an, err := b.nodeOf(norm.DynAnchors[name])
		if err != nil {
			return err
		}
		n.DynAnchors = append(n.DynAnchors, NamedNode{name, an})
	}
	return nil
}

// orderedKeys lists the keys of m in the order the raw object has them.
func orderedKeys[V any](raw *schema.Value, m map[string]V) []string {
	var out []string
	if raw != nil {
		for _, mb := range raw.Members {
			if _, ok := m[mb.Key]; ok {
				out = append(out, mb.Key)
			}
		}
	}
	if len(out) != len(m) {
		return sortedKeys(m)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
