package schema

import (
	"strings"
	"testing"
)

// TestYAMLToJSON converts YAML to the JSON a schema file would hold: keys
// in the order written, aliases expanded, merge keys merged, YAML 1.2
// scalars (yes and on are strings), integers in decimal.
func TestYAMLToJSON(t *testing.T) {
	for _, c := range []struct{ name, yaml, want string }{
		{"order kept", "z: 1\na: 2\nm: 3\n", `{"z":1,"a":2,"m":3}`},
		{"flow and block", "type: object\nrequired: [b, a]\nproperties:\n  b: {type: string}\n  a: {type: integer}\n",
			`{"type":"object","required":["b","a"],"properties":{"b":{"type":"string"},"a":{"type":"integer"}}}`},
		{"YAML 1.2 booleans", "enum: [yes, no, on, off, true, false, True]\n", `{"enum":["yes","no","on","off",true,false,true]}`},
		{"null", "a: null\nb: ~\nc:\n", `{"a":null,"b":null,"c":null}`},
		{"integers", "a: 0x1F\nb: 0o17\nc: 1_000\nd: +5\ne: -12\nf: 123456789012345678901234567890\n",
			`{"a":31,"b":15,"c":1000,"d":5,"e":-12,"f":123456789012345678901234567890}`},
		{"floats", "a: 1.5\nb: .5\nc: -2.5e3\nd: +1.25\ne: 1e2\n", `{"a":1.5,"b":0.5,"c":-2.5e3,"d":1.25,"e":1e2}`},
		{"quoted stay strings", "a: '1'\nb: \"true\"\nc: 2024-01-02\n", `{"a":"1","b":"true","c":"2024-01-02"}`},
		{"anchors and aliases", "$defs:\n  s: &str {type: string, minLength: 1}\nproperties:\n  a: *str\n  b: *str\n",
			`{"$defs":{"s":{"type":"string","minLength":1}},"properties":{"a":{"type":"string","minLength":1},"b":{"type":"string","minLength":1}}}`},
		{"merge key, own keys win", "base: &b {type: string, minLength: 1}\nname:\n  <<: *b\n  minLength: 2\n  maxLength: 5\n",
			`{"base":{"type":"string","minLength":1},"name":{"type":"string","minLength":2,"maxLength":5}}`},
		{"JSON is YAML", `{"type": "object", "properties": {"a": {"const": 1.0}}}`, `{"type":"object","properties":{"a":{"const":1.0}}}`},
		{"block string", "description: |\n  two\n  lines\n", `{"description":"two\nlines\n"}`},
	} {
		got, err := YAMLToJSON([]byte(c.yaml))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestYAMLErrors refuses what JSON cannot hold, each error at the line and
// column of the node at fault.
func TestYAMLErrors(t *testing.T) {
	for _, c := range []struct{ name, yaml, want string }{
		{"integer key", "properties:\n  200: {type: string}\n", `line 2, column 3: the key 200 is a YAML int, and JSON keys are strings: write it quoted ("200")`},
		{"boolean key", "enum: [a]\ntrue: 1\n", "line 2, column 1: the key true is a YAML bool"},
		{"null key", "~: 1\n", "line 1, column 1: the key ~ is a YAML null"},
		{"mapping key", "? [a, b]\n: 1\n", "line 1, column 3: a mapping key must be a string, not a sequence"},
		{"duplicate key", "type: object\nproperties:\n  a: {}\n  a: {}\n", `line 4, column 3: key "a" written twice (first at line 3, column 3)`},
		{"infinity", "maximum: .inf\n", "line 1, column 10: number .inf cannot be written in JSON"},
		{"custom tag", "a: !thing x\n", "line 1, column 4: tag !thing is not supported"},
		{"two documents", "a: 1\n---\nb: 2\n", "line 2, column 1: a second YAML document"},
		{"empty", "", "line 1, column 1: empty document"},
		{"syntax", "a: 1\n b: 2\n", "line 2: mapping values are not allowed in this context"},
		{"alias bomb", "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\n",
			"values through its aliases"},
	} {
		_, err := YAMLToJSON([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if _, ok := err.(*YAMLError); err != nil && !ok {
			t.Errorf("%s: %T, want *YAMLError", c.name, err)
		}
	}
}

// TestLoadYAML loads YAML files beside JSON ones: a $ref to a YAML file
// resolves, and the loader's errors name the line and column.
func TestLoadYAML(t *testing.T) {
	common := "$defs:\n  Address:\n    type: object\n    properties:\n      city: {type: string}\n"
	order := "title: Order\ntype: object\nproperties:\n  shipTo: {$ref: ./common.yaml#/$defs/Address}\n"
	l, err := Load(Options{Files: []File{{Name: "common.yaml", Data: []byte(common)}, {Name: "order.yml", Data: []byte(order)},
		{Name: "other.json", Data: []byte(`{"title": "Other", "$ref": "order.yml"}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Roots) != 2 || l.Roots[0].Name != "order.yml" {
		t.Fatalf("roots: %v", l.Roots)
	}
	bad := strings.Replace(order, "type: object", "type: object\nminProperties: 1\nmaxPropertys: 2", 1)
	_, err = Load(Options{Files: []File{{Name: "common.yaml", Data: []byte(common)}, {Name: "order.yml", Data: []byte(bad)}}})
	if err == nil || !strings.HasPrefix(err.Error(), `order.yml:4:1#/maxPropertys: unknown keyword "maxPropertys" (did you mean "maxProperties"?)`) {
		t.Errorf("misspelt keyword: %v", err)
	}
	_, err = Load(Options{Files: []File{{Name: "order.yml", Data: []byte("title: A\ntitle: B\n")}}})
	if err == nil || err.Error() != `order.yml:2:1: YAML: key "title" written twice (first at line 1, column 1)` {
		t.Errorf("duplicate key: %v", err)
	}
}

// TestYAMLPosition finds the key of a member and the item of an array,
// through merge keys.
func TestYAMLPosition(t *testing.T) {
	doc := []byte("a:\n  b: [x, {c: 1}]\nbase: &b {k: 1}\nm:\n  <<: *b\n")
	for ptr, want := range map[string][2]int{"": {1, 1}, "/a": {1, 1}, "/a/b": {2, 3}, "/a/b/1": {2, 10}, "/a/b/1/c": {2, 11}, "/m/k": {3, 11}} {
		line, col, ok := YAMLPosition(doc, ptr)
		if !ok || line != want[0] || col != want[1] {
			t.Errorf("%q: %d:%d %v, want %v", ptr, line, col, ok, want)
		}
	}
	if _, _, ok := YAMLPosition(doc, "/nope"); ok {
		t.Error("found a member that is not there")
	}
}
