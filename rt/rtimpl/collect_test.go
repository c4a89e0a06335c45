package rtimpl

import (
	"errors"
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// show lists errors one a line as "pointer keyword @offset", with the
// causes indented under their error.
func show(es []*rt.Error, indent string) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(indent + e.Pointer + " " + e.Keyword + " @" + itoa(e.Offset) + "\n")
		b.WriteString(show(e.Causes, indent+"  "))
	}
	return b.String()
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestValidateAll(t *testing.T) {
	str := &Node{Types: TString, Str: &StrRule{MinLen: 2, MaxLen: -1, Pattern: MustPattern("^a")}}
	num := &Node{Types: TInteger, Num: NewNumRule("10", "", "", "", "3")}
	obj := &Node{Types: TObject, Props: map[string]*Node{"s": str, "n": num, "a/b": str}, Additional: False,
		Required: []string{"s", "x", "y"}}
	cases := []struct {
		name, doc, want string
		node            *Node
	}{
		{"valid", `{"s":"ab","n":12,"x":1,"y":2}`, "", &Node{Types: TObject, Props: obj.Props, Required: []string{"x", "y"}}},
		{"every member and keyword", `{"s":"b","n":7,"z":[1],"a/b":5}`,
			" required @0\n required @0\n/s minLength @5\n/s pattern @5\n/n minimum @13\n/n multipleOf @13\n/z additionalProperties @19\n/a~1b type @29\n",
			obj},
		{"type alone on a wrong type", `"x"`, " type @0\n", &Node{Types: TObject, Required: []string{"a"}, AllOf: []*Node{str}}},
		{"items in order", ` [1, "x", 3.5]`, "/1 type @5\n/2 type @10\n", &Node{Items: &Node{Types: TInteger}}},
		{"anyOf causes", `{"k":true}`, " anyOf @0\n  /k type @5\n   required @0\n",
			&Node{AnyOf: []*Node{{Props: map[string]*Node{"k": {Types: TString}}}, {Required: []string{"z"}}}}},
		{"oneOf twice has no causes", `5`, " oneOf @0\n", &Node{OneOf: []*Node{{Types: TNumber}, {Types: TInteger}}}},
		{"contains causes", `[1,2]`, " contains @0\n  /0 type @1\n  /1 type @3\n", &Node{Contains: &Node{Types: TString}, MinContains: 1, MaxContains: -1}},
		{"not", `1`, " not @0\n", &Node{Not: &Node{Types: TNumber}}},
		{"then in place", `{"a":1}`, "/a type @5\n", &Node{If: &Node{Required: []string{"a"}},
			Then: &Node{Props: map[string]*Node{"a": {Types: TString}}}}},
		{"allOf in place", `"b"`, " minLength @0\n pattern @0\n type @0\n", &Node{AllOf: []*Node{str, {Types: TNumber}}}},
		{"unevaluated", `{"a":1,"b":2,"c":"x"}`, "/b unevaluatedProperties @11\n/c unevaluatedProperties @17\n",
			&Node{AllOf: []*Node{{Props: map[string]*Node{"a": True}}}, UnevalProps: False}},
		{"nested offsets", `{"o":{"p":[0,"q"]}}`, "/o/p/1 type @13\n",
			&Node{Props: map[string]*Node{"o": {AllOf: []*Node{{Props: map[string]*Node{"p": {Items: &Node{Types: TInteger}}}}}}}}},
		{"syntax ends the walk", `{"s":1,`, " syntax @7\n", obj},
		{"duplicate ends the walk", `{"s":"ab","s":"ab"}`, " duplicate @14\n", obj},
		{"unique first pair", `[1,2,1,2]`, " uniqueItems @5\n", &Node{Unique: true}},
	}
	for _, c := range cases {
		got := c.node.ValidateAll(c.doc)
		if s := show(got, ""); s != c.want {
			t.Errorf("%s: %s\ngot:\n%swant:\n%s", c.name, c.doc, s, c.want)
		}
		if first := c.node.ValidateRaw(rt.Raw(c.doc)); (first == nil) != (got == nil) {
			t.Errorf("%s: first-error mode %v, all-errors mode %v", c.name, first, got)
		}
	}
}

func TestAllErrorsKeepsTheDecodersError(t *testing.T) {
	n := &Node{Types: TObject, Props: map[string]*Node{"t": {Types: TString}, "n": {Types: TInteger}}}
	doc := []byte(`{"t":"yesterday","n":"x"}`)
	// A user's type refused /t: the interpreter does not see it, so the
	// decoder's error joins the list in document order.
	first := rt.AtKey(rt.Fail(5, UserTypeKeyword, "bad time"), "t")
	got := AllErrors(n, doc, first)
	if s := show(got, ""); s != "/t x-go-type @5\n/n type @21\n" {
		t.Errorf("got:\n%s", s)
	}
	// When the interpreter reports the same failure, it is not repeated.
	first = rt.AtKey(rt.Fail(21, "type", "got string, want integer"), "n")
	if s := show(AllErrors(n, doc, first), ""); s != "/n type @21\n" {
		t.Errorf("got:\n%s", s)
	}
	if AllErrors(n, doc, nil) != nil {
		t.Error("no first error, but errors")
	}
	if es := AllErrors(n, doc, errors.New("not ours")); len(es) != 2 || es[0].Msg != "not ours" {
		t.Errorf("got %v", es)
	}
}

func TestValidateAllSchemaLoc(t *testing.T) {
	never := &Node{Never: true, Loc: "s.json#/properties/x"}
	n := &Node{Loc: "s.json#", Types: TObject, Required: []string{"a"}, Props: map[string]*Node{"x": never},
		DepRequired: map[string][]string{"x/y": {"b", "c"}}, DepKeyword: "dependencies", Additional: False}
	var got []string
	for _, e := range n.ValidateAll(`{"x":1,"x/y":2}`) {
		got = append(got, e.Keyword+" "+e.SchemaLoc)
	}
	want := []string{"required s.json#/required", "dependentRequired s.json#/dependencies/x~1y/0",
		"dependentRequired s.json#/dependencies/x~1y/1", "false s.json#/properties/x", "additionalProperties s.json#/additionalProperties"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestValidateAllUserCheck(t *testing.T) {
	calls := 0
	user := &Node{Types: TString | TNull, Str: &StrRule{MaxLen: 5}, Loc: "s.json#/properties/t", UserCheck: func(raw rt.Raw, off int) error {
		calls++
		if string(raw) != `"now"` {
			return rt.Fail(off, UserTypeKeyword, "not a time")
		}
		return nil
	}}
	n := &Node{Items: user}
	var got []string
	for _, e := range n.ValidateAll(`["now", "later", "yesterday", null, 1]`) {
		got = append(got, e.Pointer+" "+e.Keyword+" "+e.SchemaLoc)
	}
	// "yesterday" breaks maxLength, so the type is not asked; null and 1
	// are not handed to it either.
	want := "/1 x-go-type s.json#/properties/t/x-go-type\n/2 maxLength s.json#/properties/t/maxLength\n/4 type s.json#/properties/t/type"
	if strings.Join(got, "\n") != want || calls != 2 {
		t.Errorf("%d calls, got\n%s\nwant\n%s", calls, strings.Join(got, "\n"), want)
	}
	if n.ValidateRaw(rt.Raw(`["later"]`)) != nil {
		t.Error("the first-error mode called UserCheck")
	}
}
