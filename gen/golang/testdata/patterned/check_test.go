package patterned

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

// TestPatternMaps decodes members matched by patternProperties into their
// typed maps, encodes them back, and keeps the schema's verdicts.
func TestPatternMaps(t *testing.T) {
	doc := `{"info":{"title":"t","x-logo":"l","x-a":[1]},"paths":{"/a":{"summary":"s","q":1},"x-rank":2},` +
		`"tags":{"main":"m","12":3,"bar":null,"zz":"s"},"x-b":{"c":true}}`
	var a API
	if err := json.Unmarshal([]byte(doc), &a); err != nil {
		t.Fatal(err)
	}
	var (
		ops  map[string]Operation = a.Paths.Operations
		rank map[string]int64     = a.Paths.Extensions
		ext  map[string]rt.Raw    = a.Extensions
	)
	if ops["/a"].Summary != "s" || rank["x-rank"] != 2 || string(ext["x-b"]) != `{"c":true}` ||
		a.Info.XLogo.V != "l" || a.Tags.PatternMembers["12"] != 3 || string(a.Tags.PatternMembers2["bar"]) != "null" ||
		a.Tags.Extra["zz"] != "s" || len(a.Info.Extensions) != 1 {
		t.Errorf("decoded %+v", a)
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var back, want any
	_ = json.Unmarshal(b, &back)
	_ = json.Unmarshal([]byte(doc), &want)
	if bj, _ := json.Marshal(back); string(bj) != mustJSON(want) {
		t.Errorf("encoded %s\nwant the value of %s", b, doc)
	}
	for bad, keyword := range map[string]string{
		`{"info":{"title":"t"},"y":1}`:                 "additionalProperties",
		`{"info":{"title":"t","x-logo":1}}`:            "type",
		`{"info":{"title":"t"},"paths":{"x-rank":-1}}`: "minimum",
		`{"info":{"title":"t"},"paths":{"/a":{}}}`:     "required",
		`{"info":{"title":"t"},"paths":{"b":{}}}`:      "additionalProperties",
		`{"info":{"title":"t"},"paths":{"/a":{"summary":""},"/b":{"summary":""},"/c":{"summary":""},"x-d":1}}`: "maxProperties",
		`{"info":{"title":"t"},"tags":{"12":"x"}}`:                                                             "type",
		`{"info":{"title":"t"},"tags":{"zz":1}}`:                                                               "type",
		`{"info":{"title":"t"},"x-b":1,"x-b":2}`:                                                               "duplicate",
	} {
		var x API
		err := json.Unmarshal([]byte(bad), &x)
		var re *rt.Error
		if !errors.As(err, &re) || re.Keyword != keyword {
			t.Errorf("%s: got %v, want a %s error", bad, err, keyword)
		}
	}
	// A member in a map the decoder would not put it in is refused on encode.
	for _, x := range []Tags{
		{PatternMembers: map[string]int64{"a1": 1}},
		{PatternMembers2: map[string]rt.Raw{"12": rt.Raw("1")}},
		{Extra: map[string]string{"main": "m"}},
		{Extra: map[string]string{"bar": "m"}},
	} {
		if _, err := json.Marshal(x); err == nil {
			t.Errorf("%+v encoded", x)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestInvalidUTF8 checks that invalid UTF-8 in the key of a pattern map,
// of the extras, or in a value of the extras, is refused by every encoder
// that validates, as Validate refuses it.
func TestInvalidUTF8(t *testing.T) {
	x := API{Info: Info{Title: "t"}, Paths: &Paths{Operations: map[string]Operation{"/a": {Summary: "s"}, "/\xff": {Summary: "s"}}}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/paths/~1\xff")
	x = API{Info: Info{Title: "t", Extensions: map[string]rt.Raw{"x-\xff": rt.Raw("1")}}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/info/x-\xff")
	x = API{Info: Info{Title: "t"}, Tags: &Tags{Extra: map[string]string{"b": "ok", "c": "\xf0\x9f\x98"}}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/tags/c")
}
