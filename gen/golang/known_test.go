package golang_test

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen"
)

// TestKnownValuesRefused checks that zerogen refuses an x-known-values
// declaration it cannot turn into constants, and says where and why.
func TestKnownValuesRefused(t *testing.T) {
	const head = `{"title": "Doc", "type": "object", "properties": {"code": {"$ref": "#/$defs/code"}}, "$defs": {"code": `
	for _, c := range []struct{ name, def, want string }{
		{"no name", `{"type": "object", "properties": {"c": {"type": "string", "x-known-values": [{"const": "a", "description": "A."}]}}}`,
			"needs a name for its constants"},
		{"not a scalar", `{"type": "boolean", "x-known-values": [{"const": true, "description": "Yes."}]}`,
			"string or integer schema"},
		{"empty", `{"type": "string", "x-known-values": []}`, "non-empty array"},
		{"no description", `{"type": "string", "x-known-values": [{"const": "a"}]}`, "x-known-values/0: no description"},
		{"unknown member", `{"type": "string", "x-known-values": [{"const": "a", "description": "A.", "enum": []}]}`, `unknown member "enum"`},
		{"wrong kind", `{"type": "string", "x-known-values": [{"const": 1, "title": "One", "description": "A."}]}`, "is not a string"},
		{"integer without title", `{"type": "integer", "x-known-values": [{"const": 1, "description": "One."}]}`, "needs a title"},
		{"not a Go name", `{"type": "integer", "x-known-values": [{"const": 1, "title": "one thing", "description": "One."}]}`, "title must be a Go name"},
		{"invalid const", `{"type": "string", "pattern": "^[a-z]+$", "x-known-values": [{"const": "A1", "description": "A."}]}`,
			"not valid against the schema that declares it"},
		{"same Go name", `{"type": "string", "x-known-values": [{"const": "a_b", "description": "A."}, {"const": "a-b", "description": "B."}]}`,
			"CodeAB is the Go name of entry 0 too"},
		{"name of a type", `{"type": "string", "x-known-values": [{"const": "thing", "description": "A."}]}, "thing": {"title": "CodeThing", "type": "object", "properties": {"a": {"type": "string"}}}`,
			"has the name of a type or function"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := head + c.def + `}}`
			if c.name == "name of a type" {
				doc = strings.Replace(doc, `"properties": {`, `"properties": {"t": {"$ref": "#/$defs/thing"}, `, 1)
			}
			_, err := gen.Generate(gen.Config{Package: "p", Files: []gen.File{{Name: "doc.json", Data: []byte(doc)}}})
			if err == nil {
				t.Fatalf("generated %s without an error", doc)
			}
			t.Log(err)
			if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "doc.json") {
				t.Errorf("error %q does not name doc.json and say %q", err, c.want)
			}
		})
	}
}
