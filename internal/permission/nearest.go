package permission

import (
	"fmt"
	"strings"
)

// nearest returns the candidate closest to name by edit distance (ties go
// to the earlier candidate), and whether it is close enough to be a typo
// of name: at most two edits, or a third of the length for longer names.
func nearest(name string, candidates []string) (string, bool) {
	best, bestD := "", -1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD >= 0 && (bestD <= 2 || bestD*3 <= len(name))
}

// editDistance is the Levenshtein distance of a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// suggestion renders the nearest of known to name as a clause for an
// error message: " (did you mean "X"?)", or "" when none is close.
func suggestion(name string, known []string) string {
	if near, ok := nearest(name, known); ok {
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
	near, typo := nearest(name, same)
	if typo {
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
