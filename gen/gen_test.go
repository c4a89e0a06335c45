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
	} {
		_, err := generate(t, tc.schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.schema, err, tc.want)
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
