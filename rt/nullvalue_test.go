package rt

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestNullValue encodes null and decodes null alone, as a member of a
// struct that encoding/json handles.
func TestNullValue(t *testing.T) {
	var v struct {
		A Opt[NullValue] `json:"a,omitzero"`
	}
	if err := json.Unmarshal([]byte(`{"a":null}`), &v); err != nil || !v.A.Set {
		t.Fatalf("decoded %+v %v", v, err)
	}
	if b, err := json.Marshal(v); err != nil || string(b) != `{"a":null}` {
		t.Errorf("encoded %s %v", b, err)
	}
	for _, bad := range []string{`{"a":0}`, `{"a":"null"}`, `{"a":{}}`} {
		var x struct{ A NullValue }
		err := json.Unmarshal([]byte(bad), &x)
		var re *Error
		if !errors.As(err, &re) || re.Keyword != "type" {
			t.Errorf("%s: got %v, want a type error", bad, err)
		}
	}
}
