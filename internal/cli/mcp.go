package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/run"
)

// loadMCP reads the --mcp-config files and checks that every MCP name in
// the tool lists names a configured server. A bad file is invalid input
// (exit 2). Values that ${VAR} expansions produced are kept for the
// redactor.
func (f *execFlags) loadMCP(getenv func(string) string) error {
	if err := f.loadMCPFiles(getenv); err != nil {
		return err
	}
	return f.checkMCPNames()
}

// loadMCPFiles reads and merges the --mcp-config files.
func (f *execFlags) loadMCPFiles(getenv func(string) string) error {
	var lists [][]mcp.ServerConfig
	for _, path := range f.mcpConfigs {
		list, err := mcp.LoadConfig(path, getenv, func(s string) { f.mcpSecrets = append(f.mcpSecrets, s) })
		if err != nil {
			return usageErrorf("%s", strings.ReplaceAll(err.Error(), "\n", "; "))
		}
		lists = append(lists, list)
	}
	servers, err := mcp.Merge(lists...)
	if err != nil {
		return usageErrorf("%v", err)
	}
	f.mcpServers = servers
	return nil
}

// checkMCPNames checks the mcp__ names of --enabled-tools,
// --disabled-tools and --allowed-tools against the configured servers
// (their tools are known only once the servers run).
func (f *execFlags) checkMCPNames() error {
	var names []string
	names = append(append(names, f.policy.Enabled...), f.policy.Disabled...)
	for _, g := range f.policy.Allowed {
		names = append(names, string(g))
	}
	for _, name := range names {
		server, ok := permission.Grant(name).Server()
		if !permission.IsMCP(name) {
			continue
		}
		if !ok || !slices.ContainsFunc(f.mcpServers, func(s mcp.ServerConfig) bool { return s.Name == server }) {
			return usageErrorf("tool %q names MCP server %q, which no --mcp-config file configures", name, server)
		}
	}
	return nil
}

// startMCP starts the configured servers, if any, with the limits of the
// environment. Two tools with one name are a configuration error (exit 3).
// The caller closes the manager.
func (x *execution) startMCP(ctx context.Context, cwd string) (*mcp.Manager, []run.Warning, error) {
	if len(x.f.mcpServers) == 0 {
		return nil, nil, nil
	}
	startup, err := envDuration(x.env.Getenv, mcp.EnvStartupTimeout)
	if err != nil {
		return nil, nil, err
	}
	call, err := envDuration(x.env.Getenv, mcp.EnvCallTimeout)
	if err != nil {
		return nil, nil, err
	}
	m, warns, err := mcp.Start(ctx, x.f.mcpServers, mcp.Options{ClientName: "zero", ClientVersion: Version(),
		StartupTimeout: startup, CallTimeout: call, Environ: x.env.Environ, Cwd: cwd,
		Stderr: x.env.Stderr, Redact: func(s string) string { return x.red.String("", s) }})
	if err != nil {
		return nil, nil, configErrorf("%v", err)
	}
	var out []run.Warning
	for _, w := range warns {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeMcpServer, Message: w.Message})
	}
	return m, out, nil
}

// mcpWithheld says, per server, that tools the policy does not grant are
// not offered, and how to grant them.
func mcpWithheld(p permission.Policy, m *mcp.Manager) []run.Warning {
	if m == nil {
		return nil
	}
	count := map[string]int{}
	var order []string
	for _, t := range m.Tools() {
		if p.Decide(run.MCPSpec(t)).Action != permission.ActionPrompt {
			continue
		}
		if count[t.Server] == 0 {
			order = append(order, t.Server)
		}
		count[t.Server]++
	}
	var out []run.Warning
	for _, s := range order {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeToolsNotOffered, Message: fmt.Sprintf(
			"%d tools of MCP server %s are not offered to the model: they need approval, and this headless run cannot ask for it; "+
				"allow them with --allowed-tools %s%s (or name single tools), or --skip-permissions-unsafe", count[s], s, mcp.Prefix, s)})
	}
	return out
}

// mcpUnmatched warns about each MCP tool name in the tool flags that no
// started server offers, naming the nearest tool.
func mcpUnmatched(p permission.Policy, m *mcp.Manager) []run.Warning {
	if m == nil {
		return nil
	}
	var out []run.Warning
	for _, msg := range p.UnmatchedMCP(mcpNames(m)) {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeUnknownTool, Message: msg})
	}
	return out
}

// mcpNames returns the names of the tools the servers offer.
func mcpNames(m *mcp.Manager) []string {
	var names []string
	for _, t := range m.Tools() {
		names = append(names, t.Name)
	}
	return names
}

// envDuration reads a duration variable: a Go duration ("90s", "500ms")
// or a number of seconds; "" means 0 (the default).
func envDuration(getenv func(string) string, name string) (time.Duration, error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if secs, serr := strconv.ParseFloat(v, 64); err != nil && serr == nil {
		d, err = time.Duration(secs*float64(time.Second)), nil
	}
	if err != nil || d <= 0 {
		return 0, configErrorf("%s=%s is not a positive duration (want seconds, or a duration such as 90s or 500ms)", name, v)
	}
	return d, nil
}
