package tuples07

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt/rttest"
)

// TestDifferential: items as an array with additionalItems: false, before
// 2020-12, is a closed tuple; verdicts agree with jsonschema/v5's and
// accepted documents encode back to the same JSON value.
func TestDifferential(t *testing.T) {
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://legacy.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	root := c.MustCompile("mem://legacy.json")
	for _, doc := range []string{`["a"]`, `["a",1]`, `["a",1,2]`, `[]`, `[1]`, `["a","b"]`, `["a",1.0]`, `{}`, `null`} {
		var x any
		d := json.NewDecoder(bytes.NewReader([]byte(doc)))
		d.UseNumber()
		if err := d.Decode(&x); err != nil {
			t.Fatal(err)
		}
		refErr := root.Validate(x)
		var l Legacy
		err := json.Unmarshal([]byte(doc), &l)
		if (err == nil) != (refErr == nil) {
			t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
			continue
		}
		if err != nil {
			continue
		}
		b, err := json.Marshal(l)
		if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
			t.Errorf("%s: encoded %s %v %v", doc, b, err, jerr)
		}
	}
	var l Legacy
	if err := json.Unmarshal([]byte(`["a",7]`), &l); err != nil || l.Value.V0 != "a" || l.Value.V1.V != 7 {
		t.Errorf("%+v %v", l, err)
	}
}
