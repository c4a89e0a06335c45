package schema

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestKnownValues holds every x-known-values declaration to its rules: it
// sits on a string or integer definition; each entry is an object with a
// const, a description and, for integers, a Go-style title, and nothing
// else; consts are unique; and each const is valid under the definition
// it annotates, as jsonschema/v5 compiles it.
func TestKnownValues(t *testing.T) {
	files := loadSchemaFiles(t)
	c := newCompiler(t, files)
	n := 0
	for _, f := range files {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			raw, ok := s[KnownKeyword]
			if !ok {
				return
			}
			where := f.Path + "#" + ptr
			def, err := c.Compile(f.ID + "#" + ptr)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			n += checkKnown(t, where, s["type"], raw, def.Validate)
		})
	}
	if n == 0 {
		t.Fatal("no x-known-values declarations found")
	}
	t.Logf("%d declared values", n)
}

// checkKnown checks one x-known-values array and returns its length.
func checkKnown(t *testing.T, where string, typ, raw any, validate func(any) error) int {
	t.Helper()
	if typ != "string" && typ != "integer" {
		t.Errorf("%s: %s annotates a definition of type %v, want string or integer", where, KnownKeyword, typ)
	}
	entries, ok := raw.([]any)
	if !ok || len(entries) == 0 {
		t.Errorf("%s/%s: want a non-empty array", where, KnownKeyword)
		return 0
	}
	seen := map[string]bool{}
	for i, e := range entries {
		at := fmt.Sprintf("%s/%s/%d", where, KnownKeyword, i)
		m, _ := e.(map[string]any)
		for k := range m {
			if k != "const" && k != "description" && k != "title" {
				t.Errorf("%s: unexpected member %q", at, k)
			}
		}
		if d, _ := m["description"].(string); strings.TrimSpace(d) == "" {
			t.Errorf("%s: no description", at)
		}
		if title, hasTitle := m["title"].(string); (typ == "integer") != hasTitle || (hasTitle && !goTypeName.MatchString(title)) {
			t.Errorf("%s: title %q: integer values need a Go-style name, strings none", at, title)
		}
		key := fmt.Sprint(m["const"])
		if seen[key] {
			t.Errorf("%s: const %s declared twice", at, key)
		}
		seen[key] = true
		if err := validate(m["const"]); err != nil {
			t.Errorf("%s: const %s is not valid under the definition: %v", at, key, err)
		}
	}
	return len(entries)
}

// TestKnownValuesRead checks that KnownValues reads what the files declare,
// and that version 1 declares the same error, warning and exit codes as
// version 2, since a version 1 stream carries the same codes.
func TestKnownValuesRead(t *testing.T) {
	for _, def := range []string{"errorCode", "warningCode", "exitCode"} {
		v1, err1 := KnownValues("streamjson/v1/defs.json", def)
		v2, err2 := KnownValues("streamjson/v2/defs.json", def)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", def, err1, err2)
		}
		if !slices.EqualFunc(v1, v2, func(a, b Known) bool { return string(a.Value) == string(b.Value) }) {
			t.Errorf("%s: v1 declares %s, v2 %s", def, values(v1), values(v2))
		}
	}
	codes, err := KnownStrings("streamjson/v2/defs.json", "errorCode")
	if err != nil || !slices.Contains(codes, "provider_error") {
		t.Errorf("KnownStrings(errorCode) = %v, %v", codes, err)
	}
	if _, err := KnownStrings("streamjson/v2/defs.json", "exitCode"); err == nil {
		t.Error("KnownStrings read integers as strings")
	}
	if _, err := KnownValues("streamjson/v2/defs.json", "permission"); err == nil {
		t.Error("KnownValues found values on a closed enum")
	}
}

func values(known []Known) string {
	var out []string
	for _, k := range known {
		out = append(out, string(k.Value))
	}
	b, _ := json.Marshal(out)
	return string(b)
}
