package tuples

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
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
	if err := c.AddResource("mem://shape.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://shape.json")
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

// TestDifferential decodes each member value and compares the verdict with
// jsonschema/v5's; an accepted document validates and encodes back to the
// same JSON value.
func TestDifferential(t *testing.T) {
	root := reference(t)
	members := map[string][]string{
		"point":  {`[1,2]`, `[1.5,-2e3]`, `[1]`, `[]`, `[1,2,3]`, `[1,"2"]`, `["1",2]`, `null`, `{}`, `[1,2,null]`},
		"span":   {`["s"]`, `["s",1]`, `["s",1,null]`, `["s",1,2]`, `["s",null]`, `[]`, `[""]`, `["s",-1]`, `["s",1,2,3]`, `["s",1.5]`, `[1]`, `"s"`},
		"row":    {`["r",true]`, `["r",false,1,2,3]`, `["r",true,1,2,3,4]`, `["r"]`, `["r",true,"x"]`, `["r",true,1.5]`, `[true,"r"]`, `["r",true,null]`},
		"pairs":  {`[]`, `[["a",1]]`, `[["a",1],["b",2]]`, `[["a"]]`, `[["a",1,2]]`, `[[1,"a"]]`, `[null]`},
		"maybe":  {`null`, `[]`, `["m"]`, `["m",1]`, `[1]`, `"m"`},
		"nested": {`[]`, `[[1]]`, `[[]]`, `[[1,2]]`, `[[1],[2]]`, `[["1"]]`, `[1]`},
		"cell":   {`[]`, `[{"x":1}]`, `[{"x":1},"a"]`, `[{"x":1},"b",1,"z",null,{}]`, `[{"x":1},"c"]`, `[{}]`, `[{"x":1,"y":2}]`, `[{"x":"1"}]`, `[1]`, `{}`},
	}
	accepted, refused := 0, 0
	for prop, vals := range members {
		for _, v := range vals {
			doc := `{"point":[0,0],"` + prop + `":` + v + `}`
			if prop == "point" {
				doc = `{"point":` + v + `}`
			}
			refErr := root.Validate(instance(t, doc))
			var s Shape
			err := json.Unmarshal([]byte(doc), &s)
			if (err == nil) != (refErr == nil) {
				t.Errorf("%s: zerogen says %v, jsonschema/v5 says %v", doc, err, refErr)
				continue
			}
			if err != nil {
				refused++
				var re *rt.Error
				if !errors.As(err, &re) {
					t.Errorf("%s: %T %v", doc, err, err)
				}
				continue
			}
			accepted++
			if err := s.Validate(); err != nil {
				t.Errorf("%s: decoded value does not validate: %v", doc, err)
			}
			b, err := json.Marshal(s)
			if same, jerr := rttest.SameJSON(b, []byte(doc)); err != nil || jerr != nil || !same {
				t.Errorf("%s: encoded %s %v %v", doc, b, err, jerr)
			}
		}
	}
	if accepted < 12 || refused < 20 {
		t.Errorf("accepted %d, refused %d: the documents no longer test both sides", accepted, refused)
	}
}

// TestTypedPositions: each position is its own typed field, the rest a
// typed slice, and exact round trips keep the text.
func TestTypedPositions(t *testing.T) {
	doc := `{"point":[1,2.5],"span":["s",0,null],"row":["r",true,1,2],"cell":[{"x":1},"a",{"any":true}]}`
	var s Shape
	if err := json.Unmarshal([]byte(doc), &s); err != nil {
		t.Fatal(err)
	}
	if s.Point.V0 != 1 || s.Point.V1 != 2.5 || s.Span == nil || s.Span.V0 != "s" || s.Span.V1.V != 0 || !s.Span.V2.Set || !s.Span.V2.V.IsNull() ||
		s.Row.V0 != "r" || !s.Row.V1 || len(s.Row.Rest) != 2 || s.Row.Rest[1] != 2 ||
		s.Cell.V0.X != 1 || s.Cell.V1.V != ShapeCellV1A || string(s.Cell.Rest[0]) != `{"any":true}` {
		t.Errorf("decoded %+v", s)
	}
	b, err := json.Marshal(s)
	if err != nil || string(b) != doc {
		t.Errorf("encoded %s, %v\nwant %s", b, err, doc)
	}
	var l List
	if err := json.Unmarshal([]byte(`["a",["b",["c"]]]`), &l); err != nil || l.V1 == nil || l.V1.V1 == nil || l.V1.V1.V0 != "c" || l.V1.V1.V1 != nil {
		t.Errorf("list %+v %v", l, err)
	}
}

// TestBuiltInGo: a value built in Go is checked position by position: a
// position set after one that is not, items past a closed tuple's
// positions (impossible to write: no field), and counts.
func TestBuiltInGo(t *testing.T) {
	ok := Shape{Point: Point{V0: 1, V1: 2}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		bad  func(s *Shape)
		want string
	}{
		"gap":      {func(s *Shape) { s.Span = &ShapeSpan{V0: "s", V2: rt.Some(rt.Nullable[int64]{})} }, "/span/2: prefixItems"},
		"bound":    {func(s *Shape) { s.Span = &ShapeSpan{V0: "s", V1: rt.Some(int64(-1))} }, "/span/1: minimum"},
		"label":    {func(s *Shape) { s.Span = &ShapeSpan{} }, "/span/0: minLength"},
		"too many": {func(s *Shape) { s.Row = &ShapeRow{V0: "r", Rest: []int64{1, 2, 3, 4}} }, "/row: maxItems"},
		"rest after gap": {func(s *Shape) {
			s.Cell = &ShapeCell{V0: &Coord{X: 1}, Rest: []rt.Raw{rt.Raw(`1`)}}
		}, "/cell/2: prefixItems"},
		"enum": {func(s *Shape) { s.Cell = &ShapeCell{V0: &Coord{}, V1: rt.Some(ShapeCellV1("c"))} }, "/cell/1: enum"},
	} {
		s := ok
		tc.bad(&s)
		err := s.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: Validate says %v, want %s", name, err, tc.want)
		}
		if b, err := json.Marshal(s); err == nil {
			t.Errorf("%s: encoded %s", name, b)
		}
	}
}
