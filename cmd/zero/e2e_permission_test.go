package main

// End-to-end tests of the permission flags (--permission-mode,
// --allowed-tools, --skip-permissions-unsafe, --enabled-tools) and of the
// headless permission events of protocol version 2, which follow upstream
// Zero's v2: permission_request carries the policy's decision as action,
// and a permission_decision follows only when something decided the call.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

func bashCall() pt.Response {
	return pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_b", Name: "bash", Args: []string{`{"command":"echo ran > ran.txt"}`}}))
}

// permissionEvents renders the permission events of a run, one per line,
// as "request ACTION MODE" or "decision ACTION GRANTED: REASON".
func permissionEvents(evs []event) string {
	var b strings.Builder
	for _, e := range evs {
		switch v := e.v.(type) {
		case *streamjsonv2.PermissionRequest:
			b.WriteString("request " + string(v.Action) + " " + string(v.PermissionMode) + "\n")
		case *streamjsonv2.PermissionDecision:
			granted := "refused"
			if v.PermissionGranted {
				granted = "granted"
			}
			b.WriteString("decision " + string(v.Action) + " " + granted + ": " + string(v.DecisionReason.V) + "\n")
		}
	}
	return b.String()
}

func TestAcceptEditsGrantsFileEditsOnly(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, writeCall(), bashCall(), pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, "--permission-mode", "accept-edits", "write notes")
	offered := offeredTools(t, srv.Requests()[0])
	if !slices.Contains(offered, "write_file") || !slices.Contains(offered, "edit_file") || slices.Contains(offered, "bash") {
		t.Errorf("accept-edits offers %v, want write_file and edit_file but not bash", offered)
	}
	if b, err := os.ReadFile(filepath.Join(z.ws, "notes.txt")); err != nil || string(b) != "written" {
		t.Errorf("notes.txt = %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "ran.txt")); err == nil {
		t.Error("bash ran under accept-edits")
	}
	want := "request allow auto\n" +
		"decision allow granted: tool write_file needs approval (it creates or overwrites files in the workspace); granted by --permission-mode accept-edits\n" +
		"request prompt auto\n"
	if got := permissionEvents(evs); got != want {
		t.Errorf("permission events:\n%s\nwant\n%s", got, want)
	}
	results := find[*streamjsonv2.ToolResult](evs)
	if len(results) != 2 || results[0].Status != "ok" || results[1].Status != "error" ||
		!strings.Contains(results[1].Output, "allow it with --allowed-tools bash or --skip-permissions-unsafe") {
		t.Errorf("results = %+v", results)
	}
}

func TestAllowedToolsGrantsExactly(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, bashCall(), writeCall(), pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, "--allowed-tools", "bash", "run it")
	offered := offeredTools(t, srv.Requests()[0])
	if !slices.Contains(offered, "bash") || slices.Contains(offered, "write_file") {
		t.Errorf("--allowed-tools bash offers %v", offered)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "ran.txt")); err != nil {
		t.Errorf("bash did not run: %v", err)
	}
	want := "request allow ask\n" +
		"decision allow granted: tool bash needs approval (it runs arbitrary commands, which can change or send anything the user can); granted by --allowed-tools bash\n" +
		"request prompt ask\n"
	if got := permissionEvents(evs); got != want {
		t.Errorf("permission events:\n%s\nwant\n%s", got, want)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "notes.txt")); err == nil {
		t.Error("write_file ran although only bash was allowed")
	}
}

// TestHeadlessPromptIsRequestThenDeniedResult checks upstream's headless
// semantics: a prompt-gated call emits permission_request with action
// "prompt", then a denied tool_result, and no permission_decision. The
// refusal names the flags a user types.
func TestHeadlessPromptIsRequestThenDeniedResult(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, bashCall(), pt.OpenAI.Stream(pt.Text("Could not.")))
	evs, _ := z.streamV2(0, "run it")
	if got := types(evs); got != "run_start,tool_call,permission_request,tool_result,usage,text,usage,final,run_end" {
		t.Errorf("events = %s", got)
	}
	req := find[*streamjsonv2.PermissionRequest](evs)[0]
	if req.Action != "prompt" || req.Permission != "prompt" || req.PermissionMode != "ask" || req.SideEffect != "shell" ||
		req.Block == nil || req.Block.Action != "prompt" || req.Block.Code != "permission_denied" {
		t.Errorf("request = %+v, block %+v", req, req.Block)
	}
	r := find[*streamjsonv2.ToolResult](evs)[0]
	for _, part := range []string{"permission denied", "cannot ask", "--allowed-tools bash", "--skip-permissions-unsafe"} {
		if r.Status != "error" || !strings.Contains(r.Output, part) {
			t.Errorf("result %+v lacks %q", r, part)
		}
	}
	if strings.Contains(r.Output, "skip_permissions_unsafe") {
		t.Errorf("result names an internal mode instead of a flag: %q", r.Output)
	}
}

func TestUnsafeModeAndItsAlias(t *testing.T) {
	for _, flags := range [][]string{{"--permission-mode", "unsafe"}, {"--skip-permissions-unsafe"}, {"--skip-permissions-unsafe", "--permission-mode", "unsafe"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			z := newZeroEnv(t)
			z.serve(pt.OpenAI, bashCall(), pt.OpenAI.Stream(pt.Text("Done.")))
			evs, _ := z.streamV2(0, append(flags, "run it")...)
			w := find[*streamjsonv2.Warning](evs)
			if len(w) != 1 || w[0].Code != "skip_permissions_unsafe" || !strings.Contains(string(w[0].Message), flags[0]) {
				t.Errorf("warnings = %+v, want one naming %s", w, flags[0])
			}
			if got := permissionEvents(evs); !strings.HasPrefix(got, "request allow unsafe\ndecision allow granted:") ||
				!strings.Contains(got, "granted by --permission-mode unsafe") {
				t.Errorf("permission events:\n%s", got)
			}
		})
	}
}

// TestEnabledToolsThatNeedApproval checks that --enabled-tools naming tools
// the mode does not grant warns instead of silently offering nothing, in
// stream-json and in text mode, and that a grant lifts the warning.
func TestEnabledToolsThatNeedApproval(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("Nothing to do.")), pt.OpenAI.Stream(pt.Text("Nothing.")),
		pt.OpenAI.Stream(pt.Text("Fine.")))
	evs, _ := z.streamV2(0, "--enabled-tools", "bash,write_file", "go")
	w := find[*streamjsonv2.Warning](evs)
	if len(w) != 2 || w[0].Code != "tools_not_offered" || w[1].Code != "tools_not_offered" {
		t.Fatalf("warnings = %+v, want two tools_not_offered", w)
	}
	if !strings.Contains(string(w[0].Message), "write_file") || !strings.Contains(string(w[0].Message), "--permission-mode accept-edits") ||
		!strings.Contains(string(w[1].Message), "bash") || !strings.Contains(string(w[1].Message), "--allowed-tools bash") {
		t.Errorf("warnings do not name the tools and flags: %+v", w)
	}
	if offered := offeredTools(t, srv.Requests()[0]); len(offered) != 0 {
		t.Errorf("offered %v", offered)
	}
	res := z.exec("--enabled-tools", "bash,write_file", "go")
	if res.code != 0 || !strings.Contains(res.stderr, "tool bash is enabled but not offered") {
		t.Errorf("text mode: code %d, stderr:\n%s", res.code, res.stderr)
	}
	evs, _ = z.streamV2(0, "--enabled-tools", "bash,write_file", "--allowed-tools", "bash", "--permission-mode", "accept-edits", "go")
	if w := find[*streamjsonv2.Warning](evs); len(w) != 0 {
		t.Errorf("granted tools still warn: %+v", w)
	}
	if offered := offeredTools(t, srv.Requests()[2]); !slices.Equal(offered, []string{"write_file", "bash"}) {
		t.Errorf("offered %v, want write_file, bash", offered)
	}
}

func TestPermissionFlagMistakes(t *testing.T) {
	z := newZeroEnv(t)
	cases := map[string]struct {
		args []string
		want string
	}{
		"unknown mode":        {[]string{"--permission-mode", "yolo"}, `unknown permission mode "yolo" (want default, accept-edits or unsafe)`},
		"wire word":           {[]string{"--permission-mode", "ask"}, `unknown permission mode "ask"`},
		"alias conflict":      {[]string{"--permission-mode", "accept-edits", "--skip-permissions-unsafe"}, "cannot be combined with --permission-mode accept-edits"},
		"unknown tool":        {[]string{"--allowed-tools", "rm_rf"}, `unknown tool "rm_rf" in the allowed tools`},
		"mcp server":          {[]string{"--allowed-tools", "mcp__github"}, `names MCP server "github", which no --mcp-config file configures`},
		"allowed disabled":    {[]string{"--allowed-tools", "bash", "--disabled-tools", "bash"}, `tool "bash" is both allowed and disabled`},
		"allowed not enabled": {[]string{"--allowed-tools", "bash", "--enabled-tools", "grep"}, `tool "bash" is allowed but not among the enabled tools`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := z.exec(append(tc.args, "-o", "stream-json", "hi")...)
			if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, tc.want) {
				t.Errorf("code %d, stdout %q, stderr:\n%s\nwant exit 2, nothing on stdout, stderr with %q", res.code, res.stdout, res.stderr, tc.want)
			}
		})
	}
}

// TestPermissionEventsStayOutOfV1 checks that version 1 output, which has
// no permission events, is the same run without them.
func TestPermissionEventsStayOutOfV1(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, writeCall(), bashCall(), pt.OpenAI.Stream(pt.Text("Done.")))
	res := z.exec("--schema-version", "1", "-o", "stream-json", "--permission-mode", "accept-edits", "go")
	evs := decodeV1(t, res.stdout)
	checkStream(t, evs, true, res.code)
	if got := types(evs); got != "run_start,tool_call,tool_result,usage,tool_call,tool_result,usage,text,usage,final,run_end" {
		t.Errorf("v1 events = %s", got)
	}
}

func TestListToolsUnderModes(t *testing.T) {
	z := newZeroEnv(t)
	res := z.exec("--list-tools", "--permission-mode", "accept-edits", "--enabled-tools", "write_file,bash,grep")
	if res.code != 0 {
		t.Fatalf("code %d\n%s", res.code, res.stderr)
	}
	for _, want := range []string{"write_file", "permission mode accept-edits", "tool bash is enabled but not offered", "--allowed-tools bash"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("--list-tools output lacks %q:\n%s", want, res.stdout)
		}
	}
}

// toolRow returns the row of tool in a --list-tools table, its columns
// after the name joined by single spaces ("" when the tool is not listed).
func toolRow(table, tool string) string {
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == tool {
			return strings.Join(f[1:], " ")
		}
	}
	return ""
}

// TestListToolsShowsGrants checks that --list-tools shows what the run
// does with each tool: a tool granted by --allowed-tools or by the mode
// as granted by that flag, never as "prompt"; and whether the granted
// file tools may write the protected places.
func TestListToolsShowsGrants(t *testing.T) {
	z := newZeroEnv(t)
	cases := []struct {
		flags []string
		rows  map[string]string
		note  string
	}{
		{[]string{"--allowed-tools", "bash"}, map[string]string{
			"bash": "shell granted by --allowed-tools bash runs", "read_file": "read allow only"}, ""},
		{[]string{"--permission-mode", "accept-edits"}, map[string]string{
			"write_file": "write granted by --permission-mode accept-edits creates", "edit_file": "write granted by --permission-mode accept-edits changes"},
			"write_file and edit_file do not write protected places (.git, "},
		{[]string{"--permission-mode", "accept-edits", "--allowed-tools", "bash,write_file"}, map[string]string{
			"write_file": "write granted by --allowed-tools write_file creates", "bash": "shell granted by --allowed-tools bash runs"},
			"protected places (.git, "},
		{[]string{"--permission-mode", "unsafe", "--sandbox", "danger-full-access"}, map[string]string{"bash": "shell granted by --permission-mode unsafe runs"}, "writable, since this run grants bash"},
		{[]string{"--permission-mode", "unsafe"}, map[string]string{"bash": "shell granted by --permission-mode unsafe runs"}, "read-only, since bash runs in a sandbox that keeps them so"},
	}
	for _, tc := range cases {
		res := z.exec(append(tc.flags, "--list-tools")...)
		if res.code != 0 {
			t.Fatalf("%v: code %d\n%s", tc.flags, res.code, res.stderr)
		}
		for tool, want := range tc.rows {
			if row := toolRow(res.stdout, tool); !strings.HasPrefix(row, want) {
				t.Errorf("%v: row of %s is %q, want it to start with %q", tc.flags, tool, row, want)
			}
		}
		for _, tool := range []string{"read_file", "write_file", "edit_file", "bash"} {
			if f := strings.Fields(toolRow(res.stdout, tool)); len(f) > 1 && f[1] == "prompt" {
				t.Errorf("%v: %s is listed as prompt in a headless run:\n%s", tc.flags, tool, res.stdout)
			}
		}
		if tc.note != "" && !strings.Contains(res.stdout, tc.note) {
			t.Errorf("%v: the listing lacks %q:\n%s", tc.flags, tc.note, res.stdout)
		}
	}
	if res := z.exec("--list-tools"); strings.Contains(res.stdout, "protected places") {
		t.Errorf("a run without file tools speaks of protected places:\n%s", res.stdout)
	}
}
