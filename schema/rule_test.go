package schema

import "testing"

func TestStringRule(t *testing.T) {
	for _, path := range []string{"streamjson/v1/defs.json", "streamjson/v2/defs.json", "session/v1/meta.json"} {
		r, err := StringRule(path, "id")
		if err != nil {
			t.Fatal(err)
		}
		for id, ok := range map[string]bool{
			"run_20260603_abc123": true, "zero_20260603100000_abc123": true, "call_1": true,
			"": false, "../x": false, "a/b": false, ".": false, "-x": false, string(make([]byte, 129)): false,
		} {
			if got := r.Check(id, -1) == nil; got != ok {
				t.Errorf("%s: id %q valid = %v, want %v", path, id, got, ok)
			}
		}
	}
	if _, err := StringRule("streamjson/v2/defs.json", "nope"); err == nil {
		t.Error("a missing definition must be an error")
	}
}
