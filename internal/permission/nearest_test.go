package permission

import (
	"slices"
	"testing"
)

func TestNearest(t *testing.T) {
	known := []string{"read_file", "write_file", "edit_file", "bash"}
	tests := []struct {
		name, want string
		close      bool
	}{
		{"bassh", "bash", true},
		{"Bash", "bash", true},
		{"edit_fiel", "edit_file", true},
		{"writefile", "write_file", true},
		{"rm_rf", "bash", false},
		{"delete_everything", "write_file", false},
	}
	for _, tt := range tests {
		if got, close := nearest(tt.name, known); got != tt.want || close != tt.close {
			t.Errorf("nearest(%q) = %q, %v; want %q, %v", tt.name, got, close, tt.want, tt.close)
		}
	}
	if got, close := nearest("x", nil); got != "" || close {
		t.Errorf("nearest of nothing = %q, %v", got, close)
	}
}

// TestUnmatchedMCP checks which MCP names of the lists warn: misspelt
// tools of a server that offers tools, in every list; not exact names,
// whole-server grants, built-in names, or servers that offer nothing.
func TestUnmatchedMCP(t *testing.T) {
	offered := []string{"mcp__gh__create_issue", "mcp__gh__list_issues", "mcp__fs__read"}
	p := Policy{
		Enabled:  []string{"mcp__gh__create_issue", "mcp__fs__raed"},
		Disabled: []string{"mcp__gh__delete_repository"},
		Allowed:  []Grant{"mcp__gh__create_isue", "mcp__gh", "bash", "mcp__down__tool"},
	}
	want := []string{
		"--enabled-tools names mcp__fs__raed, which MCP server fs does not offer; did you mean mcp__fs__read?",
		"--disabled-tools names mcp__gh__delete_repository, which MCP server gh does not offer; it offers mcp__gh__create_issue, mcp__gh__list_issues",
		"--allowed-tools names mcp__gh__create_isue, which MCP server gh does not offer; did you mean mcp__gh__create_issue?",
	}
	if got := p.UnmatchedMCP(offered); !slices.Equal(got, want) {
		t.Errorf("UnmatchedMCP =\n%q\nwant\n%q", got, want)
	}
	if got := (Policy{Allowed: []Grant{"mcp__gh__create_issue"}}).UnmatchedMCP(offered); len(got) != 0 {
		t.Errorf("an exact name warns: %q", got)
	}
}

func TestListSome(t *testing.T) {
	var names []string
	for i := range 12 {
		names = append(names, string(rune('a'+i)))
	}
	if got := listSome(names); got != "a, b, c, d, e, f, g, h, i, j and 2 more" {
		t.Errorf("listSome = %q", got)
	}
}
