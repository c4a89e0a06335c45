package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// offeredTools returns the tool names of an OpenAI request.
func offeredTools(t *testing.T, req pt.Request) []string {
	t.Helper()
	var body struct {
		Tools []struct {
			Function struct {
				Name       string          `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range body.Tools {
		names = append(names, tool.Function.Name)
		if strings.Contains(string(tool.Function.Parameters), `"$schema"`) {
			t.Errorf("%s parameters keep $schema", tool.Function.Name)
		}
	}
	return names
}

func writeCall() pt.Response {
	return pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_w", Name: "write_file", Args: []string{`{"path":"notes.txt","content":"written"}`}}))
}

func TestPermissionDeniedByDefault(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, writeCall(), pt.OpenAI.Stream(pt.Text("I could not write.")), writeCall(), pt.OpenAI.Stream(pt.Text("No.")))
	evs, _ := z.streamV2(0, "write notes")
	if tools := offeredTools(t, srv.Requests()[0]); slices.Contains(tools, "write_file") || !slices.Contains(tools, "read_file") {
		t.Errorf("default mode offers %v", tools)
	}
	// Nobody can answer the prompt, so no permission_decision follows.
	want := "run_start,tool_call,permission_request,tool_result,usage,text,usage,final,run_end"
	if got := types(evs); got != want {
		t.Errorf("events =\n%s\nwant\n%s", got, want)
	}
	req := find[*streamjsonv2.PermissionRequest](evs)[0]
	if req.Action != "prompt" || req.PermissionMode != "ask" || req.Block == nil || req.Block.Code != "permission_denied" {
		t.Errorf("request = %+v", req)
	}
	if r := find[*streamjsonv2.ToolResult](evs)[0]; r.Status != "error" || !strings.Contains(r.Output, "permission denied") {
		t.Errorf("result = %+v", r)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "notes.txt")); err == nil {
		t.Error("the denied write happened")
	}
	res := z.exec("--schema-version", "1", "-o", "stream-json", "write notes")
	v1 := decodeV1(t, res.stdout)
	checkStream(t, v1, true, res.code)
	if got := types(v1); strings.Contains(got, "permission") || !strings.Contains(got, "tool_call,tool_result,usage") {
		t.Errorf("v1 events = %s", got)
	}
}

func TestSkipPermissionsUnsafe(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, writeCall(), pt.OpenAI.Stream(pt.Text("Written.")))
	evs, _ := z.streamV2(0, "--skip-permissions-unsafe", "write notes")
	if evs[1].typ != "warning" || evs[1].v.(*streamjsonv2.Warning).Code != "skip_permissions_unsafe" {
		t.Errorf("second event is %s, want the unsafe warning", evs[1].typ)
	}
	if tools := offeredTools(t, srv.Requests()[0]); !slices.Contains(tools, "write_file") || !slices.Contains(tools, "bash") {
		t.Errorf("unsafe mode offers %v", tools)
	}
	if b, err := os.ReadFile(filepath.Join(z.ws, "notes.txt")); err != nil || string(b) != "written" {
		t.Errorf("notes.txt = %q, %v", b, err)
	}
	if dec := find[*streamjsonv2.PermissionDecision](evs); len(dec) != 1 || !dec[0].PermissionGranted {
		t.Errorf("decisions = %+v", dec)
	}
}

func TestPathConfinement(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI,
		pt.OpenAI.Stream(pt.ToolCalls(
			pt.Call{ID: "call_1", Name: "read_file", Args: []string{`{"path":"../etc/passwd"}`}},
			pt.Call{ID: "call_2", Name: "read_file", Args: []string{`{"path":"/etc/passwd"}`}},
			pt.Call{ID: "call_3", Name: "read_file", Args: []string{`{"path":7}`}},
		)),
		pt.OpenAI.Stream(pt.Text("Blocked.")))
	evs, _ := z.streamV2(0, "read passwd")
	results := find[*streamjsonv2.ToolResult](evs)
	for i, want := range []string{"escapes the workspace", "outside the workspace", "invalid arguments for read_file: /path: type"} {
		if results[i].Status != "error" || !strings.Contains(results[i].Output, want) || strings.Contains(results[i].Output, "root:") {
			t.Errorf("result %d = %+v, want an error with %q", i, results[i], want)
		}
	}
}

func TestBashEnvironmentHasNoKeys(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI,
		pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_b", Name: "bash", Args: []string{`{"command":"echo key=${OPENAI_API_KEY:-unset} home=${HOME:+set}"}`}})),
		pt.OpenAI.Stream(pt.Text("ok")))
	evs, _ := z.streamV2(0, "--skip-permissions-unsafe", "show env")
	if out := find[*streamjsonv2.ToolResult](evs)[0].Output; !strings.Contains(out, "key=unset home=set") {
		t.Errorf("bash output = %q", out)
	}
}

func TestListTools(t *testing.T) {
	z := newZeroEnv(t)
	res := z.exec("--list-tools")
	if res.code != 0 || !strings.Contains(res.stdout, "read_file") || strings.Contains(res.stdout, "bash") {
		t.Errorf("text: code %d\n%s", res.code, res.stdout)
	}
	evs, _ := z.streamV2(0, "--list-tools", "--skip-permissions-unsafe", "--disabled-tools", "grep")
	if got := types(evs); got != "run_start,final,run_end" {
		t.Errorf("events = %s", got)
	}
	table := finalText(t, evs)
	if !strings.Contains(table, "bash") || strings.Contains(table, "grep") {
		t.Errorf("table:\n%s", table)
	}
	if entries, _ := os.ReadDir(filepath.Join(z.data, "zero", "sessions")); len(entries) != 0 {
		t.Error("--list-tools recorded a session")
	}
	if !strings.Contains(table, "no AGENTS.md at the workspace root") {
		t.Errorf("table does not say there is no AGENTS.md:\n%s", table)
	}
	mustWrite(t, filepath.Join(z.ws, "AGENTS.md"), "be brief\n")
	if res := z.exec("--list-tools"); !strings.Contains(res.stdout, "then AGENTS.md from the workspace root") {
		t.Errorf("the listing does not mention AGENTS.md:\n%s", res.stdout)
	}
}
