package codecfuzz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	execresultv1 "github.com/zeroproject/zero/generated/execresult/v1"
	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	mcpconfigv1 "github.com/zeroproject/zero/generated/mcpconfig/v1"
	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
)

// doc is what every generated root type implements.
type doc interface {
	UnmarshalJSON([]byte) error
	MarshalJSON() ([]byte, error)
	Validate() error
}

// root is one generated root type and the schema it comes from.
type root struct {
	pkg    string     // Go package name, as in the manifest ("streamjsonv1")
	name   string     // root type name, as in the manifest ("Input")
	family string     // directory under schema/ and generated/ ("streamjson/v1")
	schema string     // root schema file in that directory ("input.json")
	new    func() doc // an empty value of the root type
}

// id names the root in test names and messages.
func (r *root) id() string { return r.pkg + "." + r.name }

// roots lists every root of every generated package. TestRootsMatchManifests
// fails when it drifts from the fixture manifests under generated/.
var roots = []*root{
	{"acpv1", "AuthenticateRequest", "acp/v1", "authenticate_request.json", func() doc { return new(acpv1.AuthenticateRequest) }},
	{"acpv1", "CancelNotification", "acp/v1", "cancel_notification.json", func() doc { return new(acpv1.CancelNotification) }},
	{"acpv1", "ErrorResponse", "acp/v1", "error_response.json", func() doc { return new(acpv1.ErrorResponse) }},
	{"acpv1", "InitializeRequest", "acp/v1", "initialize_request.json", func() doc { return new(acpv1.InitializeRequest) }},
	{"acpv1", "InitializeResult", "acp/v1", "initialize_result.json", func() doc { return new(acpv1.InitializeResult) }},
	{"acpv1", "LoadSessionRequest", "acp/v1", "load_session_request.json", func() doc { return new(acpv1.LoadSessionRequest) }},
	{"acpv1", "LoadSessionResult", "acp/v1", "load_session_result.json", func() doc { return new(acpv1.LoadSessionResult) }},
	{"acpv1", "McpServerHTTP", "acp/v1", "mcp_server_http.json", func() doc { return new(acpv1.McpServerHTTP) }},
	{"acpv1", "McpServerStdio", "acp/v1", "mcp_server_stdio.json", func() doc { return new(acpv1.McpServerStdio) }},
	{"acpv1", "Message", "acp/v1", "message.json", func() doc { return new(acpv1.Message) }},
	{"acpv1", "NewSessionRequest", "acp/v1", "new_session_request.json", func() doc { return new(acpv1.NewSessionRequest) }},
	{"acpv1", "NewSessionResult", "acp/v1", "new_session_result.json", func() doc { return new(acpv1.NewSessionResult) }},
	{"acpv1", "PermissionRequestMessage", "acp/v1", "permission_request_message.json", func() doc { return new(acpv1.PermissionRequestMessage) }},
	{"acpv1", "PromptRequest", "acp/v1", "prompt_request.json", func() doc { return new(acpv1.PromptRequest) }},
	{"acpv1", "PromptResult", "acp/v1", "prompt_result.json", func() doc { return new(acpv1.PromptResult) }},
	{"acpv1", "ReadTextFileMessage", "acp/v1", "read_text_file_message.json", func() doc { return new(acpv1.ReadTextFileMessage) }},
	{"acpv1", "ReadTextFileResponse", "acp/v1", "read_text_file_response.json", func() doc { return new(acpv1.ReadTextFileResponse) }},
	{"acpv1", "RequestPermissionResponse", "acp/v1", "request_permission_response.json", func() doc { return new(acpv1.RequestPermissionResponse) }},
	{"acpv1", "SessionUpdateMessage", "acp/v1", "session_update_message.json", func() doc { return new(acpv1.SessionUpdateMessage) }},
	{"acpv1", "SetSessionModeRequest", "acp/v1", "set_session_mode_request.json", func() doc { return new(acpv1.SetSessionModeRequest) }},
	{"acpv1", "SetSessionModeResult", "acp/v1", "set_session_mode_result.json", func() doc { return new(acpv1.SetSessionModeResult) }},
	{"acpv1", "TextResourceContents", "acp/v1", "text_resource_contents.json", func() doc { return new(acpv1.TextResourceContents) }},
	{"acpv1", "WriteTextFileMessage", "acp/v1", "write_text_file_message.json", func() doc { return new(acpv1.WriteTextFileMessage) }},
	{"acpv1", "WriteTextFileResponse", "acp/v1", "write_text_file_response.json", func() doc { return new(acpv1.WriteTextFileResponse) }},
	{"streamjsonv1", "Input", "streamjson/v1", "input.json", func() doc { return new(streamjsonv1.Input) }},
	{"streamjsonv1", "Output", "streamjson/v1", "output.json", func() doc { return new(streamjsonv1.Output) }},
	{"streamjsonv2", "Input", "streamjson/v2", "input.json", func() doc { return new(streamjsonv2.Input) }},
	{"streamjsonv2", "Output", "streamjson/v2", "output.json", func() doc { return new(streamjsonv2.Output) }},
	{"sessionv1", "SessionGrants", "session/v1", "grants.json", func() doc { return new(sessionv1.SessionGrants) }},
	{"sessionv1", "SessionMeta", "session/v1", "meta.json", func() doc { return new(sessionv1.SessionMeta) }},
	{"sessionv1", "SessionRecord", "session/v1", "record.json", func() doc { return new(sessionv1.SessionRecord) }},
	{"toolsv1", "BashArgs", "tools/v1", "bash.json", func() doc { return new(toolsv1.BashArgs) }},
	{"toolsv1", "EditFileArgs", "tools/v1", "edit_file.json", func() doc { return new(toolsv1.EditFileArgs) }},
	{"toolsv1", "GlobArgs", "tools/v1", "glob.json", func() doc { return new(toolsv1.GlobArgs) }},
	{"toolsv1", "GrepArgs", "tools/v1", "grep.json", func() doc { return new(toolsv1.GrepArgs) }},
	{"toolsv1", "ListDirectoryArgs", "tools/v1", "list_directory.json", func() doc { return new(toolsv1.ListDirectoryArgs) }},
	{"toolsv1", "ReadFileArgs", "tools/v1", "read_file.json", func() doc { return new(toolsv1.ReadFileArgs) }},
	{"toolsv1", "WriteFileArgs", "tools/v1", "write_file.json", func() doc { return new(toolsv1.WriteFileArgs) }},
	{"replayv1", "ReplayScript", "replay/v1", "script.json", func() doc { return new(replayv1.ReplayScript) }},
	{"execresultv1", "ExecResult", "execresult/v1", "result.json", func() doc { return new(execresultv1.ExecResult) }},
	{"execresultv2", "ExecResult", "execresult/v2", "result.json", func() doc { return new(execresultv2.ExecResult) }},
	{"mcpv1", "CallToolRequest", "mcp/v1", "callToolRequest.json", func() doc { return new(mcpv1.CallToolRequest) }},
	{"mcpv1", "CallToolResult", "mcp/v1", "callToolResult.json", func() doc { return new(mcpv1.CallToolResult) }},
	{"mcpv1", "CancelledNotification", "mcp/v1", "cancelledNotification.json", func() doc { return new(mcpv1.CancelledNotification) }},
	{"mcpv1", "DiscoverRequest", "mcp/v1", "discoverRequest.json", func() doc { return new(mcpv1.DiscoverRequest) }},
	{"mcpv1", "DiscoverResult", "mcp/v1", "discoverResult.json", func() doc { return new(mcpv1.DiscoverResult) }},
	{"mcpv1", "ErrorResponse", "mcp/v1", "errorResponse.json", func() doc { return new(mcpv1.ErrorResponse) }},
	{"mcpv1", "InitializeRequest", "mcp/v1", "initializeRequest.json", func() doc { return new(mcpv1.InitializeRequest) }},
	{"mcpv1", "InitializeResult", "mcp/v1", "initializeResult.json", func() doc { return new(mcpv1.InitializeResult) }},
	{"mcpv1", "InitializedNotification", "mcp/v1", "initializedNotification.json", func() doc { return new(mcpv1.InitializedNotification) }},
	{"mcpv1", "ListToolsRequest", "mcp/v1", "listToolsRequest.json", func() doc { return new(mcpv1.ListToolsRequest) }},
	{"mcpv1", "ListToolsResult", "mcp/v1", "listToolsResult.json", func() doc { return new(mcpv1.ListToolsResult) }},
	{"mcpv1", "Message", "mcp/v1", "message.json", func() doc { return new(mcpv1.Message) }},
	{"mcpv1", "ProgressNotification", "mcp/v1", "progressNotification.json", func() doc { return new(mcpv1.ProgressNotification) }},
	{"mcpconfigv1", "MCPConfig", "mcpconfig/v1", "config.json", func() doc { return new(mcpconfigv1.MCPConfig) }},
}

// rootNamed returns the table entry for pkg.name, or nil.
func rootNamed(pkg, name string) *root {
	for _, r := range roots {
		if r.pkg == pkg && r.name == name {
			return r
		}
	}
	return nil
}

// repoDir is the repository root, relative to this package.
const repoDir = "../../.."

// TestRootsMatchManifests reads every manifest.json under generated/ and
// fails when a root there is missing from the table, when the table names a
// different schema file or directory for it, or when the table has a root no
// manifest lists.
func TestRootsMatchManifests(t *testing.T) {
	paths := manifestPaths(t)
	if len(paths) == 0 {
		t.Fatal("no manifest.json under generated/")
	}
	seen := map[*root]bool{}
	for _, p := range paths {
		m := readManifest(t, p)
		family := familyOf(p)
		for _, mr := range m.Roots {
			r := rootNamed(m.Package, mr.Name)
			if r == nil {
				t.Errorf("%s: root %s.%s (schema %s) is not in the roots table of roots_test.go", p, m.Package, mr.Name, mr.Schema)
				continue
			}
			seen[r] = true
			if r.family != family || r.schema != mr.Schema {
				t.Errorf("%s: root %s is %s/%s in the manifest, %s/%s in the table", p, r.id(), family, mr.Schema, r.family, r.schema)
			}
		}
	}
	for _, r := range roots {
		if !seen[r] {
			t.Errorf("roots table has %s, which no manifest under generated/ lists", r.id())
		}
	}
}

// manifestPaths finds every manifest.json under generated/.
func manifestPaths(t testing.TB) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(filepath.Join(repoDir, "generated"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "manifest.json" {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk generated/: %v", err)
	}
	return paths
}

// familyOf turns ../../generated/FAMILY/vN/testdata/fixtures/manifest.json
// into FAMILY/vN.
func familyOf(manifest string) string {
	rel, err := filepath.Rel(filepath.Join(repoDir, "generated"), manifest)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	return strings.TrimSuffix(rel, "/testdata/fixtures/manifest.json")
}
