package dynamicref

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

// reference compiles the case's schema with jsonschema/v5.
func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://doc.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://doc.json")
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

// documents keep or break one rule at a time: the schema member (an
// object or a boolean), and the nodes, whose children refer to the node
// schema by $dynamicRef, with their ^x- members and the members no keyword
// evaluates.
var documents = []string{
	`{"name":"n"}`,
	`{}`,
	`{"name":"n","other":1}`,
	`{"name":"n","schema":true}`,
	`{"name":"n","schema":{"type":"string","x":[1]}}`,
	`{"name":"n","schema":1}`,
	`{"name":"n","schema":null}`,
	`{"name":"n","root":{"id":1}}`,
	`{"name":"n","root":{"id":1,"x-a":{"b":2}}}`,
	`{"name":"n","root":{"id":1,"y":2}}`,
	`{"name":"n","root":{"id":"1"}}`,
	`{"name":"n","root":{"id":1,"children":[{"id":2,"children":[{"id":3,"x-b":null}]}]}}`,
	`{"name":"n","root":{"id":1,"children":[{"id":2,"children":[{"id":3,"z":null}]}]}}`,
	`{"name":"n","root":{"id":1,"children":[{"id":2,"children":[{}]}]}}`,
	`{"name":"n","root":{"id":1,"children":[true]}}`,
	`{"name":"n","root":{"id":1,"children":{}}}`,
}

// TestDifferential decodes every document and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes to the same
// bytes.
func TestDifferential(t *testing.T) {
	root := reference(t)
	accepted, refused := 0, 0
	for _, doc := range documents {
		refErr := root.Validate(instance(t, doc))
		var s Doc
		err := json.Unmarshal([]byte(doc), &s)
		if (err == nil) != (refErr == nil) {
			t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
			continue
		}
		if err != nil {
			refused++
			var re *rt.Error
			if !errors.As(err, &re) || re.Pointer == "" && re.Offset < 0 {
				t.Errorf("%s: error %v has no place", doc, err)
			}
			continue
		}
		accepted++
		if err := s.Validate(); err != nil {
			t.Errorf("%s: decoded, then Validate says %v", doc, err)
		}
		b, err := json.Marshal(s)
		if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
			t.Errorf("%s: encoded %s %v", doc, b, err)
		}
	}
	if accepted < 5 || refused < 8 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}
