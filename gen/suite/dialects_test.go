package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// TestDialectCasesAgreeWithReference checks this package's own cases for
// the older dialects (testdata/dialects) against santhosh-tekuri/jsonschema/v5,
// so that the verdicts TestSuite holds the generated code to are right.
func TestDialectCasesAgreeWithReference(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "dialects", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no dialect cases: %v", err)
	}
	for _, n := range names {
		f, err := loadFile(n, "dialects", false, 2020)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range f.Cases {
			url := fmt.Sprintf("http://reference.invalid/%s/c%d.json", f.Dir, c.Index)
			comp := jsonschema.NewCompiler()
			if err := comp.AddResource(url, bytes.NewReader(asDraft4(t, c.Schema))); err != nil {
				t.Fatalf("%s #%d: %v", f.Name, c.Index, err)
			}
			s, err := comp.Compile(url)
			if err != nil {
				t.Fatalf("%s #%d: %v", f.Name, c.Index, err)
			}
			for _, tc := range c.Tests {
				var v any
				if err := json.Unmarshal(tc.Data, &v); err != nil {
					t.Fatal(err)
				}
				if got := s.Validate(v) == nil; got != tc.Valid {
					t.Errorf("%s #%d %q / %q: the reference validator says valid=%v, the case says %v", f.Name, c.Index, c.Description, tc.Description, got, tc.Valid)
				}
			}
		}
	}
}

// asDraft4 gives the reference validator an OpenAPI 3.0 schema (one whose
// $schema names OpenAPI 3.0's schema) as the draft-04 schema it means:
// "nullable": true beside "type" adds "null" to it (OpenAPI 3.0.3), and
// $schema names draft-04. This is written apart from zerogen's own reading,
// so that the two are compared. Other schemas are returned as they are.
func asDraft4(t *testing.T, schema []byte) []byte {
	var v map[string]any
	if json.Unmarshal(schema, &v) != nil {
		return schema
	}
	if s, _ := v["$schema"].(string); !strings.Contains(s, "spec.openapis.org/oas/3.0/") {
		return schema
	}
	v["$schema"] = "http://json-schema.org/draft-04/schema#"
	addNull(v)
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// addNull rewrites nullable in every schema object under v. It walks all
// objects and arrays, enum values included: the cases hold no enum or
// const value with a "nullable" member.
func addNull(v any) {
	switch v := v.(type) {
	case []any:
		for _, it := range v {
			addNull(it)
		}
	case map[string]any:
		for _, m := range v {
			addNull(m)
		}
		if v["nullable"] != true || v["$ref"] != nil {
			return
		}
		switch typ := v["type"].(type) {
		case string:
			if typ != "null" {
				v["type"] = []any{typ, "null"}
			}
		case []any:
			if !slices.Contains(typ, any("null")) {
				v["type"] = append(typ, "null")
			}
		}
	}
}
