package schema

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// TestNodesAtLoad checks that Load builds the node of every schema the
// files reach, across $ref, a draft-07 items array with additionalItems
// false, dependencies and a pattern, and that each node says what the
// loader's own questions answer.
func TestNodesAtLoad(t *testing.T) {
	files := []File{
		{Name: "order.json", Data: []byte(`{"title": "Order", "type": "object",
			"properties": {"id": {"$ref": "defs.json#/$defs/ID"}, "when": {"type": "string", "format": "date-time"}},
			"patternProperties": {"^x-": {"type": "string", "pattern": "^\\p{L}+$"}}}`)},
		{Name: "defs.json", Data: []byte(`{"$defs": {"ID": {"type": "string", "minLength": 1}}}`)},
		{Name: "tuple.json", Data: []byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "title": "Tuple",
			"items": [{"type": "integer"}], "additionalItems": false,
			"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}`)},
	}
	l, err := Load(Options{Files: files, AssertFormats: true})
	if err != nil {
		t.Fatal(err)
	}
	built := len(l.nodes)
	seen := map[*jsonschema.Schema]bool{}
	var visit func(s *jsonschema.Schema)
	visit = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if l.nodes[s] == nil {
			t.Errorf("%s: no node built at load time", s.Location)
			return
		}
		n := l.Node(s)
		doc, ptr, raw := l.RawFor(s)
		if n.Schema != s || n.Doc != doc || n.Ptr != ptr || n.Raw != raw || n.Norm != l.Norm(s) {
			t.Errorf("%s: node %+v disagrees with RawFor and Norm", s.Location, n)
		}
		if n.Where != l.Where(s) || n.Format != l.FormatAsserted(s) || n.DefKey != l.DefKey(s.Location) {
			t.Errorf("%s: node where %q format %q def %q, loader says %q %q %q", s.Location, n.Where, n.Format, n.DefKey,
				l.Where(s), l.FormatAsserted(s), l.DefKey(s.Location))
		}
		if s.Pattern != nil && n.Pattern != l.PatternSource(s.Pattern) {
			t.Errorf("%s: pattern %q", s.Location, n.Pattern)
		}
		for _, c := range Children(s, n.Norm) {
			visit(c)
		}
	}
	for _, d := range l.Roots {
		visit(d.Schema)
	}
	if len(l.nodes) != built {
		t.Errorf("walking the roots built %d nodes after Load", len(l.nodes)-built)
	}
	want := map[string]string{
		"order.json#/properties/when":       "date-time",
		"defs.json#/$defs/ID":               "",
		"tuple.json#/additionalItems":       "",
		"tuple.json#/dependencies/c":        "",
		"order.json#/patternProperties/^x-": "",
	}
	where := map[string]*Node{}
	for s := range seen {
		where[l.Node(s).Where] = l.Node(s)
	}
	for w, format := range want {
		n := where[w]
		if n == nil {
			t.Errorf("no node at %s", w)
			continue
		}
		if n.Format != format {
			t.Errorf("%s: format %q, want %q", w, n.Format, format)
		}
	}
	if n := where["defs.json#/$defs/ID"]; n != nil && n.DefKey != "ID" {
		t.Errorf("defs.json#/$defs/ID: DefKey %q", n.DefKey)
	}
	if n := where["order.json#/patternProperties/^x-"]; n != nil && n.Pattern != `^\p{L}+$` {
		t.Errorf("pattern as written: %q", n.Pattern)
	}
	if n := where["order.json#"]; n == nil || n.PatternProps["^x-"] == nil {
		t.Errorf("order.json: patternProperties by pattern: %+v", n)
	}
}
