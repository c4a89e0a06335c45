package schema

import (
	"strings"
	"testing"
)

func TestParseDialect(t *testing.T) {
	for in, want := range map[string]Dialect{
		"draft-04": Draft4, "draft4": Draft4, "4": Draft4, "06": Draft6, "draft-07": Draft7,
		"2019-09": Draft2019, "2020-12": Draft2020, "http://json-schema.org/draft-07/schema#": Draft7,
		"https://json-schema.org/draft/2019-09/schema": Draft2019,
	} {
		if got, err := ParseDialect(in); err != nil || got != want {
			t.Errorf("ParseDialect(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"draft-05", "2021", ""} {
		if _, err := ParseDialect(in); err == nil {
			t.Errorf("ParseDialect(%q) accepted", in)
		}
	}
}

// TestViews checks the 2020-12 view of draft-04 keywords.
func TestViews(t *testing.T) {
	l, err := Load(Options{Files: []File{{Name: "s.json", Data: []byte(`{
		"$schema": "http://json-schema.org/draft-04/schema#",
		"id": "http://example.test/s.json",
		"maximum": 5, "exclusiveMaximum": true, "minimum": 1, "exclusiveMinimum": false,
		"items": [{"type": "integer"}], "additionalItems": {"type": "string"},
		"dependencies": {"a": ["b"], "c": {"required": ["d"]}},
		"definitions": {"x": {"$ref": "#", "maxLength": 2}}
	}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	doc := l.Roots[0]
	if doc.Dialect != Draft4 || doc.URL != "http://example.test/s.json" {
		t.Fatalf("dialect %v, URL %s", doc.Dialect, doc.URL)
	}
	_, _, view := l.RawFor(doc.Schema)
	var keys []string
	for _, m := range view.Members {
		keys = append(keys, m.Key+"="+string(view.Get(m.Key).Bytes()))
	}
	got := strings.Join(keys, " ")
	want := `$schema="http://json-schema.org/draft-04/schema#" $id="http://example.test/s.json" exclusiveMaximum=5 minimum=1 ` +
		`prefixItems=[{"type":"integer"}] items={"type":"string"} $defs={"x":{"$ref":"#","maxLength":2}} ` +
		`dependentRequired={"a":["b"]} dependentSchemas={"c":{"required":["d"]}}`
	if got != want {
		t.Errorf("view:\n got %s\nwant %s", got, want)
	}
	x := l.Docs["http://example.test/s.json"].Raw.Lookup("/definitions/x")
	if v := doc.views[x]; v == nil || len(v.Members) != 1 || v.Members[0].Key != "$ref" {
		t.Errorf("the siblings of $ref are kept: %v", v)
	}
	n := l.Norm(doc.Schema)
	if len(n.Prefix) != 1 || n.Items == nil || len(n.DepRequired["a"]) != 1 || n.DepSchemas["c"] == nil {
		t.Errorf("norm: %+v", n)
	}
}
