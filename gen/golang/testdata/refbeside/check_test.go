package refbeside

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
	if err := c.AddResource("mem://info.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://info.json")
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

const base = `"title":"T","version":"1"`

// documents keep or break one rule at a time: the fields beside the $ref,
// the ^x- members the $ref's target evaluates, the members no keyword
// evaluates, the same in the contact, whose $ref brings fields, and a
// member beside a $ref to a closed object, which refuses it.
var documents = []string{
	`{` + base + `}`,
	`{"title":"T"}`,
	`{` + base + `,"x-logo":{"url":"u"}}`,
	`{` + base + `,"x-":null,"x-a":[1]}`,
	`{` + base + `,"X-logo":1}`,
	`{` + base + `,"other":1}`,
	`{` + base + `,"version":1}`,
	`{` + base + `,"contact":{"id":1}}`,
	`{` + base + `,"contact":{"id":1,"name":"Ann","url":"u"}}`,
	`{` + base + `,"contact":{"name":"Ann"}}`,
	`{` + base + `,"contact":{"id":1.5}}`,
	`{` + base + `,"contact":{"id":1,"x-a":1}}`,
	`{` + base + `,"contact":{"id":1,"email":"e"}}`,
	`{` + base + `,"contact":[]}`,
	`{` + base + `,"narrow":{"a":"s"}}`,
	`{` + base + `,"narrow":{"a":1}}`,
	`{` + base + `,"narrow":{"b":1}}`,
	`{` + base + `,"narrow":{"a":"s","b":1}}`,
	`{` + base + `,"narrow":{"c":1}}`,
	`[]`,
	`"T"`,
}

// TestDifferential decodes every document and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes to the same
// bytes.
func TestDifferential(t *testing.T) {
	root := reference(t)
	accepted, refused := 0, 0
	for _, doc := range documents {
		refErr := root.Validate(instance(t, doc))
		var s Info
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

// TestUnevaluatedAtMember checks that a member no keyword evaluates fails
// at unevaluatedProperties, at the member, as the reference reports it.
func TestUnevaluatedAtMember(t *testing.T) {
	var s Info
	err := json.Unmarshal([]byte(`{`+base+`,"other":1}`), &s)
	var re *rt.Error
	if !errors.As(err, &re) || re.Keyword != "unevaluatedProperties" || re.Pointer != "/other" {
		t.Errorf("got %v; want an unevaluatedProperties error at /other", err)
	}
}
