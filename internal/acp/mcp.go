package acp

import (
	"context"
	"fmt"
	"strconv"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/rt"
)

// mcpSource names the servers a client passes, in messages.
const mcpSource = "session/new"

// MCPStarter starts the MCP servers of a session working in cwd; nil means
// Zero connects no MCP server. The warnings name the servers that did not
// start; the session goes on without their tools. An error (two tools
// that map to one name) fails the session's creation.
type MCPStarter func(ctx context.Context, servers []mcp.ServerConfig, cwd string) (*mcp.Manager, []mcp.Warning, error)

// clientServers reads the mcpServers of session/new or session/load:
// stdio servers (no type) and Streamable HTTP servers (type http). SSE is
// refused, as initialize said (mcpCapabilities.sse false).
func clientServers(list []rt.Raw) ([]mcp.ServerConfig, error) {
	out := make([]mcp.ServerConfig, 0, len(list))
	for i, raw := range list {
		ptr := "/params/mcpServers/" + strconv.Itoa(i)
		c, err := clientServer(raw, ptr)
		if err != nil {
			return nil, err
		}
		if err := mcp.CheckServerName(c.Name); err != nil {
			return nil, &rpcError{code: codeInvalidParams, msg: "invalid params: " + err.Error(), pointer: ptr + "/name"}
		}
		out = append(out, c)
	}
	return out, nil
}

// clientServer reads one server by its type member.
func clientServer(raw rt.Raw, ptr string) (mcp.ServerConfig, error) {
	bad := func(err error) error {
		e := invalidParams(err)
		e.pointer = ptr + e.pointer[len("/params"):]
		return e
	}
	switch typeMember(raw) {
	case `"http"`:
		var s acpv1.McpServerHTTP
		if err := s.UnmarshalJSON(raw); err != nil {
			return mcp.ServerConfig{}, bad(err)
		}
		c := mcp.ServerConfig{Name: s.Name, Transport: mcp.TransportHTTP, Source: mcpSource, URL: s.URL, Headers: map[string]string{}}
		for _, h := range s.Headers {
			c.Headers[h.Name] = h.Value
		}
		return c, nil
	case "", `"stdio"`:
		var s acpv1.McpServerStdio
		if err := s.UnmarshalJSON(raw); err != nil {
			return mcp.ServerConfig{}, bad(err)
		}
		c := mcp.ServerConfig{Name: s.Name, Transport: mcp.TransportStdio, Source: mcpSource, Command: s.Command, Args: s.Args, Env: map[string]string{}}
		for _, e := range s.Env {
			c.Env[e.Name] = e.Value
		}
		return c, nil
	}
	return mcp.ServerConfig{}, &rpcError{code: codeInvalidParams, pointer: ptr + "/type",
		msg: "invalid params: Zero connects MCP servers over stdio (no type) and Streamable HTTP (type http), not " + typeMember(raw)}
}

// typeMember returns the raw JSON of raw's member "type", "" when raw is
// not an object or has none.
func typeMember(raw rt.Raw) string {
	d := rt.NewDecoder(raw)
	if d.ObjStart() != nil {
		return ""
	}
	for n := 0; ; n++ {
		key, ok, err := d.ObjKey(n)
		if err != nil || !ok {
			return ""
		}
		v, err := d.RawString()
		if err != nil {
			return ""
		}
		if key == "type" {
			return v
		}
	}
}

// startMCP merges the client's servers with the configured ones and starts
// them for a session in cwd. A name given twice is invalid params; servers
// that do not start, and MCP tool names of the flags that no server
// offers, are reported on the log, and the session goes on.
func (s *server) startMCP(list []rt.Raw, cwd string) (*mcp.Manager, error) {
	fromClient, err := clientServers(list)
	if err != nil {
		return nil, err
	}
	all, err := mcp.Merge(s.cfg.MCPServers, fromClient)
	if err != nil {
		return nil, &rpcError{code: codeInvalidParams, msg: "invalid params: " + err.Error(), pointer: "/params/mcpServers"}
	}
	// What the client gives its servers is redacted from now on, before
	// they start, so that not even their first words on stderr show it.
	s.cfg.Redactor.Add(mcp.Secrets(fromClient)...)
	if len(all) == 0 || s.cfg.StartMCP == nil {
		return nil, nil
	}
	m, warns, err := s.cfg.StartMCP(s.ctx, all, cwd)
	if err != nil {
		return nil, &rpcError{code: codeInvalidParams, msg: "invalid params: the MCP servers cannot be used together: " + err.Error(), pointer: "/params/mcpServers"}
	}
	for _, w := range warns {
		fmt.Fprintf(s.cfg.Log, "zero acp: warning: %s\n", s.cfg.Redactor.String("", w.Message))
	}
	var offered []string
	for _, t := range m.Tools() {
		offered = append(offered, t.Name)
	}
	for _, msg := range s.cfg.Policy.UnmatchedMCP(offered) {
		fmt.Fprintf(s.cfg.Log, "zero acp: warning: %s\n", msg)
	}
	return m, nil
}
