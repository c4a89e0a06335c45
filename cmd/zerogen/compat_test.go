package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCompatExitCodes runs compat as a user does: a changed const breaks
// both roles, a new variant only consumers, and no change neither.
func TestCompatExitCodes(t *testing.T) {
	v1, v2 := "../../schema/streamjson/v1", "../../schema/streamjson/v2"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{v1, v2, "--role", "consumer"}, 1, "6 changes, 6 breaking for a consumer"},
		{[]string{v1, v2, "--role", "producer"}, 1, "6 changes, 1 breaking for a producer"},
		{[]string{v2, v2, "--role", "consumer"}, 0, "0 changes, 0 breaking for a consumer"},
		{[]string{"--role", "producer", v1, v1}, 0, "0 changes, 0 breaking for a producer"},
	} {
		code, out, errOut := runZerogen(append([]string{"compat"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out, tc.want) || errOut != "" {
			t.Errorf("compat %v: exit %d, want %d; stdout %q; stderr %q", tc.args, code, tc.code, out, errOut)
		}
	}
	for _, args := range [][]string{{v1, v2}, {v1, v2, "--role", "reader"}, {v1, "--role", "consumer"}} {
		code, _, errOut := runZerogen(append([]string{"compat"}, args...)...)
		if code != 2 || !strings.HasPrefix(errOut, "zerogen: ") {
			t.Errorf("compat %v: exit %d, stderr %q; want 2", args, code, errOut)
		}
	}
	code, _, errOut := runZerogen("compat", v1, "no/such/dir", "--role", "consumer")
	if code != 1 || !strings.Contains(errOut, "no/such/dir") {
		t.Errorf("missing directory: exit %d, stderr %q", code, errOut)
	}
}

// TestCompatJSON reads --format json as a CI step would: the shared
// schemaVersion change is one entry with a site in each root, and the
// exit code still says whether anything breaks.
func TestCompatJSON(t *testing.T) {
	code, out, errOut := runZerogen("compat", "../../schema/streamjson/v1", "../../schema/streamjson/v2", "--role", "producer", "--format", "json")
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var r struct {
		Old, New, Role  string
		Total, Breaking int
		Changes         []struct {
			Kind, Detail, Schema, SchemaIn string
			Breaking, Widens, Narrows      bool
			Sites                          []struct {
				Root, Pointer string
				Variants      []string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if r.Role != "producer" || r.Old != "../../schema/streamjson/v1" || r.Total != 6 || r.Breaking != 1 || len(r.Changes) != 6 {
		t.Fatalf("report %+v", r)
	}
	c := r.Changes[0]
	if c.Kind != "const-changed" || !c.Breaking || c.Schema != "defs.json#/$defs/schemaVersion/const" || c.SchemaIn != "new" ||
		len(c.Sites) != 2 || c.Sites[0].Root != "input.json" || c.Sites[1].Root != "output.json" || c.Sites[0].Pointer != "/schemaVersion" ||
		strings.Join(c.Sites[0].Variants, ",") != "prompt,message" {
		t.Errorf("first change %+v", c)
	}
	if code, _, errOut := runZerogen("compat", "../../schema/streamjson/v1", "../../schema/streamjson/v2", "--role", "producer", "--format", "yaml"); code != 2 || !strings.Contains(errOut, "--format must be text or json") {
		t.Errorf("--format yaml: exit %d, %s", code, errOut)
	}
}
