package schema

import (
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Node is one compiled schema with everything the generator reads of it
// beside the compiler's fields: where it is, its ordered 2020-12 view, the
// 2020-12 reading of its dialect-dependent fields, and the answers that
// depend on its document (the format it asserts, its pattern as written,
// its $defs key). Load builds one Node per compiled schema that the files
// reach; Loaded.Node hands it out, so that a later stage never goes back
// to the loader to ask where a schema is or how its dialect reads it.
type Node struct {
	Schema *jsonschema.Schema
	// Doc, Ptr and Raw are the document, JSON Pointer and 2020-12 view of
	// the schema (see Loaded.RawFor); Doc and Raw are nil outside the
	// loaded files (a standard meta-schema's Doc is set, Raw may be).
	Doc *Doc
	Ptr string
	Raw *Value
	// Norm is the 2020-12 reading of the compiled fields that depend on
	// the dialect (see Loaded.Norm).
	Norm *Norm
	// Where names the schema for messages: file#pointer, or the compiled
	// location outside the loaded files (see Loaded.Where).
	Where string
	// Format is the format the schema asserts, "" when none or an
	// annotation (see Loaded.FormatAsserted).
	Format string
	// Pattern is the schema's pattern as the file writes it, "" without
	// one; PatternProps are its patternProperties schemas by the
	// pattern as written (see Loaded.PatternSource).
	Pattern      string
	PatternProps map[string]*jsonschema.Schema
	// DefKey is the schema's key under $defs or definitions (or in a
	// group of definitions), "" when it is no such entry (see
	// Loaded.DefKey).
	DefKey   string
	children []*jsonschema.Schema // Children(Schema, Norm)
}

// Node is the load-time node of the compiled schema s (nil for nil). Load
// and Defs build the nodes of every schema the files reach; a schema
// compiled later (Loaded.At) gets its node on first use.
func (l *Loaded) Node(s *jsonschema.Schema) *Node {
	if s == nil {
		return nil
	}
	l.nodesMu.Lock()
	n := l.nodes[s]
	l.nodesMu.Unlock()
	if n != nil {
		return n
	}
	l.walkNodes(s)
	l.nodesMu.Lock()
	defer l.nodesMu.Unlock()
	return l.nodes[s]
}

// Err is an error at the node's schema, located in its file when it has
// one.
func (n *Node) Err(format string, args ...any) error {
	name := n.Schema.Location
	if n.Doc != nil {
		name = n.Doc.Name
	}
	return &Error{File: name, Pointer: n.Ptr, Msg: fmt.Sprintf(format, args...)}
}

// walkNodes builds the nodes of s and of every schema it reaches.
func (l *Loaded) walkNodes(s *jsonschema.Schema) {
	stack := []*jsonschema.Schema{s}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s == nil {
			continue
		}
		l.nodesMu.Lock()
		done := l.nodes[s] != nil
		l.nodesMu.Unlock()
		if done {
			continue
		}
		n := l.newNode(s)
		l.nodesMu.Lock()
		if l.nodes == nil {
			l.nodes = map[*jsonschema.Schema]*Node{}
		}
		l.nodes[s] = n
		l.nodesMu.Unlock()
		stack = append(stack, n.children...)
	}
}

// newNode reads s once for the generator.
func (l *Loaded) newNode(s *jsonschema.Schema) *Node {
	doc, ptr, raw := l.RawFor(s)
	n := &Node{Schema: s, Doc: doc, Ptr: ptr, Raw: raw, Norm: l.Norm(s), Where: l.Where(s),
		Format: l.FormatAsserted(s), DefKey: l.DefKey(s.Location)}
	n.children = Children(s, n.Norm)
	if s.Pattern != nil {
		n.Pattern = l.PatternSource(s.Pattern)
	}
	if len(s.PatternProperties) > 0 {
		n.PatternProps = map[string]*jsonschema.Schema{}
		for re, ps := range s.PatternProperties {
			n.PatternProps[l.PatternSource(re)] = ps
		}
	}
	return n
}

// Children lists the subschemas and reference targets of s, whose 2020-12
// reading is norm, in no particular order (nil entries included).
func Children(s *jsonschema.Schema, norm *Norm) []*jsonschema.Schema {
	out := []*jsonschema.Schema{s.Ref, norm.DynRef, s.Not, s.If, s.Then, s.Else, s.PropertyNames,
		s.UnevaluatedProperties, s.UnevaluatedItems, s.Contains, norm.Items, s.ContentSchema}
	out = append(out, s.AllOf...)
	out = append(out, s.AnyOf...)
	out = append(out, s.OneOf...)
	out = append(out, norm.Prefix...)
	for _, p := range s.Properties {
		out = append(out, p)
	}
	for _, p := range s.PatternProperties {
		out = append(out, p)
	}
	if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok {
		out = append(out, ap)
	}
	for _, d := range norm.DepSchemas {
		out = append(out, d)
	}
	for _, a := range norm.DynAnchors {
		out = append(out, a)
	}
	return out
}
