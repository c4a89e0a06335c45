package main

import (
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestUnknownMCPToolWarns checks that an MCP tool name in the tool flags
// that the server does not offer (a typo) gets an unknown_tool warning
// naming the nearest tool (or, when none is near, the server's tools),
// once the server has listed its tools: in
// --list-tools and in a run, in stream-json and on stderr in text mode;
// and that the exact name gets none.
func TestUnknownMCPToolWarns(t *testing.T) {
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{"fake": fakeServer(t, "ok", nil)})
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__fake__wrok", "--disabled-tools", "mcp__fake__zzzzzzzzzz", "--list-tools")
	z.noServerLeft()
	var got []string
	for _, w := range find[*streamjsonv2.Warning](evs) {
		if w.Code == streamjsonv2.WarningCodeUnknownTool {
			got = append(got, string(w.Message))
		}
	}
	want := []string{
		"--disabled-tools names mcp__fake__zzzzzzzzzz, which MCP server fake does not offer; it offers mcp__fake__first, mcp__fake__work",
		"--allowed-tools names mcp__fake__wrok, which MCP server fake does not offer; did you mean mcp__fake__work?",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("unknown_tool warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("Done.")))
	res := z.exec("--mcp-config", cfg, "--allowed-tools", "mcp__fake__wrok", "go")
	z.noServerLeft()
	if res.code != 0 || !strings.Contains(res.stderr, "did you mean mcp__fake__work?") {
		t.Errorf("text mode: exit %d, stderr:\n%s", res.code, res.stderr)
	}

	evs, _ = z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__fake__work", "--list-tools")
	z.noServerLeft()
	for _, w := range find[*streamjsonv2.Warning](evs) {
		if w.Code == streamjsonv2.WarningCodeUnknownTool {
			t.Errorf("the exact name warns: %s", w.Message)
		}
	}
}

// TestUnknownBuiltinToolSuggests: a misspelt built-in tool is a usage
// error that names the nearest tool.
func TestUnknownBuiltinToolSuggests(t *testing.T) {
	z := newZeroEnv(t)
	res := z.exec("--allowed-tools", "bassh", "--list-tools")
	if res.code != 2 || !strings.Contains(res.stderr, `unknown tool "bassh" in the allowed tools (did you mean "bash"?)`) {
		t.Errorf("exit %d, stderr:\n%s", res.code, res.stderr)
	}
	res = z.exec("--disabled-tools", "edit_fiel", "--list-tools")
	if res.code != 2 || !strings.Contains(res.stderr, `unknown tool "edit_fiel" in the disabled tools (did you mean "edit_file"?)`) {
		t.Errorf("exit %d, stderr:\n%s", res.code, res.stderr)
	}
}
