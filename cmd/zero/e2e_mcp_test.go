package main

// End-to-end tests of MCP tool servers in zero exec, through the built
// binary and the fake vendor servers, with the real servers from npm that
// clients/js pins (@modelcontextprotocol/server-everything over stdio and
// Streamable HTTP, @modelcontextprotocol/server-filesystem) and the
// misbehaving server of e2e_mcp_fake_test.go. Every server gets a marker
// variable, and each test checks that no process carrying it is left.
//
//	(cd clients/js && npm ci) && go test ./cmd/zero/ -run MCP

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// npmServer returns the entry file of a pinned npm MCP server, skipping
// the test loudly when node or the package is missing.
func npmServer(t *testing.T, pkg string) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("SKIPPED: node is not on PATH; the MCP end-to-end tests start the npm MCP servers with node")
	}
	entry, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js", "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js"))
	if _, err := os.Stat(entry); err != nil {
		t.Skipf("SKIPPED: %s is not installed (%v); run (cd clients/js && npm ci) to run this test", pkg, err)
	}
	return entry
}

// mcpConfig writes an mcpServers file and returns its path. Every server
// gets ZERO_TEST_MARK in its env, for noServerLeft.
func (z *zeroEnv) mcpConfig(servers map[string]map[string]any) string {
	z.t.Helper()
	mark := "zero-mcp-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	z.vars["ZERO_TEST_MARK"] = mark
	for _, s := range servers {
		if _, stdio := s["command"]; !stdio {
			continue
		}
		env, _ := s["env"].(map[string]string)
		if env == nil {
			env = map[string]string{}
		}
		env["ZERO_TEST_MARK"] = mark
		s["env"] = env
	}
	b, err := json.Marshal(map[string]any{"mcpServers": servers})
	if err != nil {
		z.t.Fatal(err)
	}
	path := filepath.Join(z.t.TempDir(), "mcp.json")
	mustWrite(z.t, path, string(b))
	return path
}

// markedProcesses lists the pids whose environment holds mark.
func markedProcesses(mark string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && strings.Contains(string(env), "ZERO_TEST_MARK="+mark+"\x00") {
			pids = append(pids, pid)
		}
	}
	return pids
}

// liveMarked lists the processes carrying mark that are alive (not zombies).
func liveMarked(mark string) []int {
	var live []int
	for _, pid := range markedProcesses(mark) {
		if alive(pid) {
			live = append(live, pid)
		}
	}
	return live
}

// noServerLeft fails when a process of the test's servers outlives zero.
// A process zero killed as it exited may not have been scheduled to die
// yet on a loaded machine, so the check gives the kernel a moment (it
// never signals anything itself before failing).
func (z *zeroEnv) noServerLeft() {
	z.t.Helper()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		z.t.Log("no /proc: cannot look for leftover processes")
		return
	}
	left := liveMarked(z.vars["ZERO_TEST_MARK"])
	for deadline := time.Now().Add(3 * time.Second); len(left) > 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		left = liveMarked(z.vars["ZERO_TEST_MARK"])
	}
	if len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		z.t.Errorf("processes of MCP servers outlived zero: %v", left)
	}
}

func calls(cs ...pt.Call) pt.Response { return pt.OpenAI.Stream(pt.ToolCalls(cs...)) }

// results maps tool call ids to their tool_result events.
func results(evs []event) map[string]*streamjsonv2.ToolResult {
	out := map[string]*streamjsonv2.ToolResult{}
	for _, e := range evs {
		if r, ok := e.v.(*streamjsonv2.ToolResult); ok {
			out[string(r.ID)] = r
		}
	}
	return out
}

func mcpWarnings(evs []event) []string {
	var out []string
	for _, e := range evs {
		if w, ok := e.v.(*streamjsonv2.Warning); ok {
			out = append(out, w.Code+": "+string(w.Message))
		}
	}
	return out
}

const fakeSecret = "sk-ant-api03-MCPsecretMCPsecretMCPsecretMCPsecret0123456789abcd"

func TestMCPEverythingStdio(t *testing.T) {
	entry := npmServer(t, "server-everything")
	z := newZeroEnv(t)
	z.vars["MCP_TEST_SECRET"] = fakeSecret
	cfg := z.mcpConfig(map[string]map[string]any{
		"everything": {"command": "node", "args": []string{entry}, "env": map[string]string{"PASSED_SECRET": "${MCP_TEST_SECRET}"}},
	})
	srv := z.serve(pt.OpenAI,
		calls(pt.Call{ID: "c1", Name: "mcp__everything__echo", Args: []string{`{"message":"hello from zero"}`}},
			pt.Call{ID: "c2", Name: "mcp__everything__get-sum", Args: []string{`{"a":2,"b":3}`}},
			pt.Call{ID: "c3", Name: "mcp__everything__get-tiny-image", Args: []string{`{}`}},
			pt.Call{ID: "c4", Name: "mcp__everything__get-structured-content", Args: []string{`{"location":"New York"}`}},
			pt.Call{ID: "c5", Name: "mcp__everything__get-env", Args: []string{`{}`}},
			pt.Call{ID: "c6", Name: "mcp__everything__get-sum", Args: []string{`{"a":"two"}`}},
			pt.Call{ID: "c7", Name: "mcp__everything__get-resource-links", Args: []string{`{"count":1}`}}),
		pt.OpenAI.Stream(pt.Text("Done.")))
	evs, res := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__everything", "use the tools")
	z.noServerLeft()
	offered := offeredTools(t, srv.Requests()[0])
	if !slices.Contains(offered, "mcp__everything__echo") || !slices.Contains(offered, "read_file") || slices.Contains(offered, "bash") {
		t.Errorf("offered %v, want the built-in read tools and the everything tools", offered)
	}
	rs := results(evs)
	want := map[string]string{"c1": "Echo: hello from zero", "c2": "The sum of 2 and 3 is 5", "c3": "[image: image/png,",
		"c4": `"temperature"`, "c6": "invalid arguments for mcp__everything__get-sum", "c7": "[resource link: "}
	for id, sub := range want {
		if r := rs[id]; r == nil || !strings.Contains(r.Output, sub) {
			t.Errorf("result %s = %+v, want it to contain %q", id, r, sub)
		}
	}
	if r := rs["c6"]; r == nil || r.Status != streamjsonv2.ToolStatusError {
		t.Errorf("invalid arguments: %+v, want an error result", r)
	}
	env := rs["c5"]
	if env == nil || !strings.Contains(env.Output, "PASSED_SECRET") || strings.Contains(env.Output, "OPENAI_API_KEY") || strings.Contains(env.Output, "XDG_DATA_HOME") {
		t.Errorf("get-env: the server must see PASSED_SECRET and not Zero's other variables:\n%v", env)
	}
	for _, e := range evs {
		if c, ok := e.v.(*streamjsonv2.ToolCall); ok && (!strings.HasPrefix(string(c.Name), "mcp__everything__") || c.SideEffect != streamjsonv2.SideEffectUnknown) {
			t.Errorf("tool_call %s has side effect %s, want an mcp__ name with side effect unknown", c.Name, c.SideEffect)
		}
	}
	if strings.Contains(res.stdout, fakeSecret) || strings.Contains(res.stderr, fakeSecret) {
		t.Error("the secret the server printed reached stdout or stderr unredacted")
	}
	if !strings.Contains(res.stderr, "[mcp everything] ") {
		t.Errorf("the server's stderr is not on Zero's stderr with its name:\n%s", res.stderr)
	}
	z.noSecretInSessions(fakeSecret)
}

// noSecretInSessions fails when a session file holds secret.
func (z *zeroEnv) noSecretInSessions(secret string) {
	z.t.Helper()
	n := 0
	filepath.WalkDir(z.data, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
			if b, _ := os.ReadFile(path); strings.Contains(string(b), secret) {
				z.t.Errorf("%s holds the secret", path)
			}
		}
		return nil
	})
	if n == 0 {
		z.t.Error("no session file was written")
	}
}

func TestMCPToolsNeedAGrant(t *testing.T) {
	entry := npmServer(t, "server-everything")
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{"everything": {"command": "node", "args": []string{entry}}})
	srv := z.serve(pt.OpenAI, calls(pt.Call{ID: "c1", Name: "mcp__everything__echo", Args: []string{`{"message":"hi"}`}}),
		pt.OpenAI.Stream(pt.Text("Refused.")))
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "call echo")
	z.noServerLeft()
	for _, name := range offeredTools(t, srv.Requests()[0]) {
		if strings.HasPrefix(name, "mcp__") {
			t.Errorf("%s is offered without a grant", name)
		}
	}
	if got := permissionEvents(evs); got != "request prompt ask\n" {
		t.Errorf("permission events %q, want one request with action prompt", got)
	}
	if r := results(evs)["c1"]; r == nil || r.Status != streamjsonv2.ToolStatusError || !strings.Contains(r.Output, "--allowed-tools mcp__everything") {
		t.Errorf("result %+v, want a refusal naming the grant", r)
	}
	if w := strings.Join(mcpWarnings(evs), "\n"); !strings.Contains(w, "tools_not_offered: ") || !strings.Contains(w, "MCP server everything") {
		t.Errorf("warnings %q, want tools_not_offered for server everything", w)
	}
}

func TestMCPFilesystem(t *testing.T) {
	entry := npmServer(t, "server-filesystem")
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{"fs": {"command": "node", "args": []string{entry, z.ws}}})
	target := filepath.Join(z.ws, "via-mcp.txt")
	z.serve(pt.OpenAI,
		calls(pt.Call{ID: "w", Name: "mcp__fs__write_file", Args: []string{fmt.Sprintf(`{"path":%q,"content":"written through MCP"}`, target)}}),
		calls(pt.Call{ID: "r", Name: "mcp__fs__read_text_file", Args: []string{fmt.Sprintf(`{"path":%q}`, filepath.Join(z.ws, "README.md"))}}),
		pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__fs__write_file,mcp__fs__read_text_file", "write and read")
	z.noServerLeft()
	if b, err := os.ReadFile(target); err != nil || string(b) != "written through MCP" {
		t.Errorf("via-mcp.txt = %q, %v", b, err)
	}
	if r := results(evs)["r"]; r == nil || !strings.Contains(r.Output, "# Zero test workspace") {
		t.Errorf("read_text_file result %+v", r)
	}
}

func TestMCPFaults(t *testing.T) {
	z := newZeroEnv(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "cancelled.log")
	fake := func(mode string) map[string]any {
		return map[string]any{"command": self, "env": map[string]string{"ZERO_FAKE_MCP": mode, "ZERO_FAKE_MCP_LOG": log}}
	}
	cfg := z.mcpConfig(map[string]map[string]any{"garbage": fake("garbage"), "hang": fake("hang"), "die": fake("die"),
		"slow": fake("orphan"), "bad-url": {"type": "sse", "url": "http://127.0.0.1:1/sse"}})
	z.vars["ZERO_MCP_STARTUP_TIMEOUT"] = "2s"
	z.vars["ZERO_MCP_CALL_TIMEOUT"] = "1s"
	z.serve(pt.OpenAI,
		calls(pt.Call{ID: "d1", Name: "mcp__die__work", Args: []string{`{"n":1}`}}),
		calls(pt.Call{ID: "d2", Name: "mcp__die__work", Args: []string{`{"n":2}`}}),
		calls(pt.Call{ID: "s1", Name: "mcp__slow__work", Args: []string{`{"n":1}`}},
			pt.Call{ID: "s2", Name: "mcp__slow__first", Args: []string{`{}`}}),
		pt.OpenAI.Stream(pt.Text("Survived.")))
	start := time.Now()
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "--skip-permissions-unsafe", "misbehave")
	elapsed := time.Since(start)
	z.noServerLeft()
	warns := strings.Join(mcpWarnings(evs), "\n")
	for _, want := range []string{"mcp_server: MCP server garbage did not start", "mcp_server: MCP server hang did not start: no answer within 2s",
		"MCP server bad-url uses the legacy SSE transport", "mcp_server: MCP server die stopped during a call", "it was restarted",
		"it is not restarted again"} {
		if !strings.Contains(warns, want) {
			t.Errorf("warnings lack %q:\n%s", want, warns)
		}
	}
	rs := results(evs)
	for id, want := range map[string]string{"d1": "stopped during the call", "d2": "already restarted once",
		"s1": "timed out after 1s (ZERO_MCP_CALL_TIMEOUT)", "s2": "timed out after 1s"} {
		if r := rs[id]; r == nil || r.Status != streamjsonv2.ToolStatusError || !strings.Contains(r.Output, want) {
			t.Errorf("result %s = %+v, want an error containing %q", id, r, want)
		}
	}
	b, _ := os.ReadFile(log)
	if n := strings.Count(string(b), `"method":"notifications/cancelled"`); n != 2 {
		t.Errorf("the slow server got %d notifications/cancelled, want 2:\n%s", n, b)
	}
	if pid, err := os.ReadFile(log + ".child"); err == nil {
		// Only a process that still carries the test's mark is the
		// grandchild: pids wrap (pid_max is 32768 on small machines), and
		// by now another process may hold the number.
		num, mark, _ := strings.Cut(string(pid), " ")
		p, _ := strconv.Atoi(num)
		if mark != z.vars["ZERO_TEST_MARK"] {
			t.Errorf("the grandchild carries the mark %q, want %q: the leftover check could not see it", mark, z.vars["ZERO_TEST_MARK"])
		}
		if slices.Contains(liveMarked(z.vars["ZERO_TEST_MARK"]), p) {
			t.Errorf("the slow server's grandchild %d outlived zero", p)
			syscall.Kill(p, syscall.SIGKILL)
		}
	} else {
		t.Errorf("the orphan-making server did not record its child: %v", err)
	}
	t.Logf("run with five misbehaving servers took %s", elapsed)
}

// alive reports whether pid runs: it exists and is not a zombie. (A
// zombie whose parent zero killed belongs to init, which reaps it.)
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// freePort returns a TCP port nothing listens on right now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestMCPStreamableHTTP(t *testing.T) {
	entry := npmServer(t, "server-everything")
	z := newZeroEnv(t)
	port := freePort(t)
	server := exec.Command("node", entry, "streamableHttp")
	server.Env = append(os.Environ(), "PORT="+strconv.Itoa(port))
	server.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-server.Process.Pid, syscall.SIGKILL)
		server.Wait()
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything did not listen on port %d", port)
		}
		time.Sleep(100 * time.Millisecond)
	}
	z.vars["EVERYTHING_AUTH"] = "Bearer not-checked"
	cfg := z.mcpConfig(map[string]map[string]any{"web": {"type": "http", "url": fmt.Sprintf("http://127.0.0.1:%d/mcp", port),
		"headers": map[string]string{"Authorization": "${EVERYTHING_AUTH}"}}})
	z.serve(pt.OpenAI,
		calls(pt.Call{ID: "e", Name: "mcp__web__echo", Args: []string{`{"message":"over http"}`}},
			pt.Call{ID: "l", Name: "mcp__web__trigger-long-running-operation", Args: []string{`{"duration":1,"steps":2}`}}),
		pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__web", "echo over http")
	rs := results(evs)
	if r := rs["e"]; r == nil || !strings.Contains(r.Output, "Echo: over http") {
		t.Errorf("echo over HTTP: %+v\nwarnings: %v", r, mcpWarnings(evs))
	}
	if r := rs["l"]; r == nil || !strings.Contains(r.Output, "Long running operation completed") {
		t.Errorf("long-running operation with progress over HTTP: %+v", r)
	}
}

func TestMCPConfigErrors(t *testing.T) {
	z := newZeroEnv(t)
	for name, tc := range map[string]struct{ file, want string }{
		"typo":        {`{"mcpServers":{"x":{"comand":"node"}}}`, `/mcpServers/x: additionalProperties: unknown property "comand"`},
		"no command":  {`{"mcpServers":{"x":{"args":["a"]}}}`, "/mcpServers/x: a stdio server needs command"},
		"bad name":    {`{"mcpServers":{"a__b":{"command":"node"}}}`, `server name "a__b"`},
		"unset var":   {`{"mcpServers":{"x":{"command":"node","env":{"K":"${ZERO_TEST_UNSET_VAR}"}}}}`, "/mcpServers/x/env/K: ${ZERO_TEST_UNSET_VAR} is not set"},
		"mixed kinds": {`{"mcpServers":{"x":{"type":"http","url":"http://h/mcp","command":"node"}}}`, "/mcpServers/x/command: a http server has no command"},
	} {
		path := filepath.Join(t.TempDir(), "mcp.json")
		mustWrite(t, path, tc.file)
		res := z.exec("--mcp-config", path, "--list-tools")
		if res.code != 2 || !strings.Contains(res.stderr, tc.want) || res.stdout != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 and %q", name, res.code, res.stderr, res.stdout, tc.want)
		}
	}
	res := z.exec("--allowed-tools", "mcp__nowhere", "--list-tools")
	if res.code != 2 || !strings.Contains(res.stderr, `names MCP server "nowhere", which no --mcp-config file configures`) {
		t.Errorf("a grant for an unconfigured server: exit %d, %s", res.code, res.stderr)
	}
}

// TestMCPInterruptCancelsCalls sends SIGINT while an MCP call is in
// flight: the server is told with notifications/cancelled, zero exits 130,
// and no server process is left.
func TestMCPInterruptCancelsCalls(t *testing.T) {
	z := newZeroEnv(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "cancelled.log")
	cfg := z.mcpConfig(map[string]map[string]any{"slow": {"command": self,
		"env": map[string]string{"ZERO_FAKE_MCP": "slow", "ZERO_FAKE_MCP_LOG": log}}})
	z.serve(pt.OpenAI, calls(pt.Call{ID: "s", Name: "mcp__slow__work", Args: []string{`{"n":1}`}}), pt.OpenAI.Stream(pt.Text("never")))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := z.command(ctx, "", "exec", "-o", "stream-json", "--mcp-config", cfg, "--allowed-tools", "mcp__slow", "wait")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var out strings.Builder
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), `"type":"tool_call"`) {
			time.Sleep(300 * time.Millisecond)
			cmd.Process.Signal(syscall.SIGINT)
		}
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code %d, want 130\n%s", code, out.String())
	}
	z.noServerLeft()
	if b, _ := os.ReadFile(log); !strings.Contains(string(b), `"method":"notifications/cancelled"`) {
		t.Errorf("the server was not told the call was cancelled: %q", b)
	}
}

// fakeServer returns the server entry of the misbehaving server of
// e2e_mcp_fake_test.go in mode, with extra env.
func fakeServer(t *testing.T, mode string, env map[string]string) map[string]any {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := map[string]string{"ZERO_FAKE_MCP": mode}
	for k, v := range env {
		e[k] = v
	}
	return map[string]any{"command": self, "env": e}
}

// TestMCPVersionNegotiation runs one call against the fake server speaking
// each protocol version Zero speaks, and one it does not. The server's
// trace shows the handshake Zero chose: server/discover alone for
// 2026-07-28, with every later request carrying the version in _meta;
// server/discover refused, then initialize and notifications/initialized
// for the versions before it.
func TestMCPVersionNegotiation(t *testing.T) {
	for _, tc := range []struct{ version, trace string }{
		{"2026-07-28", "server/discover 2026-07-28\ntools/list 2026-07-28\ntools/list 2026-07-28\ntools/call 2026-07-28\n"},
		{"2025-11-25", "server/discover 2026-07-28\ninitialize -\nnotifications/initialized -\ntools/list 2025-11-25\ntools/list 2025-11-25\ntools/call 2025-11-25\n"},
		{"2025-06-18", "server/discover 2026-07-28\ninitialize -\nnotifications/initialized -\ntools/list 2025-06-18\ntools/list 2025-06-18\ntools/call 2025-06-18\n"},
		{"2025-03-26", "server/discover 2026-07-28\ninitialize -\nnotifications/initialized -\ntools/list 2025-03-26\ntools/list 2025-03-26\ntools/call 2025-03-26\n"},
		{"2024-11-05", "server/discover 2026-07-28\ninitialize -\n"},
	} {
		t.Run(tc.version, func(t *testing.T) {
			z := newZeroEnv(t)
			trace := filepath.Join(t.TempDir(), "trace")
			// The version goes in args: the warning below names it, and Zero
			// redacts the env values of MCP servers.
			fake := fakeServer(t, "ok", map[string]string{"ZERO_FAKE_MCP_TRACE": trace})
			fake["args"] = []string{"--version=" + tc.version}
			cfg := z.mcpConfig(map[string]map[string]any{"fake": fake})
			z.serve(pt.OpenAI, calls(pt.Call{ID: "w", Name: "mcp__fake__work", Args: []string{`{"n":1}`}}), pt.OpenAI.Stream(pt.Text("Done.")))
			evs, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__fake", "work")
			z.noServerLeft()
			b, _ := os.ReadFile(trace)
			if string(b) != tc.trace {
				t.Errorf("the server got:\n%s\nwant:\n%s", b, tc.trace)
			}
			r := results(evs)["w"]
			if tc.version == "2024-11-05" {
				w := strings.Join(mcpWarnings(evs), "\n")
				if !strings.Contains(w, `MCP server fake did not start: initialize: the server speaks protocol version "2024-11-05"`) {
					t.Errorf("warnings %q, want one naming the version", w)
				}
				if r == nil || r.Status != streamjsonv2.ToolStatusError {
					t.Errorf("a call to a server that did not start: %+v, want an error result", r)
				}
				return
			}
			if r == nil || r.Status != streamjsonv2.ToolStatusOk || !strings.Contains(r.Output, "fake ok") {
				t.Errorf("result %+v, want fake ok\nwarnings: %v", r, mcpWarnings(evs))
			}
		})
	}
}

// TestMCPToolNameCollision: a server listing one tool name twice is a
// configuration error (exit 3) naming both tools and their server, before
// the model is asked anything; no server is left running.
func TestMCPToolNameCollision(t *testing.T) {
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{"twins": fakeServer(t, "twins", nil), "fine": fakeServer(t, "ok", nil)})
	srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("never")))
	res := z.exec("-o", "stream-json", "--mcp-config", cfg, "--skip-permissions-unsafe", "go")
	z.noServerLeft()
	evs := decodeV2(t, res.stdout)
	// A run that fails on its configuration before it starts is an error
	// and run_end, without run_start (docs/protocol.md).
	checkStream(t, evs, false, 3)
	e := errorEvent(t, evs)
	want := `MCP tool "work" of server twins and MCP tool "work" of server twins both map to the tool name mcp__twins__work`
	if e.Code != streamjsonv2.ErrorCodeConfigError || !strings.Contains(string(e.Message), want) {
		t.Errorf("error event %+v, want config_error containing %q", e, want)
	}
	if !strings.Contains(res.stderr, want) {
		t.Errorf("stderr %q lacks %q", res.stderr, want)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the model was asked %d times, want 0", n)
	}
	lt := z.exec("--mcp-config", cfg, "--list-tools")
	if lt.code != 3 || !strings.Contains(lt.stderr, want) {
		t.Errorf("--list-tools: exit %d, stderr %q; want exit 3 and the collision", lt.code, lt.stderr)
	}
	z.noServerLeft()
}

// TestMCPResume resumes a run that called an MCP tool, with the same
// --mcp-config: the model gets the earlier call and its result back, the
// tools are offered again, and a new call reaches the restarted server.
func TestMCPResume(t *testing.T) {
	entry := npmServer(t, "server-everything")
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{"everything": {"command": "node", "args": []string{entry}}})
	srv := z.serve(pt.OpenAI,
		calls(pt.Call{ID: "call_echo1", Name: "mcp__everything__echo", Args: []string{`{"message":"remember the heron"}`}}),
		pt.OpenAI.Stream(pt.Text("Echoed the heron.")),
		calls(pt.Call{ID: "call_sum2", Name: "mcp__everything__get-sum", Args: []string{`{"a":40,"b":2}`}}),
		pt.OpenAI.Stream(pt.Text("It is 42.")))
	first, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__everything", "echo the heron")
	id := sessionID(first)
	evs, _ := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__everything", "--resume", id, "now add 40 and 2")
	z.noServerLeft()
	if got := sessionID(evs); got != id {
		t.Errorf("resumed run has session %s, want %s", got, id)
	}
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d model requests, want 4", len(reqs))
	}
	body := string(reqs[2].Body)
	for _, want := range []string{"echo the heron", "call_echo1", "mcp__everything__echo", "Echo: remember the heron", "Echoed the heron.", "now add 40 and 2"} {
		if !strings.Contains(body, want) {
			t.Errorf("the resumed run's first request lacks %q:\n%s", want, body)
		}
	}
	if offered := offeredTools(t, reqs[2]); !slices.Contains(offered, "mcp__everything__get-sum") {
		t.Errorf("the resumed run offers %v, want the everything tools again", offered)
	}
	if r := results(evs)["call_sum2"]; r == nil || !strings.Contains(r.Output, "The sum of 40 and 2 is 42") {
		t.Errorf("the resumed run's MCP call: %+v", r)
	}
	if !strings.Contains(string(reqs[3].Body), "The sum of 40 and 2 is 42") {
		t.Errorf("the result of the resumed run's call did not reach the model")
	}
}

// TestMCPImagesReachTheModel calls server-everything's image tool through
// both vendors' fake servers: Anthropic's next request carries the PNG as
// an image block of the tool_result; OpenAI's tool message takes text
// only, so it carries the placeholder. Events hold the placeholder alone.
func TestMCPImagesReachTheModel(t *testing.T) {
	entry := npmServer(t, "server-everything")
	for _, d := range []*pt.Dialect{pt.Anthropic, pt.OpenAI} {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			cfg := z.mcpConfig(map[string]map[string]any{"everything": {"command": "node", "args": []string{entry}}})
			srv := z.serve(d, d.Stream(pt.ToolCalls(pt.Call{ID: "toolu_img", Name: "mcp__everything__get-tiny-image", Args: []string{`{}`}})),
				d.Stream(pt.Text("A tiny image.")))
			evs, res := z.streamV2(0, "--mcp-config", cfg, "--allowed-tools", "mcp__everything", "show me")
			z.noServerLeft()
			r := results(evs)["toolu_img"]
			if r == nil || !strings.Contains(r.Output, "[image: image/png, ") {
				t.Fatalf("tool_result %+v, want the image placeholder", r)
			}
			if strings.Contains(res.stdout, "iVBORw0KGgo") {
				t.Error("the image data reached stdout")
			}
			body := srv.Requests()[1].Body
			if d == pt.OpenAI {
				if bytes.Contains(body, []byte("iVBORw0KGgo")) || !bytes.Contains(body, []byte(`[image: image/png, `)) {
					t.Errorf("OpenAI request: want the placeholder and no image data:\n%.2000s", body)
				}
				return
			}
			png := anthropicToolImage(t, body)
			if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
				t.Errorf("the image block holds %d bytes that are not a PNG", len(png))
			}
		})
	}
}

// anthropicToolImage returns the decoded image of the tool_result in an
// Anthropic request body, failing unless there is exactly one, a base64
// PNG after the result's text.
func anthropicToolImage(t *testing.T, body []byte) []byte {
	t.Helper()
	var req struct {
		Messages []struct {
			Content []struct {
				Type    string          `json:"type"`
				Content json.RawMessage `json:"content"`
			} `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	type part struct {
		Type   string `json:"type"`
		Text   string `json:"text"`
		Source struct {
			Type      string `json:"type"`
			MediaType string `json:"media_type"`
			Data      string `json:"data"`
		} `json:"source"`
	}
	var images [][]byte
	for _, m := range req.Messages {
		for _, b := range m.Content {
			var parts []part
			if b.Type != "tool_result" || json.Unmarshal(b.Content, &parts) != nil {
				continue
			}
			if len(parts) == 0 || parts[0].Type != "text" || !strings.Contains(parts[0].Text, "[image: image/png, ") {
				t.Errorf("the tool_result does not start with its text: %s", b.Content)
			}
			for _, p := range parts[1:] {
				if p.Type != "image" || p.Source.Type != "base64" || p.Source.MediaType != "image/png" {
					t.Errorf("content block %+v, want a base64 image/png", p)
				}
				data, err := base64.StdEncoding.DecodeString(p.Source.Data)
				if err != nil {
					t.Errorf("image data: %v", err)
				}
				images = append(images, data)
			}
		}
	}
	if len(images) != 1 {
		t.Fatalf("%d images in the tool_result, want 1:\n%.2000s", len(images), body)
	}
	return images[0]
}

// TestMCPConfigValuesAreSecrets gives the servers of an --mcp-config file
// an env value and a header value written out in the file (no ${VAR}),
// which no shape detector knows, and a model answer that quotes both,
// split across deltas: neither reaches stdout, stderr or the session.
func TestMCPConfigValuesAreSecrets(t *testing.T) {
	const envSecret, headerSecret = "walnutcobaltferry5521", "oystermaplelantern8830"
	z := newZeroEnv(t)
	cfg := z.mcpConfig(map[string]map[string]any{
		"fake": fakeServer(t, "ok", map[string]string{"FAKE_CREDENTIAL": envSecret}),
		"web":  {"type": "http", "url": "http://127.0.0.1:1/mcp", "headers": map[string]string{"X-Key": "Token " + headerSecret}},
	})
	z.vars["ZERO_MCP_STARTUP_TIMEOUT"] = "2s"
	for _, format := range []string{"stream-json", "text", "json"} {
		z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("The env has "+envSecret[:7], envSecret[7:]+", the header "+headerSecret[:4], headerSecret[4:]+".")))
		res := z.exec("-o", format, "--mcp-config", cfg, "quote them")
		if res.code != 0 {
			t.Fatalf("-o %s: exit code %d\n%s", format, res.code, res.stderr)
		}
		for _, secret := range []string{envSecret, headerSecret} {
			if strings.Contains(res.stdout, secret) || strings.Contains(res.stderr, secret) {
				t.Errorf("-o %s: %s reached stdout or stderr:\n%s\n%s", format, secret, res.stdout, res.stderr)
			}
		}
		if !strings.Contains(res.stdout, "[REDACTED:secret]") {
			t.Errorf("-o %s: no redaction marker in the answer:\n%s", format, res.stdout)
		}
	}
	z.noServerLeft()
	z.noSecretInSessions(envSecret)
	z.noSecretInSessions(headerSecret)
}
