package compat

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/gen/internal/schema"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/ with what the code produces")

// compatLines compares two versions of one root "s.json" and returns one
// line per change: kind, where, detail, schema, and which roles break.
func compatLines(t *testing.T, oldSchema, newSchema string) []string {
	t.Helper()
	r, err := Compat([]schema.File{{Name: "s.json", Data: []byte(oldSchema)}}, []schema.File{{Name: "s.json", Data: []byte(newSchema)}})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range r.Changes {
		breaks := []string{}
		for _, role := range []Role{Consumer, Producer} {
			if c.Breaks(role) {
				breaks = append(breaks, string(role))
			}
		}
		schema := c.Schema
		if c.Old {
			schema = "old " + schema
		}
		var where []string
		for _, site := range c.Sites {
			where = append(where, site.Where())
		}
		out = append(out, fmt.Sprintf("%s %s: %s [%s] breaks %s", c.Kind, strings.Join(where, "; "), c.Detail, schema, strings.Join(breaks, "+")))
	}
	return out
}

func obj(props string, required ...string) string {
	req := `"` + strings.Join(required, `","`) + `"`
	if len(required) == 0 {
		req = ""
	}
	return `{"title":"T","type":"object","additionalProperties":false,"required":[` + req + `],"properties":{` + props + `}}`
}

func TestCompatChanges(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string
		want     []string
	}{
		{"no change", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`, "a"), nil},
		{"optional field removed", obj(`"a":{"type":"string"},"b":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`, "a"),
			[]string{`property-removed /b: optional field removed [old s.json#/properties/b] breaks producer`}},
		{"required field removed", obj(`"a":{"type":"string"},"b":{"type":"string"}`, "a", "b"), obj(`"a":{"type":"string"}`, "a"),
			[]string{`property-removed /b: required field removed [old s.json#/properties/b] breaks consumer+producer`}},
		{"field renamed", obj(`"a":{"type":"string"},"b":{"type":"integer"}`), obj(`"a":{"type":"string"},"c":{"type":"integer"}`),
			[]string{
				`property-removed /b: optional field removed; renamed to "c"? [old s.json#/properties/b] breaks producer`,
				`property-added /c: optional field added; renamed from "b"? [s.json#/properties/c] breaks consumer`,
			}},
		{"required field added", obj(`"a":{"type":"string"}`), obj(`"a":{"type":"string"},"n":{"type":"integer"}`, "n"),
			[]string{`property-added /n: required field added [s.json#/properties/n] breaks consumer+producer`}},
		{"field now required", obj(`"a":{"type":"string"}`), obj(`"a":{"type":"string"}`, "a"),
			[]string{`required-added /a: "a" is now required [s.json#/required] breaks producer`}},
		{"field now optional", obj(`"a":{"type":"string"}`, "a"), obj(`"a":{"type":"string"}`),
			[]string{`required-removed /a: "a" is now optional [old s.json#/required] breaks consumer`}},
		{"enum narrowed", obj(`"e":{"enum":["x","y","z"]}`), obj(`"e":{"enum":["x","y"]}`),
			[]string{`enum-narrowed /e: removes "z" [s.json#/properties/e/enum] breaks producer`}},
		{"enum widened", obj(`"e":{"enum":["x"]}`), obj(`"e":{"enum":["x","w"]}`),
			[]string{`enum-widened /e: adds "w" [s.json#/properties/e/enum] breaks consumer`}},
		{"const changed", obj(`"v":{"const":1}`, "v"), obj(`"v":{"const":2}`, "v"),
			[]string{`const-changed /v: 1 → 2 [s.json#/properties/v/const] breaks consumer+producer`}},
		{"const dropped", obj(`"v":{"type":"integer","const":1}`), obj(`"v":{"type":"integer"}`),
			[]string{`const-removed /v: was only 1 [old s.json#/properties/v/const] breaks consumer`}},
		{"type changed", obj(`"v":{"type":"string"}`), obj(`"v":{"type":"integer"}`),
			[]string{`type-changed /v: string → integer [s.json#/properties/v/type] breaks consumer+producer`}},
		{"null admitted", obj(`"v":{"type":"string"}`), obj(`"v":{"type":["string","null"]}`),
			[]string{`type-changed /v: string → string or null [s.json#/properties/v/type] breaks consumer`}},
		{"integer to number", obj(`"v":{"type":"integer"}`), obj(`"v":{"type":"number"}`),
			[]string{`type-changed /v: integer → number [s.json#/properties/v/type] breaks consumer`}},
		{"bounds", obj(`"s":{"type":"string","maxLength":10,"minLength":1},"n":{"type":"integer","minimum":0}`),
			obj(`"s":{"type":"string","maxLength":5},"n":{"type":"integer","minimum":0,"maximum":9}`),
			[]string{
				`constraint-tightened /n: adds maximum 9 [s.json#/properties/n/maximum] breaks producer`,
				`constraint-loosened /s: drops minLength 1 [old s.json#/properties/s/minLength] breaks consumer`,
				`constraint-tightened /s: maxLength 10 → 5 [s.json#/properties/s/maxLength] breaks producer`,
			}},
		{"pattern changed", obj(`"s":{"type":"string","pattern":"^a"}`), obj(`"s":{"type":"string","pattern":"^b"}`),
			[]string{`constraint-changed /s: pattern "^a" → "^b" [s.json#/properties/s/pattern] breaks consumer+producer`}},
		{"multipleOf", obj(`"a":{"type":"integer","multipleOf":2},"b":{"type":"integer","multipleOf":4}`),
			obj(`"a":{"type":"integer","multipleOf":4},"b":{"type":"integer","multipleOf":2}`),
			[]string{
				`constraint-tightened /a: multipleOf 2 → 4 [s.json#/properties/a/multipleOf] breaks producer`,
				`constraint-loosened /b: multipleOf 4 → 2 [s.json#/properties/b/multipleOf] breaks consumer`,
			}},
		{"array items", obj(`"l":{"type":"array","items":{"type":"string"}}`), obj(`"l":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true}`),
			[]string{
				`constraint-tightened /l: adds uniqueItems [s.json#/properties/l/uniqueItems] breaks producer`,
				`constraint-tightened /l/*: adds minLength 1 [s.json#/properties/l/items/minLength] breaks producer`,
			}},
		{"object opened", obj(`"a":{"type":"string"}`), `{"title":"T","type":"object","properties":{"a":{"type":"string"}}}`,
			[]string{`additional-properties-changed /: no other fields → any other fields [old s.json#/additionalProperties] breaks consumer`}},
		{"ref followed", `{"title":"T","$ref":"#/$defs/d","$defs":{"d":{"type":"string","maxLength":3}}}`,
			`{"title":"T","$ref":"#/$defs/d","$defs":{"d":{"type":"string","maxLength":4}}}`,
			[]string{`constraint-loosened /: maxLength 3 → 4 [s.json#/$defs/d/maxLength] breaks consumer`}},
		{"other keyword", obj(`"a":{"type":"string","not":{"const":"x"}}`), obj(`"a":{"type":"string","not":{"const":"y"}}`),
			[]string{`keyword-changed /a: not changed [s.json#/properties/a/not] breaks consumer+producer`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, compatLines(t, tc.old, tc.new)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

const compatUnion = `{"title":"Event","oneOf":[%s],"$defs":{
	"a":{"title":"A","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"a"},"x":{"type":"string"}}},
	"b":{"title":"B","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"b"}}},
	"c":{"title":"C","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"c"}}}}}`

func TestCompatUnionVariants(t *testing.T) {
	old := fmt.Sprintf(compatUnion, `{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}`)
	// c is new, b is gone, a moved: variants pair by their type value.
	newer := strings.Replace(fmt.Sprintf(compatUnion, `{"$ref":"#/$defs/c"},{"$ref":"#/$defs/a"}`), `"x":{"type":"string"}`, `"x":{"type":"string","minLength":2}`, 1)
	want := []string{
		`constraint-tightened /x (a): adds minLength 2 [s.json#/$defs/a/properties/x/minLength] breaks producer`,
		`variant-removed / (b): documents of variant b (B) are no longer valid [old s.json#/$defs/b] breaks producer`,
		`variant-added / (c): new variant c (C) in a closed union [s.json#/$defs/c] breaks consumer`,
	}
	if diff := cmp.Diff(want, compatLines(t, old, newer)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCompatRecursiveSchemaEnds(t *testing.T) {
	tree := `{"title":"Tree","type":"object","additionalProperties":false,"properties":{"name":{"type":"string","maxLength":%d},"kids":{"type":"array","items":{"$ref":"#"}}}}`
	// The walk goes once through the recursion before it stops; the one
	// change is listed once, at both places.
	want := []string{
		`constraint-tightened /kids/*/name; /name: maxLength 9 → 8 [s.json#/properties/name/maxLength] breaks producer`,
	}
	if diff := cmp.Diff(want, compatLines(t, fmt.Sprintf(tree, 9), fmt.Sprintf(tree, 8))); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCompatRoots(t *testing.T) {
	a := schema.File{Name: "a.json", Data: []byte(`{"title":"A","type":"string"}`)}
	b := schema.File{Name: "b.json", Data: []byte(`{"title":"B","type":"string"}`)}
	r, err := Compat([]schema.File{a}, []schema.File{b})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, c := range r.Changes {
		got = append(got, fmt.Sprintf("%s %s %v %v", c.Sites[0].Root, c.Kind, c.Breaks(Consumer), c.Breaks(Producer)))
	}
	want := []string{"a.json root-removed false true", "b.json root-added false false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestCompatRenamedRoot pairs a root whose file was renamed by its $id, or
// else by its title, and compares it with its old self; one change to a
// shared definition that two roots use, in two places each, is listed
// once with all four sites.
func TestCompatRenamedRoot(t *testing.T) {
	defs := func(max int) schema.File {
		return schema.File{Name: "defs.json", Data: []byte(fmt.Sprintf(`{"$id":"https://x.test/defs.json","$defs":{"n":{"type":"integer","maximum":%d}}}`, max))}
	}
	root := func(name, id, title string) schema.File {
		return schema.File{Name: name, Data: []byte(`{` + id + `"title":"` + title + `","type":"object","properties":{"a":{"$ref":"defs.json#/$defs/n"},"b":{"$ref":"defs.json#/$defs/n"}}}`)}
	}
	r, err := Compat([]schema.File{defs(9), root("order.json", `"$id":"https://x.test/order",`, "Order"), root("item.json", "", "Item")},
		[]schema.File{defs(5), root("orders.json", `"$id":"https://x.test/order",`, "Purchase"), root("line_item.json", "", "Item")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range r.Changes {
		got = append(got, c.Kind+": "+c.Detail+" at "+c.Where())
	}
	want := []string{
		"root-renamed: item.json → line_item.json (same title Item) at line_item.json /",
		"constraint-tightened: maximum 9 → 5 at line_item.json /a; line_item.json /b; orders.json /a; orders.json /b",
		"root-renamed: order.json → orders.json (same $id) at orders.json /",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if r.Breaking(Producer) != 1 || r.Breaking(Consumer) != 0 {
		t.Errorf("breaking: %d for producers, %d for consumers; want 1 and 0", r.Breaking(Producer), r.Breaking(Consumer))
	}
}

// TestCompatStreamJSON pins the whole v1 → v2 report of the stream-json
// protocol, for both roles. After a deliberate change, regenerate with
//
//	go test ./gen/compat -run TestCompatStreamJSON -update
func TestCompatStreamJSON(t *testing.T) {
	read := func(dir string) []schema.File {
		var files []schema.File
		names, _ := filepath.Glob(filepath.Join("..", "..", dir, "*.json"))
		if len(names) == 0 {
			t.Fatalf("no schema files in %s", dir)
		}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, schema.File{Name: filepath.Base(n), Data: data})
		}
		return files
	}
	r, err := Compat(read("schema/streamjson/v1"), read("schema/streamjson/v2"))
	if err != nil {
		t.Fatal(err)
	}
	r.Old, r.New = "schema/streamjson/v1", "schema/streamjson/v2"
	for _, role := range []Role{Consumer, Producer} {
		golden(t, filepath.Join("testdata", "streamjson-v1-v2."+string(role)+".txt"), r.Text(role))
	}
}

// golden compares got with the file at path, or writes it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; run with -update to create it", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got); run with -update after a deliberate change:\n%s", path, diff)
	}
}

// TestCompatAcrossDialects compares a draft-07 version with a 2020-12 one:
// definitions and items are read in each file's dialect.
func TestCompatAcrossDialects(t *testing.T) {
	old := `{"$schema":"http://json-schema.org/draft-07/schema#","title":"T","type":"object","additionalProperties":false,
		"properties":{"tags":{"type":"array","items":{"$ref":"#/definitions/tag"}}},"definitions":{"tag":{"type":"string"}}}`
	same := `{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"T","type":"object","additionalProperties":false,
		"properties":{"tags":{"type":"array","items":{"$ref":"#/$defs/tag"}}},"$defs":{"tag":{"type":"string"}}}`
	if got := compatLines(t, old, same); len(got) != 0 {
		t.Errorf("the same schema in two dialects: %q", got)
	}
	narrowed := strings.Replace(same, `"tag":{"type":"string"}`, `"tag":{"type":"string","maxLength":3}`, 1)
	got := compatLines(t, old, narrowed)
	if len(got) != 1 || !strings.Contains(got[0], "constraint-tightened /tags/*: adds maxLength 3") {
		t.Errorf("a narrowed item across dialects: %q", got)
	}
}
