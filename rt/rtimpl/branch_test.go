package rtimpl

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestBranchesExcludedByType checks that anyOf and oneOf give the same
// verdicts and the same "first failure" whether or not a branch is passed
// over for its type, and that passing over costs no allocation.
func TestBranchesExcludedByType(t *testing.T) {
	str, integer := &Node{Types: TString}, &Node{Types: TInteger}
	obj := &Node{Types: TObject, Required: []string{"a"}}
	cases := []struct {
		name, doc, wantErr string
		node               *Node
	}{
		{"anyOf number", `7`, "", &Node{AnyOf: []*Node{str, integer}}},
		{"anyOf string", ` "x"`, "", &Node{AnyOf: []*Node{integer, str}}},
		{"anyOf fraction", `7.5`, "(first failure: type: got number, want string at offset 0)", &Node{AnyOf: []*Node{str, integer}}},
		{"anyOf bool", `true`, "(first failure: type: got boolean, want string at offset 0)", &Node{AnyOf: []*Node{str, integer}}},
		{"anyOf object missing", `{}`, "(first failure: type: got object, want integer at offset 0)", &Node{AnyOf: []*Node{integer, obj}}},
		{"oneOf number", `-3`, "", &Node{OneOf: []*Node{str, integer}}},
		{"oneOf none", `null`, "(first failure: type: got null, want string at offset 0)", &Node{OneOf: []*Node{str, integer}}},
		{"oneOf two", `5`, "matches schemas 0 and 1", &Node{OneOf: []*Node{{Types: TNumber}, integer}}},
		{"oneOf false", `5`, "(first failure: false: no value is allowed here at offset 0)", &Node{OneOf: []*Node{{Never: true}, str}}},
	}
	for _, c := range cases {
		err := c.node.ValidateRaw(rt.Raw(c.doc))
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v, want valid", c.name, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.wantErr)
		}
	}
	n := &Node{AnyOf: []*Node{str, integer}}
	raw := rt.Raw(`12`)
	if allocs := testing.AllocsPerRun(100, func() { _ = n.ValidateRaw(raw) }); allocs != 0 {
		t.Errorf("anyOf [string, integer] on an integer allocates %v times, want 0", allocs)
	}
}
