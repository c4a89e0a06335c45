package schema

import (
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
)

// Norm is the 2020-12 reading of the parts of a compiled schema whose
// compiled form depends on the dialect: the generator reads these instead
// of the compiler's dialect-specific fields.
type Norm struct {
	Prefix      []*jsonschema.Schema // prefixItems, or items as an array before 2020-12
	Items       *jsonschema.Schema   // items (2020-12), items as one schema, or additionalItems after an array
	DepRequired map[string][]string  // dependentRequired and the array members of dependencies
	DepSchemas  map[string]*jsonschema.Schema

	// DynRef is the target of $dynamicRef or $recursiveRef as resolved
	// statically; DynName, when not empty, the anchor the interpreter
	// looks up in the dynamic scope instead ("$recursiveAnchor" for
	// 2019-09's $recursiveRef).
	DynRef  *jsonschema.Schema
	DynName string
	// DynAnchors are the dynamic anchors that the schema resource holding
	// the schema declares: evaluating any of its schemas puts the resource
	// on the dynamic scope.
	DynAnchors map[string]*jsonschema.Schema
	// Resource names that resource when DynAnchors is set.
	Resource string
	// ContainsEval says whether an item that passes contains counts as
	// evaluated for unevaluatedItems (2020-12, not 2019-09).
	ContainsEval bool
}

// RecursiveAnchor is the DynName of 2019-09's $recursiveRef.
const RecursiveAnchor = "$recursiveAnchor"

type normCache struct {
	mu sync.Mutex
	m  map[*jsonschema.Schema]*Norm
	// falses are the false schemas standing for "additionalItems": false.
	falses map[*jsonschema.Schema]*jsonschema.Schema
	// anchors are the dynamic anchors of each resource, by its name.
	anchors map[string]map[string]*jsonschema.Schema
}

// Norm returns the 2020-12 reading of s.
func (l *Loaded) Norm(s *jsonschema.Schema) *Norm {
	l.norms.mu.Lock()
	defer l.norms.mu.Unlock()
	if n, ok := l.norms.m[s]; ok {
		return n
	}
	if l.norms.m == nil {
		l.norms.m = map[*jsonschema.Schema]*Norm{}
		l.norms.falses = map[*jsonschema.Schema]*jsonschema.Schema{}
		l.norms.anchors = map[string]map[string]*jsonschema.Schema{}
	}
	n := l.norm(s)
	l.norms.m[s] = n
	return n
}

func (l *Loaded) norm(s *jsonschema.Schema) *Norm {
	n := &Norm{Prefix: s.PrefixItems, Items: s.Items2020, DepRequired: s.DependentRequired, DepSchemas: s.DependentSchemas, ContainsEval: s.ContainsEval}
	switch it := s.Items.(type) {
	case *jsonschema.Schema:
		n.Items = it
	case []*jsonschema.Schema:
		n.Prefix = it
		switch ai := s.AdditionalItems.(type) {
		case *jsonschema.Schema:
			n.Items = ai
		case bool:
			if !ai {
				f := l.norms.falses[s]
				if f == nil {
					never := false
					f = &jsonschema.Schema{Location: s.Location + "/additionalItems", Always: &never}
					l.norms.falses[s] = f
				}
				n.Items = f
			}
		}
	}
	if len(s.Dependencies) > 0 {
		n.DepRequired = map[string][]string{}
		for k, v := range s.DependentRequired {
			n.DepRequired[k] = v
		}
		n.DepSchemas = map[string]*jsonschema.Schema{}
		for k, v := range s.DependentSchemas {
			n.DepSchemas[k] = v
		}
		for k, v := range s.Dependencies {
			switch v := v.(type) {
			case []string:
				n.DepRequired[k] = append(append([]string(nil), n.DepRequired[k]...), v...)
			case *jsonschema.Schema:
				n.DepSchemas[k] = v
			}
		}
	}
	l.normDynamic(s, n)
	return n
}

// normDynamic fills the dynamic reference and the dynamic anchors of s.
func (l *Loaded) normDynamic(s *jsonschema.Schema, n *Norm) {
	doc, ptr, raw := l.RawFor(s)
	if s.DynamicRef != nil {
		n.DynRef = s.DynamicRef
		if raw != nil {
			if ref := raw.Get("$dynamicRef"); ref != nil && ref.Kind == rt.String {
				_, frag, _ := strings.Cut(ref.Str, "#")
				if frag != "" && !strings.HasPrefix(frag, "/") && s.DynamicRef.DynamicAnchor == frag {
					n.DynName = frag
				}
			}
		}
	}
	if s.RecursiveRef != nil {
		n.DynRef = s.RecursiveRef
		if s.RecursiveRef.RecursiveAnchor {
			n.DynName = RecursiveAnchor
		}
	}
	if doc == nil || raw == nil {
		return
	}
	root := resourceRoot(doc, ptr)
	res := doc.URL + "#" + root
	anchors, ok := l.norms.anchors[res]
	if !ok {
		anchors = l.resourceAnchors(doc, root, s, ptr)
		l.norms.anchors[res] = anchors
	}
	if anchors != nil {
		n.DynAnchors, n.Resource = anchors, res
	}
}

// resourceAnchors lists the dynamic anchors of the resource that starts at
// root in doc; s is the compiled schema at ptr, inside it.
func (l *Loaded) resourceAnchors(doc *Doc, root string, s *jsonschema.Schema, ptr string) map[string]*jsonschema.Schema {
	compile := func(at string) *jsonschema.Schema {
		if at == ptr {
			return s
		}
		t, err := l.compiler.Compile(doc.URL + "#" + (&url.URL{Fragment: at}).EscapedFragment())
		if err != nil {
			return nil
		}
		return t
	}
	var anchors map[string]*jsonschema.Schema
	add := func(name, at string) {
		if t := compile(at); t != nil {
			if anchors == nil {
				anchors = map[string]*jsonschema.Schema{}
			}
			anchors[name] = t
		}
	}
	rv := doc.Raw.Lookup(root)
	if doc.Dialect == Draft2019 {
		if ra := rv.Get(RecursiveAnchor); ra != nil && ra.Text == "true" {
			add(RecursiveAnchor, root)
		}
		return anchors
	}
	if doc.Dialect < Draft2020 {
		return nil
	}
	walkResource(doc, rv, root, func(v *Value, at string) {
		if a := v.Get("$dynamicAnchor"); a != nil && a.Kind == rt.String {
			add(a.Str, at)
		}
	})
	return anchors
}

// resourceRoot finds the pointer of the schema resource that holds the
// schema at ptr: the nearest enclosing subschema with an $id, or the
// document.
func resourceRoot(doc *Doc, ptr string) string {
	for p := ptr; p != ""; {
		if isResourceRoot(doc, p) {
			return p
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return ""
}

// isResourceRoot reports whether the schema at ptr in doc starts a schema
// resource: the document itself, or a subschema with an $id.
func isResourceRoot(doc *Doc, ptr string) bool {
	if ptr == "" {
		return true
	}
	v := doc.Raw.Lookup(ptr)
	if v == nil || v.Kind != rt.Object {
		return false
	}
	id := v.Get("$id")
	if doc.Dialect == Draft4 {
		id = v.Get("id")
	}
	return id != nil && id.Kind == rt.String && !strings.HasPrefix(id.Str, "#")
}

// walkResource calls fn on every schema object of the resource that starts
// at v, not entering embedded resources.
func walkResource(doc *Doc, v *Value, ptr string, fn func(v *Value, at string)) {
	if v == nil || v.Kind != rt.Object {
		return
	}
	fn(v, ptr)
	for _, m := range v.Members {
		spec, ok := dialectKeyword(doc.Dialect, m.Key)
		if !ok {
			continue
		}
		at := ptr + "/" + PointerEscape(m.Key)
		visit := func(sub *Value, at string) {
			if sub.Kind == rt.Object && isResourceRoot(doc, at) {
				return
			}
			walkResource(doc, sub, at, fn)
		}
		switch spec.sub {
		case SubOne:
			visit(m.Val, at)
		case SubList, SubOneOrList:
			if m.Val.Kind != rt.Array {
				visit(m.Val, at)
				continue
			}
			for i, it := range m.Val.Items {
				visit(it, at+"/"+strconv.Itoa(i))
			}
		case SubMap, SubDeps:
			for _, mm := range m.Val.Members {
				visit(mm.Val, at+"/"+PointerEscape(mm.Key))
			}
		}
	}
}
