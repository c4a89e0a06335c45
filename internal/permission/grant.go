package permission

import (
	"fmt"
	"strings"
)

// Grant is one entry of --allowed-tools: a tool the run may call without
// asking. Today every grant names one tool exactly. The prefix mcpPrefix is
// kept for grants of a whole MCP server ("mcp__NAME" will match every tool
// "mcp__NAME__TOOL"), so ParseGrant refuses it until MCP servers exist.
type Grant string

// mcpPrefix starts the names of MCP tools and of grants for a whole server.
const mcpPrefix = "mcp__"

// ParseGrant checks one --allowed-tools entry.
func ParseGrant(s string) (Grant, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", fmt.Errorf("empty tool name in the allowed tools")
	case strings.HasPrefix(s, mcpPrefix):
		return "", fmt.Errorf("allowed tool %q names an MCP server or tool, and this run has no MCP servers", s)
	}
	return Grant(s), nil
}

// Matches reports whether the grant covers the tool called name.
func (g Grant) Matches(name string) bool { return string(g) == name }
