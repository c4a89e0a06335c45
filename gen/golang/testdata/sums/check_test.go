package sums

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestSums decodes values of several JSON kinds into the field of their
// kind, encodes them back, and keeps the schema's verdicts.
func TestSums(t *testing.T) {
	doc := `{"id":7,"progress":null,"amount":true,"value":{"a":[1,"x",false,null,{"b":2}]},"content":[{"text":"t"}]}`
	var m Message
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	if m.ID.Kind != rt.Number || m.ID.Int != 7 || m.Progress.V.Kind != rt.Null || m.Amount.V.Kind != rt.Bool || !m.Amount.V.Bool ||
		m.Value.V.Object["a"].Array[1].String != "x" || m.Content.V.Kind != rt.Array || m.Content.V.Array[0].Text != "t" {
		t.Errorf("decoded %+v", m)
	}
	if b, err := json.Marshal(m); err != nil || string(b) != doc {
		t.Errorf("encoded %s %v\nwant %s", b, err, doc)
	}
	var s Message
	if err := json.Unmarshal([]byte(`{"id":"r1","progress":"half","amount":2.5,"content":{"text":"t"}}`), &s); err != nil ||
		s.ID.String != "r1" || s.Progress.V.String != "half" || s.Amount.V.Number != 2.5 || s.Content.V.Object.Text != "t" {
		t.Errorf("decoded %+v %v", s, err)
	}
	for bad, keyword := range map[string]string{
		`{"id":true}`:                  "type",
		`{"id":1.5}`:                   "type",
		`{"id":"a","progress":-1}`:     "minimum",
		`{"id":"a","progress":""}`:     "minLength",
		`{"id":"a","amount":11}`:       "maximum",
		`{"id":"a","content":[]}`:      "minItems",
		`{"id":"a","content":"t"}`:     "type",
		`{"id":"a","content":{}}`:      "required",
		`{"id":"a","value":{"a":1.5}}`: "type",
		`{"id":"a","either":5}`:        "oneOf",
		`{"id":"a","mixed":"x"}`:       "anyOf",
	} {
		var x Message
		err := json.Unmarshal([]byte(bad), &x)
		var re *rt.Error
		if !errors.As(err, &re) || re.Keyword != keyword {
			t.Errorf("%s: got %v, want a %s error", bad, err, keyword)
		}
	}
	for _, x := range []Message{{}, {ID: RequestID{Kind: rt.Bool}}, {ID: RequestID{Kind: rt.String}, Content: rt.Opt[MessageContent]{Set: true, V: MessageContent{Kind: rt.Object}}}} {
		if _, err := json.Marshal(x); err == nil {
			t.Errorf("%+v encoded", x)
		}
	}
}
