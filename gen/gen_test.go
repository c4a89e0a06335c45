package gen

import (
	"strings"
	"testing"
)

func generate(t *testing.T, schema string) (map[string][]byte, error) {
	t.Helper()
	return Generate(Config{Package: "p", Files: []File{{Name: "s.json", Data: []byte(schema)}}, RootNames: map[string]string{"s.json": "Root"}})
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct{ schema, want string }{
		{`{"type":"object","requried":["a"]}`, `s.json#/requried: unknown keyword "requried" (did you mean "required"?)`},
		{`{"properties":{"a":{"minLenght":1}}}`, `s.json#/properties/a/minLenght: unknown keyword "minLenght" (did you mean "minLength"?)`},
		{`{"$defs":{"x":{"$dynamicRef":"#a"}}}`, `s.json#/$defs/x/$dynamicRef: keyword "$dynamicRef": dynamic references are not supported`},
		{`{"$vocabulary":{}}`, `s.json#/$vocabulary: keyword "$vocabulary"`},
		{`{"type":"object","properties":{"a":{"type":"string"}}`, `s.json#: not valid JSON`},
		{`{"type":"strin"}`, `s.json#`},
		{`{"properties":{"a":{"type":"string","pattern":"^(?=a)b"}}}`, `s.json#/properties/a/pattern: pattern "^(?=a)b": look-around is not supported (RE2)`},
		{`{"patternProperties":{"(?<!x)y":{}}}`, `s.json#/patternProperties/(?<!x)y: pattern "(?<!x)y": look-around is not supported (RE2)`},
		{`{"pattern":"(a)\\1"}`, `s.json#/pattern: pattern "(a)\\1": back-references are not supported (RE2)`},
		{`{"pattern":"a{2,1}"}`, "s.json#/pattern: pattern \"a{2,1}\": invalid repeat count `{2,1}` (RE2)"},
		// Another dialect is refused by name, not half read: draft-07's
		// array-form items would otherwise be ignored and accept [1, "a"].
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"array","items":[{"type":"integer"},{"type":"integer"}]}`,
			`s.json#/$schema: dialect "http://json-schema.org/draft-07/schema#" is not supported yet`},
		{`{"type":"object","properties":{"a":{"$id":"a.json","$schema":"https://json-schema.org/draft/2019-09/schema"}}}`,
			`s.json#/properties/a/$schema: dialect "https://json-schema.org/draft/2019-09/schema" is not supported yet`},
	} {
		_, err := generate(t, tc.schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.schema, err, tc.want)
		}
	}
}

func TestDialect2020IsRead(t *testing.T) {
	for _, id := range []string{"https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#"} {
		if _, err := generate(t, `{"$schema":"`+id+`","title":"T","type":"string"}`); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

func TestExtensionsAndAnnotationsAreAllowed(t *testing.T) {
	_, err := generate(t, `{"title":"Thing","type":"object","x-go-hint":1,"$comment":"c","properties":{"a":{"type":"string","format":"date-time","examples":["x"],"deprecated":true}}}`)
	if err != nil {
		t.Fatal(err)
	}
}

func TestNameCollision(t *testing.T) {
	_, err := generate(t, `{"title":"Root","type":"object","properties":{
		"a":{"title":"Same","type":"object","properties":{"x":{"type":"string"}}},
		"b":{"title":"Same","type":"object","properties":{"y":{"type":"string"}}}}}`)
	if err == nil || !strings.Contains(err.Error(), "the Go name Same") {
		t.Fatalf("got %v", err)
	}
}

// TestPackageNameCollision refuses a type named as the Value interface of
// a union or the Values list of an enum, naming both.
func TestPackageNameCollision(t *testing.T) {
	for _, tc := range []struct{ schema, want string }{
		{`{"title":"Root","type":"object","properties":{
			"u":{"title":"Shape","oneOf":[{"$ref":"#/$defs/a"}]},
			"v":{"title":"ShapeValue","type":"object"}},
			"$defs":{"a":{"title":"A","type":"object","required":["k"],"properties":{"k":{"const":"a"}}}}}`,
			"s.json#/properties/v: the Go name ShapeValue is both this type's and the interface of the union Shape"},
		{`{"title":"Root","type":"object","properties":{
			"e":{"title":"Level","enum":["a"]},
			"v":{"title":"LevelValues","type":"object"}}}`,
			"s.json#/properties/v: the Go name LevelValues is both this type's and the list of values of the enum Level"},
	} {
		_, err := generate(t, tc.schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	schema := `{"title":"R","type":"object","properties":{"b":{"anyOf":[{"type":"string"},{"minimum":1}]},"a":{"patternProperties":{"^x":{},"^y":{"type":"string"}}}}}`
	first, err := generate(t, schema)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		again, _ := generate(t, schema)
		for name := range first {
			if string(first[name]) != string(again[name]) {
				t.Fatalf("%s differs between runs", name)
			}
		}
	}
}
