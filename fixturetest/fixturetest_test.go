package fixturetest

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// doc is a stand-in for a generated root type: it keeps the document's
// bytes, re-encodes them as given by encode, and fails decoding as fail
// says.
type doc struct {
	data   []byte
	encode func([]byte) []byte
	fail   func([]byte) error
}

func (d *doc) UnmarshalJSON(b []byte) error {
	if d.fail != nil {
		if err := d.fail(b); err != nil {
			return err
		}
	}
	d.data = append([]byte(nil), b...)
	return nil
}

func (d *doc) MarshalJSON() ([]byte, error) { return d.encode(d.data), nil }

func same(b []byte) []byte { return b }

func TestCheckValid(t *testing.T) {
	c := Case{Line: 1, Name: "minimal"}
	ok := func() Doc { return &doc{encode: same} }
	if err := CheckValid(ok, c, []byte(`{"a": 1, "b": [true]}`)); err != nil {
		t.Errorf("a faithful round trip: %v", err)
	}
	lossy := func() Doc { return &doc{encode: func([]byte) []byte { return []byte(`{"a":1}`) }} }
	err := CheckValid(lossy, c, []byte(`{"a": 1, "b": [true]}`))
	if err == nil || !strings.Contains(err.Error(), "the round trip changed the value") {
		t.Errorf("a lossy round trip: got %v", err)
	}
}

func TestCheckInvalid(t *testing.T) {
	c := Case{Line: 1, Name: "bad", Pointer: "/a", Keyword: "type"}
	at := func(ptr, kw string) func() Doc {
		return func() Doc {
			return &doc{encode: same, fail: func([]byte) error {
				return rt.AtKey(&rt.Error{Keyword: kw, Msg: "no"}, strings.TrimPrefix(ptr, "/"))
			}}
		}
	}
	if err := CheckInvalid(at("/a", "type"), c, []byte(`{"a":"x"}`)); err != nil {
		t.Errorf("the expected failure: %v", err)
	}
	for name, newDoc := range map[string]func() Doc{
		"accepted":      func() Doc { return &doc{encode: same} },
		"wrong pointer": at("/b", "type"),
		"wrong keyword": at("/a", "enum"),
	} {
		if err := CheckInvalid(newDoc, c, []byte(`{"a":"x"}`)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
