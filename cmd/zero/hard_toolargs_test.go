package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// badArgs is a tool call whose arguments fail the tool's schema, and what
// the result the model reads must say.
type badArgs struct {
	name, tool, args, want string
}

func badArgCases() []badArgs {
	deep := `{"path":"README.md","x":` + nested("[", "]", 100_000, true) + `}`
	return []badArgs{
		{"wrong type", "read_file", `{"path":7}`, "invalid arguments for read_file: /path: type"},
		{"wrong type, nested", "read_file", `{"path":"README.md","limit":"ten"}`, "invalid arguments for read_file: /limit: type"},
		{"unknown field", "read_file", `{"path":"README.md","mode":"fast"}`, `invalid arguments for read_file: additionalProperties: unknown property "mode"`},
		{"missing required", "grep", `{"path":"."}`, `invalid arguments for grep: required: missing property "pattern"`},
		{"no arguments", "read_file", ``, `invalid arguments for read_file: required: missing property "path"`},
		{"not JSON", "read_file", `{"path": README.md`, "invalid arguments for read_file: /path: syntax: "},
		{"not JSON at all", "glob", `find all markdown files`, "invalid arguments for glob: syntax: "},
		{"an array", "glob", `["*.md"]`, "invalid arguments for glob: type: got array, want object"},
		{"a string", "list_directory", `"docs"`, "invalid arguments for list_directory: type: got string, want object"},
		{"null", "read_file", `null`, "invalid arguments for read_file: type: got null, want object"},
		{"below minimum", "read_file", `{"path":"README.md","offset":-5}`, "invalid arguments for read_file: /offset: minimum"},
		{"above maximum", "read_file", `{"path":"README.md","limit":1e300}`, "invalid arguments for read_file: /limit: "},
		{"duplicate keys", "read_file", `{"path":"README.md","path":"/etc/passwd"}`, "invalid arguments for read_file: duplicate: "},
		{"nested 100000 deep", "read_file", deep, "invalid arguments for read_file: "},
		{"a 1 MB unknown field", "read_file", `{"path":"README.md","` + strings.Repeat("k", 1<<20) + `":1}`, "invalid arguments for read_file: additionalProperties: "},
		{"write_file without content", "write_file", `{"path":"notes.txt"}`, `invalid arguments for write_file: required: missing property "content"`},
		{"edit_file with a number", "edit_file", `{"path":"README.md","old_string":1,"new_string":"x"}`, "invalid arguments for edit_file: /old_string: type"},
		{"bash with a string timeout", "bash", `{"command":"echo hi","timeout_ms":"soon"}`, "invalid arguments for bash: /timeout_ms: type"},
		{"bash with an unknown field", "bash", `{"command":"echo hi","sudo":true}`, `invalid arguments for bash: additionalProperties: unknown property "sudo"`},
	}
}

// TestToolArgumentsFailingTheirSchema has the model call every tool with
// arguments that fail the tool's schema, all in one turn. Each call must
// get a tool_result with status error that says what is wrong, the run
// must go on to the model's answer, and the next request must carry each
// error back to the model under the call's id.
func TestToolArgumentsFailingTheirSchema(t *testing.T) {
	cases := badArgCases()
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			var calls []pt.Call
			for i, c := range cases {
				calls = append(calls, pt.SplitArgs(fmt.Sprintf("call_%02d", i), c.tool, c.args, 4096))
			}
			srv := z.serve(d, d.Stream(pt.ToolCalls(calls...)), d.Stream(pt.Text("I will fix my arguments.")))
			evs, _ := z.streamV2(0, "--provider", d.Name(), "--skip-permissions-unsafe", "use every tool wrongly")
			results := map[string]*streamjsonv2.ToolResult{}
			for _, r := range find[*streamjsonv2.ToolResult](evs) {
				results[string(r.ID)] = r
			}
			reqs := srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			sent := toolResultsSent(t, d, reqs[1])
			for i, c := range cases {
				id := fmt.Sprintf("call_%02d", i)
				r := results[id]
				if r == nil || r.Status != "error" || !strings.HasPrefix(r.Output, c.want) {
					t.Errorf("%s (%s): result %.300v, want an error starting %q", c.name, id, r, c.want)
					continue
				}
				if got := strings.TrimPrefix(sent[id], "Error: "); got != r.Output {
					t.Errorf("%s: the model got %.300q, want the result %.300q", c.name, got, r.Output)
				}
				if len(r.Output) > 4096 {
					t.Errorf("%s: result of %d bytes", c.name, len(r.Output))
				}
			}
			if finalText(t, evs) != "I will fix my arguments." {
				t.Errorf("final = %q", finalText(t, evs))
			}
		})
	}
	for i := range cases { // cleanups run last-in first-out: record in reverse
		reportCase(t, "tool_args", cases[len(cases)-1-i].name, nil)
	}
}

// toolResultsSent returns the tool results a request carries, by call id.
func toolResultsSent(t *testing.T, d *pt.Dialect, req pt.Request) map[string]string {
	t.Helper()
	var body struct {
		Messages []struct {
			Role       string          `json:"role"`
			ToolCallID string          `json:"tool_call_id"`
			Content    json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range body.Messages {
		if d == pt.OpenAI {
			var s string
			if m.Role == "tool" && json.Unmarshal(m.Content, &s) == nil {
				out[m.ToolCallID] = s
			}
			continue
		}
		var blocks []struct {
			Type      string `json:"type"`
			ToolUseID string `json:"tool_use_id"`
			Content   string `json:"content"`
		}
		json.Unmarshal(m.Content, &blocks)
		for _, b := range blocks {
			if b.Type == "tool_result" {
				out[b.ToolUseID] = b.Content
			}
		}
	}
	return out
}
