package ifunion

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
	if err := c.AddResource("mem://operation.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://operation.json")
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

// params are values for a parameter-or-reference: references, parameters,
// values that pass the if but fail then, values that fail the if and else.
var params = []string{
	`{"$ref":"#/p"}`, `{"$ref":"#/p","summary":"s"}`, `{"$ref":"#/p","name":"n","in":"path"}`,
	`{"$ref":7}`, `{"$ref":"#/p","x":1}`, `{"$ref":"a\"b\\c\u00e9"}`,
	`{"name":"id","in":"path"}`, `{"name":"id","in":"query","x-note":"free"}`, `{"name":"id","in":"body"}`,
	`{"name":"id"}`, `{"in":"path"}`, `{"name":"id","in":"path","x":1}`, `{}`, `{"summary":"s"}`,
	`[]`, `"$ref"`, `null`, `7`,
}

// TestDifferential decodes each value as an element and as the optional
// member, compares the verdict with jsonschema/v5's, and checks that an
// accepted value is the variant its if picks and encodes to the same JSON.
func TestDifferential(t *testing.T) {
	root := reference(t)
	for _, p := range params {
		for _, doc := range []string{`{"parameters":[` + p + `]}`, `{"parameters":[],"main":` + p + `}`} {
			refErr := root.Validate(instance(t, doc))
			var op Operation
			err := json.Unmarshal([]byte(doc), &op)
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
			if err := op.Validate(); err != nil {
				t.Errorf("%s: decoded, then Validate says %v", doc, err)
			}
			b, err := json.Marshal(op)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v", doc, b, err)
			}
			v := op.Main.V.Value
			if len(op.Parameters) == 1 {
				v = op.Parameters[0].Value
			}
			_, isRef := v.(*Reference)
			if wantRef := bytes.Contains([]byte(p), []byte(`"$ref":`)); isRef != wantRef {
				t.Errorf("%s: decoded as %T", doc, v)
			}
		}
	}
}

// TestBuiltInGo validates values built in Go: a variant the if picks for
// its encoding is judged by its own checks; a Parameter that carries a
// "$ref" member is judged by the if as a reference, as JSON Schema does.
func TestBuiltInGo(t *testing.T) {
	root := reference(t)
	for _, c := range []struct {
		name string
		v    ParameterOrReferenceValue
		ok   bool
	}{
		{"reference", &Reference{Ref: rt.Some("#/p")}, true},
		{"parameter", &Parameter{Name: "id", In: ParameterInPath}, true},
		{"parameter with a bad in", &Parameter{Name: "id", In: "body"}, false},
		{"reference without $ref", &Reference{Summary: rt.Some("s")}, false},
		{"parameter whose extra is a valid reference", &Parameter{Name: "id", In: ParameterInPath, Extra: map[string]string{"$ref": "#/p"}}, false},
		{"nil", nil, false},
	} {
		op := Operation{Parameters: []ParameterOrReference{{Value: c.v}}}
		err := op.Validate()
		if (err == nil) != c.ok {
			t.Errorf("%s: Validate says %v", c.name, err)
		}
		if c.v == nil {
			continue
		}
		b, encErr := op.AppendJSONUnchecked(nil)
		if encErr != nil {
			t.Errorf("%s: %v", c.name, encErr)
			continue
		}
		if refErr := root.Validate(instance(t, string(b))); (refErr == nil) != (err == nil) {
			t.Errorf("%s: %s: Validate says %v, jsonschema/v5 says %v", c.name, b, err, refErr)
		}
	}
}
