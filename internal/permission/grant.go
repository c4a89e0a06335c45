package permission

import (
	"fmt"
	"strings"
)

// Grant is one entry of --allowed-tools: a tool the run may call without
// asking. A grant names one tool exactly, or, as "mcp__NAME", every tool of
// the MCP server NAME (whose tools are called "mcp__NAME__TOOL").
type Grant string

// mcpPrefix starts the names of MCP tools and of grants for a whole server.
const mcpPrefix = "mcp__"

// ParseGrant checks one --allowed-tools entry.
func ParseGrant(s string) (Grant, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", fmt.Errorf("empty tool name in the allowed tools")
	case s == mcpPrefix || strings.HasPrefix(s, mcpPrefix+"_"):
		return "", fmt.Errorf("allowed tool %q names no MCP server (write mcp__SERVER or mcp__SERVER__TOOL)", s)
	}
	return Grant(s), nil
}

// Matches reports whether the grant covers the tool called name.
func (g Grant) Matches(name string) bool {
	if string(g) == name {
		return true
	}
	rest, ok := strings.CutPrefix(string(g), mcpPrefix)
	return ok && !strings.Contains(rest, "__") && strings.HasPrefix(name, string(g)+"__")
}

// Server returns the MCP server a grant names (mcp__NAME or
// mcp__NAME__TOOL), and whether it names one.
func (g Grant) Server() (string, bool) {
	rest, ok := strings.CutPrefix(string(g), mcpPrefix)
	if !ok || rest == "" {
		return "", false
	}
	server, _, _ := strings.Cut(rest, "__")
	return server, server != ""
}

// IsMCP reports whether name is the name of an MCP tool or server grant.
// Such names are known only once the servers have started, so Validate
// leaves them to the caller, which checks them against the configured
// servers.
func IsMCP(name string) bool { return strings.HasPrefix(name, mcpPrefix) }
