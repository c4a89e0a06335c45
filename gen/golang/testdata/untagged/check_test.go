package untagged

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://shelter.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://shelter.json")
}

func instance(t *testing.T, doc string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(doc)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return x
}

var pets = []string{
	`{"name":"Tom","meow":true}`, `{"name":"Rex","bark":"woof"}`, `{"name":"Both"}`,
	`{"name":"Odd","meow":true,"bark":"b"}`, `{"meow":true}`, `{"name":1,"meow":true}`,
	`{"name":"T\"om","meow":false}`, `{"name":"R\\ex","bark":"w\u006ff"}`, `{"name":"x","bark":7}`, `[]`, `null`,
}

// TestDifferential decodes each pet as the oneOf and as the anyOf and
// compares the verdict with jsonschema/v5's; an accepted value is the
// variant it matches (the first for anyOf) and encodes to the same value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	for _, p := range pets {
		for _, doc := range []string{`{"pet":` + p + `}`, `{"pet":{"name":"Tom","meow":true},"friend":` + p + `}`} {
			refErr := root.Validate(instance(t, doc))
			var s Shelter
			err := json.Unmarshal([]byte(doc), &s)
			if (err == nil) != (refErr == nil) {
				t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
				continue
			}
			if err != nil {
				var re *rt.Error
				if !errors.As(err, &re) {
					t.Errorf("%s: %T %v", doc, err, err)
				}
				continue
			}
			b, err := json.Marshal(s)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v", doc, b, err)
			}
		}
	}
	var s Shelter
	if err := json.Unmarshal([]byte(`{"pet":{"name":"Rex","bark":"w"},"friend":{"name":"Both"}}`), &s); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Pet.Value.(*Dog); !ok {
		t.Errorf("pet is %T, want *Dog", s.Pet.Value)
	}
	if _, ok := s.Friend.V.Value.(*Cat); !ok {
		t.Errorf("a friend that is both is %T, want *Cat, the first", s.Friend.V.Value)
	}
	// Built in Go, a value that matches both variants is refused by oneOf.
	both := Shelter{Pet: ShelterPet{Value: &Dog{Name: "Both"}}}
	if err := both.Validate(); err == nil {
		t.Error("a pet that is both a Cat and a Dog validates")
	}
}
