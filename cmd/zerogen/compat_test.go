package main

import (
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
		{[]string{v1, v2, "--role", "consumer"}, 1, "5 changes, 5 breaking for a consumer"},
		{[]string{v1, v2, "--role", "producer"}, 1, "5 changes, 2 breaking for a producer"},
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
