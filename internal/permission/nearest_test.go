package permission

import (
	"slices"
	"testing"
)

// TestSuggestion: a misspelt tool name gets its nearest tool, a name
// that is no typo of any gets nothing.
func TestSuggestion(t *testing.T) {
	known := []string{"read_file", "write_file", "edit_file", "bash"}
	for name, want := range map[string]string{
		"bassh":             ` (did you mean "bash"?)`,
		"Bash":              ` (did you mean "bash"?)`,
		"edit_fiel":         ` (did you mean "edit_file"?)`,
		"writefile":         ` (did you mean "write_file"?)`,
		"rm_rf":             "",
		"delete_everything": "",
	} {
		if got := suggestion(name, known); got != want {
			t.Errorf("suggestion(%q) = %q, want %q", name, got, want)
		}
	}
	if got := suggestion("x", nil); got != "" {
		t.Errorf("suggestion of nothing = %q", got)
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
