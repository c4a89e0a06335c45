package extended

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
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
	if err := c.AddResource("mem://catalog.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://catalog.json")
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

// wide writes a Wide object of n members: p00 to p(n-2), and p69, a
// string.
func wide(n int) string {
	var parts []string
	for i := 0; i < n-1; i++ {
		parts = append(parts, `"p`+twoDigits(i)+`":`+strconv.Itoa(i))
	}
	return "{" + strings.Join(append(parts, `"p69":"z"`), ",") + "}"
}

func twoDigits(i int) string {
	if i < 10 {
		return "0" + strconv.Itoa(i)
	}
	return strconv.Itoa(i)
}

const item = `"item":{"id":"a","price":1}`

func documents() []string {
	return []string{
		`{` + item + `}`,
		`{"item":{"id":"a","name":"A","price":0}}`,
		`{"item":{"id":"a","price":-1}}`,
		`{"item":{"id":"a"}}`,
		`{"item":{"price":1}}`,
		`{"item":{"id":"a","price":1,"other":true}}`,
		`{"item":{"id":"a","price":1,"name":2}}`,
		`{"item":[]}`,
		`{` + item + `,"narrow":{"code":"abc","size":2}}`,
		`{` + item + `,"narrow":{"code":"abcd"}}`,
		`{` + item + `,"narrow":{"size":2}}`,
		`{` + item + `,"narrow":{"code":"a","more":1}}`,
		`{` + item + `,"narrow":{"code":"a","size":"2"}}`,
		`{` + item + `,"meta":{"title":"t","x-rank":1,"x-a":"s","x-b":2}}`,
		`{` + item + `,"meta":{"x-a":true}}`,
		`{` + item + `,"meta":{"x-rank":"1"}}`,
		`{` + item + `,"meta":{"title":"t","other":1}}`,
		`{` + item + `,"meta":{"x-":null}}`,
		`{` + item + `,"wide":` + wide(70) + `}`,
		`{` + item + `,"wide":` + wide(68) + `}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p64":64,"p69":"z"}}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p69":"z"}}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p64":64}}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p64":64,"p69":"z","p66":"x"}}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p64":64,"p69":"z","p70":1}}`,
		`{` + item + `,"wide":{"p00":0,"p63":63,"p64":64,"p69":"z","p65":1,"p65":2}}`,
	}
}

// TestDifferential compares every verdict with jsonschema/v5's and
// checks that accepted documents validate and encode to the same value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	accepted, refused := 0, 0
	for _, doc := range documents() {
		refErr := root.Validate(instance(t, doc))
		var c Catalog
		err := json.Unmarshal([]byte(doc), &c)
		var re *rt.Error
		if err != nil && errors.As(err, &re) && re.Keyword == "duplicate" && refErr == nil {
			refused++ // the documented deviation: duplicate keys are refused
			continue
		}
		if (err == nil) != (refErr == nil) {
			t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
			continue
		}
		if err != nil {
			refused++
			continue
		}
		accepted++
		if err := c.Validate(); err != nil {
			t.Errorf("%s: decoded, then Validate says %v", doc, err)
		}
		b, err := json.Marshal(c)
		if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
			t.Errorf("%s: encoded %s %v", doc, b, err)
		}
	}
	if accepted < 6 || refused < 15 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}

// TestShapes checks the Go shapes the members get.
func TestShapes(t *testing.T) {
	var c Catalog
	doc := `{"item":{"id":"a","price":2.5},"narrow":{"code":"ab"},"meta":{"x-rank":3,"x-b":"s"},"wide":` + wide(68) + `}`
	if err := json.Unmarshal([]byte(doc), &c); err != nil {
		t.Fatal(err)
	}
	var (
		id    string = c.Item.ID
		code  string = c.Narrow.Code
		rank  int64  = c.Meta.XRank.V
		p64   int64  = c.Wide.P64
		p66   int64  = c.Wide.P66.V
		other        = c.Meta.Extensions["x-b"]
	)
	if id != "a" || code != "ab" || rank != 3 || p64 != 64 || p66 != 66 || other.String != "s" {
		t.Errorf("decoded %+v", c)
	}
	// The closed extension refuses members beyond its fields in Go too.
	if _, err := json.Marshal(Catalog{Item: Item{ID: "a"}, Narrow: &Narrow{Code: "long"}}); err == nil {
		t.Error("a code of four letters encoded")
	}
}
