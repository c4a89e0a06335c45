package dynscope

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt/rttest"
)

// starts are the generated types and the URIs jsonschema/v5 evaluates
// the same documents from: each start binds the anchor node to its own
// resource's.
var starts = []struct {
	name, uri string
	decode    func([]byte) ([]byte, error)
}{
	{"Doc", "https://example.test/doc", roundTrip[Doc]},
	{"Tree", "https://example.test/doc#/$defs/tree", roundTrip[Tree]},
	{"Forest", "https://example.test/doc#/$defs/forest", roundTrip[Forest]},
	{"Grove", "https://example.test/doc#/$defs/grove", roundTrip[Grove]},
}

// roundTrip decodes doc as a T, validates it and encodes it again.
func roundTrip[T any, P interface {
	*T
	UnmarshalJSON([]byte) error
	Validate() error
	AppendJSON([]byte) ([]byte, error)
}](doc []byte) ([]byte, error) {
	var v T
	if err := P(&v).UnmarshalJSON(doc); err != nil {
		return nil, err
	}
	if err := P(&v).Validate(); err != nil {
		return nil, err
	}
	return P(&v).AppendJSON(nil)
}

// trees are nodes for every start: children that are Docs (a label) or
// Trees (anything else).
var trees = []string{
	`{}`, `{"data": 1}`, `{"label": "a"}`, `{"label": "a", "data": 2}`, `{"label": 1}`,
	`{"data": "x"}`, `{"data": 1, "x": true}`, `{"label": "a", "x": true}`,
	`{"children": []}`, `{"children": [{}]}`, `{"children": [{"label": "b"}]}`,
	`{"children": [{"x": 1}]}`, `{"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}`,
	`{"label": "a", "children": [{"label": "b", "children": [{"data": 3}]}]}`,
	`{"children": [{"children": [{"data": "deep"}]}]}`, `{"children": [{"children": [{"x": 1}]}]}`,
	`{"children": {}}`, `[]`, `null`, `"tree"`,
}

// TestStartsAgreeWithReference judges every tree, and every forest of it,
// from each start, as jsonschema/v5 does from the start's URI, and checks
// that an accepted document encodes to the same JSON.
func TestStartsAgreeWithReference(t *testing.T) {
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("https://example.test/doc", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	docs := append([]string{}, trees...)
	for _, tr := range trees {
		docs = append(docs, "["+tr+"]", "["+tr+", {}]", `{"label": "s", "sub": `+tr+`}`)
	}
	for _, st := range starts {
		ref := c.MustCompile(st.uri)
		for _, doc := range docs {
			d := json.NewDecoder(bytes.NewReader([]byte(doc)))
			d.UseNumber()
			var x any
			if err := d.Decode(&x); err != nil {
				t.Fatal(err)
			}
			refErr := ref.Validate(x)
			out, err := st.decode([]byte(doc))
			if (err == nil) != (refErr == nil) {
				t.Errorf("%s %s: zerogen says %v, jsonschema/v5 says %v", st.name, doc, err, refErr)
				continue
			}
			if err == nil {
				if same, jerr := rttest.SameJSON(out, []byte(doc)); jerr != nil || !same {
					t.Errorf("%s %s: encoded %s", st.name, doc, out)
				}
			}
		}
	}
	// the starts do differ: a Doc's child needs a label, a Tree's not
	_, errTree := roundTrip[Tree]([]byte(`{"children": [{}]}`))
	_, errDoc := roundTrip[Doc]([]byte(`{"label": "a", "children": [{}]}`))
	if errTree != nil || errDoc == nil {
		t.Errorf("a child without a label: Tree says %v, Doc says %v; the bindings collapsed", errTree, errDoc)
	}
}
