package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// remoteToken is the credential the HTTP fake wants in Authorization.
const remoteToken = "tok-remote-0123456789abcdef"

// httpFakeMCP starts a Streamable HTTP MCP server that speaks 2025-06-18
// with one tool, echo, and answers 401 to a request without the bearer
// token. It counts the tools/call requests it answered.
func httpFakeMCP(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+remoteToken {
			http.Error(w, "no token", http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodDelete {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Arguments struct {
					Message string `json:"message"`
				} `json:"arguments"`
			} `json:"params"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &m); err != nil || m.ID == nil {
			w.WriteHeader(http.StatusAccepted) // a notification
			return
		}
		w.Header().Set("Content-Type", "application/json")
		reply := func(result string) { io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`) }
		switch m.Method {
		case "initialize":
			reply(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"http-fake","version":"1"}}`)
		case "tools/list":
			reply(`{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"message":{"type":"string"}}}}]}`)
		case "tools/call":
			calls.Add(1)
			text, _ := json.Marshal("http echo: " + m.Params.Arguments.Message)
			reply(`{"content":[{"type":"text","text":` + string(text) + `}]}`)
		default:
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"error":{"code":-32601,"message":"Method not found"}}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp", &calls
}

// pastedConfig writes a config file as a client has it, with SELF
// replaced by the fake stdio server (this test binary) and URL by the
// HTTP fake's endpoint.
func pastedConfig(t *testing.T, doc, url string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(self)
	doc = strings.ReplaceAll(strings.ReplaceAll(doc, `"SELF"`, string(quoted)), "URL", url)
	path := filepath.Join(t.TempDir(), "mcp.json")
	mustWrite(t, path, doc)
	return path
}

// TestMCPConfigsPastedFromClients: each client's MCP file, pasted as it
// is, starts its stdio server (the fake) and reaches its HTTP server (a
// url with or without a type, or Windsurf's serverUrl). A disabled server
// is not started, even with a variable that is unset; disabledTools are
// not offered; autoApprove, alwaysAllow and timeout are reported as
// ignored, and autoApprove grants nothing.
func TestMCPConfigsPastedFromClients(t *testing.T) {
	url, _ := httpFakeMCP(t)
	local := `"command":"SELF","env":{"ZERO_FAKE_MCP":"ok"}`
	tools := []string{"mcp__local__first", "mcp__local__work", "mcp__remote__echo"}
	cases := []struct {
		client, doc string
		allowed     string   // --allowed-tools
		offered     []string // the MCP tools --list-tools lists
		warnings    []string // each mcp_server or tools_not_offered warning, in part
	}{
		{client: "Claude Desktop and Claude Code",
			doc: `{"mcpServers":{"local":{` + local + `,"args":[]},
				"remote":{"type":"http","url":"URL","headers":{"Authorization":"Bearer ${REMOTE_TOKEN}"}}}}`,
			offered: tools},
		{client: "Cursor",
			doc: `{"$schema":"https://example.com/mcp.schema.json","mcpServers":{"local":{` + local + `},
				"remote":{"url":"URL","headers":{"Authorization":"Bearer ${env:REMOTE_TOKEN}"}}}}`,
			offered: tools},
		{client: "Cline",
			doc: `{"mcpServers":{
				"local":{` + local + `,"args":[],"disabled":false,"autoApprove":["work"],"timeout":60},
				"remote":{"type":"streamableHttp","url":"URL","headers":{"Authorization":"Bearer ${REMOTE_TOKEN}"},"disabled":false,"autoApprove":[]},
				"off":{"command":"/nonexistent/server","env":{"KEY":"${ZERO_TEST_UNSET_VAR}"},"disabled":true,"autoApprove":["x"],"timeout":5}}}`,
			allowed: "mcp__remote",
			offered: []string{"mcp__remote__echo"},
			warnings: []string{
				"mcp_server: MCP server local: autoApprove (work) is ignored: Zero runs an MCP tool without asking only when the permission policy grants it",
				"mcp_server: MCP server local: timeout (60) is ignored: clients disagree on its unit (Cline counts seconds, Claude Code milliseconds); Zero gives every call ZERO_MCP_CALL_TIMEOUT (default 120s)",
				`mcp_server: MCP server off is disabled in `,
				"tools_not_offered: 2 tools of MCP server local are not offered to the model",
			}},
		{client: "Roo Code",
			doc: `{"mcpServers":{"local":{` + local + `,"alwaysAllow":["work"],"disabledTools":["first"]},
				"remote":{"type":"streamable-http","url":"URL","headers":{"Authorization":"Bearer ${REMOTE_TOKEN}"}}}}`,
			offered:  []string{"mcp__local__work", "mcp__remote__echo"},
			warnings: []string{"mcp_server: MCP server local: alwaysAllow (work) is ignored"}},
		{client: "Windsurf",
			doc: `{"mcpServers":{"local":{` + local + `,"args":[],"disabled":false},
				"remote":{"serverUrl":"URL","headers":{"Authorization":"Bearer ${REMOTE_TOKEN}"}}}}`,
			offered: tools},
		{client: "VS Code",
			doc: `{"inputs":[{"type":"promptString","id":"token","description":"Token","password":true}],
				"servers":{"local":{"type":"stdio",` + local + `},
				"remote":{"type":"http","url":"URL","headers":{"Authorization":"Bearer ${env:REMOTE_TOKEN}"}}}}`,
			offered: tools},
	}
	for _, tc := range cases {
		t.Run(tc.client, func(t *testing.T) {
			z := newZeroEnv(t)
			z.vars["REMOTE_TOKEN"] = remoteToken
			cfg := pastedConfig(t, tc.doc, url)
			allowed := tc.allowed
			if allowed == "" {
				allowed = "mcp__local,mcp__remote"
			}
			evs, res := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", allowed, "--list-tools")
			table := finalText(t, evs)
			var offered []string
			for _, line := range strings.Split(table, "\n") {
				if name, _, _ := strings.Cut(line, " "); strings.HasPrefix(name, "mcp__") {
					offered = append(offered, name)
				}
			}
			if strings.Join(offered, " ") != strings.Join(tc.offered, " ") {
				t.Errorf("offered %v, want %v\n%s\nstderr: %s", offered, tc.offered, table, res.stderr)
			}
			warns := mcpWarnings(evs)
			if len(warns) != len(tc.warnings) {
				t.Errorf("warnings:\n%s\nwant %d:\n%s", strings.Join(warns, "\n"), len(tc.warnings), strings.Join(tc.warnings, "\n"))
			}
			for _, want := range tc.warnings {
				if !strings.Contains(strings.Join(warns, "\n"), want) {
					t.Errorf("no warning %q among\n%s", want, strings.Join(warns, "\n"))
				}
			}
		})
	}
}

// TestMCPPastedConfigRuns runs a model against a Cursor file: the stdio
// server is called and tells what it got of Zero's environment (the proxy
// and certificate settings, and not the API key), and the url without a
// type is called over Streamable HTTP with its header.
func TestMCPPastedConfigRuns(t *testing.T) {
	url, httpCalls := httpFakeMCP(t)
	z := newZeroEnv(t)
	z.vars["REMOTE_TOKEN"] = remoteToken
	settings := map[string]string{
		"HTTPS_PROXY":         "http://proxy.invalid:3128",
		"NO_PROXY":            "localhost,127.0.0.1",
		"SSL_CERT_FILE":       "/etc/zero-test/ca.pem",
		"NODE_EXTRA_CA_CERTS": "/etc/zero-test/extra.pem",
	}
	for k, v := range settings {
		z.vars[k] = v
	}
	cfg := pastedConfig(t, `{"mcpServers":{"local":{"command":"SELF","env":{"ZERO_FAKE_MCP":"env"}},
		"remote":{"url":"URL","headers":{"Authorization":"Bearer ${env:REMOTE_TOKEN}"}}}}`, url)
	z.serve(pt.OpenAI,
		calls(pt.Call{ID: "l", Name: "mcp__local__work", Args: []string{`{"n":1}`}},
			pt.Call{ID: "r", Name: "mcp__remote__echo", Args: []string{`{"message":"over http"}`}}),
		pt.OpenAI.Stream(pt.Text("Done.")))
	evs, res := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__local,mcp__remote", "call both")
	rs := results(evs)
	l := rs["l"]
	if l == nil {
		t.Fatalf("no result of the stdio call; warnings %v, stderr %s", mcpWarnings(evs), res.stderr)
	}
	for k, v := range settings {
		if !strings.Contains(l.Output, k+"="+v) {
			t.Errorf("the stdio server lacks %s=%s:\n%s", k, v, l.Output)
		}
	}
	if !strings.Contains(l.Output, "OPENAI_API_KEY unset") {
		t.Errorf("the stdio server got Zero's API key:\n%s", l.Output)
	}
	if r := rs["r"]; r == nil || r.Output != "http echo: over http" || httpCalls.Load() != 1 {
		t.Errorf("the HTTP call: %+v, %d calls; warnings %v", r, httpCalls.Load(), mcpWarnings(evs))
	}
}
