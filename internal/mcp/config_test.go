package mcp

import (
	"slices"
	"strings"
	"testing"
)

// TestParseClientFormats reads each server as another client's file has
// it: what Zero follows becomes the ServerConfig, and what it ignores
// becomes a note naming the member and the reason.
func TestParseClientFormats(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cret-token"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name, doc string
		check     func(t *testing.T, sc ServerConfig)
	}{
		{"cursor url without type", `{"mcpServers":{"s":{"url":"https://h/mcp","headers":{"Authorization":"Bearer ${env:TOKEN}"}}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportHTTP || !sc.ImpliedHTTP || sc.Headers["Authorization"] != "Bearer s3cret-token" {
				t.Errorf("%+v", sc)
			}
		}},
		{"cline stdio", `{"mcpServers":{"s":{"command":"node","args":["x"],"disabled":false,"autoApprove":[],"timeout":60}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportStdio || sc.Disabled || len(sc.Notes) != 1 || !strings.Contains(sc.Notes[0], "timeout (60) is ignored: clients disagree on its unit") {
				t.Errorf("%+v", sc)
			}
		}},
		{"cline streamableHttp", `{"mcpServers":{"s":{"type":"streamableHttp","url":"https://h/mcp","autoApprove":["read","write"]}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportHTTP || sc.ImpliedHTTP || len(sc.Notes) != 1 ||
				!strings.Contains(sc.Notes[0], "autoApprove (read, write) is ignored") || !strings.Contains(sc.Notes[0], "--allowed-tools mcp__s__TOOL") {
				t.Errorf("%+v", sc)
			}
		}},
		{"cline legacy transportType", `{"mcpServers":{"s":{"transportType":"sse","url":"https://h/sse"}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportSSE {
				t.Errorf("%+v", sc)
			}
		}},
		{"roo streamable-http", `{"mcpServers":{"s":{"type":"streamable-http","url":"https://h/mcp","alwaysAllow":["x"],"disabledTools":["y"]}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportHTTP || !slices.Equal(sc.DisabledTools, []string{"y"}) || len(sc.Notes) != 1 || !strings.Contains(sc.Notes[0], "alwaysAllow (x) is ignored") {
				t.Errorf("%+v", sc)
			}
		}},
		{"windsurf serverUrl", `{"mcpServers":{"s":{"serverUrl":"https://h/mcp"}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportHTTP || sc.URL != "https://h/mcp" {
				t.Errorf("%+v", sc)
			}
		}},
		{"vs code", `{"inputs":[{"type":"promptString","id":"k","password":true}],"servers":{"s":{"type":"stdio","command":"npx","env":{"K":"${env:TOKEN}"}}}}`, func(t *testing.T, sc ServerConfig) {
			if sc.Transport != TransportStdio || sc.Env["K"] != "s3cret-token" {
				t.Errorf("%+v", sc)
			}
		}},
		{"disabled with an unset variable", `{"$schema":"https://example.com/s.json","mcpServers":{"s":{"command":"x","env":{"K":"${UNSET}"},"disabled":true}}}`, func(t *testing.T, sc ServerConfig) {
			if !sc.Disabled || sc.Env != nil {
				t.Errorf("%+v", sc)
			}
		}},
	}
	for _, tt := range tests {
		got, err := ParseConfig("f.json", []byte(tt.doc), getenv, nil)
		if err != nil || len(got) != 1 {
			t.Errorf("%s: %v, %d servers", tt.name, err, len(got))
			continue
		}
		t.Run(tt.name, func(t *testing.T) { tt.check(t, got[0]) })
	}
}

// TestParseClientFormatsRefused: what Zero cannot follow is an error
// saying why, at the member's JSON Pointer.
func TestParseClientFormatsRefused(t *testing.T) {
	for doc, want := range map[string]string{
		`{"servers":{"s":{"command":"x","env":{"K":"${input:api-key}"}}}}`:               "/servers/s/env/K: ${input:api-key} asks an editor to prompt for a value, and Zero asks no one",
		`{"mcpServers":{"s":{"command":"x","args":["${workspaceFolder}"]}}}`:             "/mcpServers/s/args/0: ${workspaceFolder} is an editor's variable, which Zero does not fill in",
		`{"mcpServers":{"s":{"type":"http","transportType":"sse","url":"https://h"}}}`:   `/mcpServers/s/transportType: "sse" disagrees with type "http"`,
		`{"mcpServers":{"s":{"url":"https://h","serverUrl":"https://h"}}}`:               "/mcpServers/s/serverUrl: give url or serverUrl",
		`{"mcpServers":{"s":{"command":"x","url":"https://h"}}}`:                         "/mcpServers/s/url: a stdio server has no url",
		`{"mcpServers":{"s":{"type":"streamableHttp","command":"x","url":"https://h"}}}`: "/mcpServers/s/command: a http server has no command",
		`{"mcpServers":{"s":{"command":"x","disabled":"yes"}}}`:                          "disabled",
		`{"mcpServers":{"s":{"command":"x","envFile":".env"}}}`:                          "envFile",
	} {
		_, err := ParseConfig("f.json", []byte(doc), func(string) string { return "" }, nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
}
