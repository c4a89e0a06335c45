package permission

import (
	"github.com/zeroproject/zero/internal/nearest"

	"fmt"
	"strings"
)

// suggestion renders the nearest of known to name as a clause for an
// error message: " (did you mean "X"?)", or "" when none is close.
func suggestion(name string, known []string) string {
	if near := nearest.Name(name, known); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}

// UnmatchedMCP returns a message for each name of an MCP tool
// (mcp__SERVER__TOOL) in the policy's lists that names none of the MCP
// tools offered, once the servers have listed them: a misspelt tool
// otherwise leaves its grant silently unused. The message names the
// flag, and the nearest tool of that server when one is close enough to
// be meant, else the server's tools. A name whose server
// offers no tool at all (it did not start, which is reported already) is
// left out.
func (p Policy) UnmatchedMCP(offered []string) []string {
	var out []string
	lists := []struct {
		flag  string
		names []string
	}{{"--enabled-tools", p.Enabled}, {"--disabled-tools", p.Disabled}, {"--allowed-tools", grantNames(p.Allowed)}}
	for _, l := range lists {
		for _, name := range l.names {
			if msg := unmatched(l.flag, name, offered); msg != "" {
				out = append(out, msg)
			}
		}
	}
	return out
}

// unmatched checks one name of flag's list against the offered tools.
func unmatched(flag, name string, offered []string) string {
	server, ok := Grant(name).Server()
	if !ok || !strings.Contains(strings.TrimPrefix(name, mcpPrefix), "__") {
		return "" // not an MCP tool name, or a whole server
	}
	var same []string
	for _, t := range offered {
		if t == name {
			return ""
		}
		if s, _ := Grant(t).Server(); s == server {
			same = append(same, t)
		}
	}
	if len(same) == 0 {
		return ""
	}
	if near := nearest.Name(name, same); near != "" {
		return fmt.Sprintf("%s names %s, which MCP server %s does not offer; did you mean %s?", flag, name, server, near)
	}
	return fmt.Sprintf("%s names %s, which MCP server %s does not offer; it offers %s", flag, name, server, listSome(same))
}

// maxListed is how many names listSome shows.
const maxListed = 10

// listSome joins names with commas, the first maxListed of them and a
// count of the rest.
func listSome(names []string) string {
	if len(names) <= maxListed {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:maxListed], ", "), len(names)-maxListed)
}

// grantNames returns the grants as strings.
func grantNames(gs []Grant) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = string(g)
	}
	return out
}
