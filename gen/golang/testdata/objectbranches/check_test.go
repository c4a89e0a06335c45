package objectbranches

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

var params = []string{
	`{"name":"a","in":"header"}`, `{"name":"a","in":"header","format":"f"}`, `{"in":"header"}`,
	`{"name":"a"}`, `{"name":"q","in":"query","allowEmptyValue":true,"x-n":[1]}`, `{"name":"q","in":"query","x-":null}`,
	`{"name":"q","in":"header","allowEmptyValue":true}`, `{"name":"p","in":"path","required":true}`,
	`{"name":"p","in":"path"}`, `{"name":"p","in":"path","required":false}`, `{"name":"b","in":"body","schema":{}}`,
	`{"name":"b","in":"body"}`, `{"name":"a","in":"cookie"}`, `{"name":1,"in":"header"}`, `{"name":"a","in":"header","extra":1}`,
	`{"n\u0061me":"a","in":"he\u0061der"}`, `{}`, `[]`, `"header"`, `1`, `null`,
}

// TestDifferential decodes each parameter as an item of the oneOf
// (parameters) and as the anyOf (loose), and compares the verdict with
// jsonschema/v5's; an accepted value validates and encodes to the same
// value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	for _, p := range params {
		for _, doc := range []string{`{"parameters":[` + p + `]}`, `{"parameters":[],"loose":` + p + `}`} {
			refErr := root.Validate(instance(t, doc))
			var o Operation
			err := json.Unmarshal([]byte(doc), &o)
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
			if err := o.Validate(); err != nil {
				t.Errorf("%s: decoded, then Validate says %v", doc, err)
			}
			b, err := json.Marshal(o)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v", doc, b, err)
			}
		}
	}
}

// TestVariants checks which Go type holds a parameter, and that a value
// built in Go without a member the parent requires is refused.
func TestVariants(t *testing.T) {
	var o Operation
	if err := json.Unmarshal([]byte(`{"parameters":[{"name":"q","in":"query"},{"name":"b","in":"body","schema":{}}]}`), &o); err != nil {
		t.Fatal(err)
	}
	nb, ok := o.Parameters[0].Value.(*NonBody)
	if !ok {
		t.Fatalf("parameter 0 is %T, want *NonBody", o.Parameters[0].Value)
	}
	if q, ok := nb.Value.(*NonBodyVariant2); !ok || q.Name != "q" {
		t.Errorf("parameter 0 holds %#v, want the query variant named q", nb.Value)
	}
	if _, ok := o.Parameters[1].Value.(*Body); !ok {
		t.Errorf("parameter 1 is %T, want *Body", o.Parameters[1].Value)
	}
	// The header variant requires name and in, as NonBody does: its Go
	// fields are not optional, and an empty in is no "header".
	bad := Operation{Parameters: []Parameter{{Value: &NonBody{Value: &NonBodyVariant1{Name: "a"}}}}}
	if err := bad.Validate(); err == nil {
		t.Error("a header parameter without its in validates")
	}
	good := Operation{Parameters: []Parameter{{Value: &NonBody{Value: &NonBodyVariant1{Name: "a", In: NonBodyVariant1InHeader}}}}}
	if err := good.Validate(); err != nil {
		t.Errorf("a header parameter: %v", err)
	}
}
