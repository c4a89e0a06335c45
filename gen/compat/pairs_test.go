package compat

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// TestSameInOtherWords checks that the forms two schemas may use for the
// same set of documents compare equal: a union of consts and an enum, a
// union with null and a type list with null, a const with and without its
// type, a union of known codes plus "any integer" and an integer, and a
// union of which the other side is one branch (only the other branches
// count, as variants removed or added).
func TestSameInOtherWords(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string
		want     []string
	}{
		{"oneOf consts vs enum", `{"oneOf":[{"const":"a"},{"const":"b","description":"B"}]}`, `{"type":"string","enum":["a","b"]}`, nil},
		{"anyOf consts vs enum, one value fewer",
			`{"anyOf":[{"type":"string","const":"a"},{"type":"string","const":"b"}]}`, `{"enum":["a"]}`,
			[]string{`enum-narrowed /: removes "b" [s.json#/enum] breaks producer`}},
		{"anyOf with null vs type list", `{"$defs":{"X":{"type":"object","properties":{"a":{"type":"string"}}}},"anyOf":[{"$ref":"#/$defs/X"},{"type":"null"}]}`,
			`{"type":["object","null"],"properties":{"a":{"type":"string"}}}`, nil},
		{"const with and without type", `{"type":"string","const":"x"}`, `{"const":"x"}`, nil},
		{"known codes or any integer", `{"anyOf":[{"type":"integer","const":-32700},{"type":"integer","const":-32600},{"type":"integer"}]}`, `{"type":"integer"}`, nil},
		{"union became one branch",
			`{"anyOf":[{"type":"object","properties":{"type":{"const":"t"}},"required":["type"]},{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}]}`,
			`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`,
			[]string{`variant-removed /: the union became its branch 1; documents of branch 0 may no longer be valid [old s.json#/anyOf/0] breaks producer`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := compatLines(t, tc.old, tc.new)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

// TestComparePairs compares a $defs entry of one bundled file with a root
// file, and a root's sub-schema with a $defs entry, as --pairs does.
func TestComparePairs(t *testing.T) {
	old := []schema.File{{Name: "schema.json", Data: []byte(`{"$defs":{
		"Req":{"type":"object","properties":{"cwd":{"type":"string"},"n":{"type":"integer"}},"required":["cwd"]},
		"Res":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}}}`)}}
	newFiles := []schema.File{
		{Name: "req.json", Data: []byte(`{"title":"Req","type":"object","properties":{"cwd":{"type":"string"},"n":{"type":"integer","minimum":0}},"required":["cwd"]}`)},
		{Name: "res_message.json", Data: []byte(`{"title":"ResMessage","type":"object","properties":{"result":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}}}`)},
	}
	r, err := ComparePairs(old, newFiles, []Pair{{Old: "schema.json#/$defs/Req", New: "req.json"}, {Old: "schema.json#/$defs/Res", New: "res_message.json#/properties/result"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Changes) != 1 || r.Changes[0].Sites[0].Root != "req.json ← schema.json#/$defs/Req" || r.Changes[0].Sites[0].Pointer != "/n" ||
		!r.Changes[0].Breaks(Producer) || r.Changes[0].Breaks(Consumer) {
		t.Errorf("changes %+v, want one: minimum added at /n of req.json, breaking producers only", r.Changes)
	}
	if _, err := ComparePairs(old, newFiles, []Pair{{Old: "schema.json#/$defs/Nope", New: "req.json"}}); err == nil {
		t.Error("a pointer to nothing compared")
	}
	if _, err := ComparePairs(old, newFiles, []Pair{{Old: "schema.json#/$defs/Req", New: "missing.json"}}); err == nil {
		t.Error("a missing file compared")
	}
}
