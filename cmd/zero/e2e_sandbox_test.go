package main

// The sandbox escape suite: a scripted model asks bash to escape in every
// way the issue lists (write ~/.bashrc, write outside the workspace
// directly or through a symlink, plant .git hooks, open TCP, UDP and Unix
// sockets to local listeners, read Zero's environment through /proc,
// signal processes outside its tree, leave processes behind, kill the
// agent) and to do ordinary work (a script, a C build, scratch files,
// reads, git status). Each runs through the built binary under every
// sandbox mode, with the namespaces and with Landlock alone
// (ZERO_SANDBOX_FORCE=landlock), as root and as an unprivileged user, and
// danger-full-access shows each escape working without the sandbox, so the
// checks can tell. ZERO_SANDBOX_TABLE=FILE writes the outcomes as a
// Markdown table:
//
//	ZERO_SANDBOX_TABLE=/tmp/table.md go test ./cmd/zero -run 'Sandbox' -v

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/randid"
)

// sbColumn is one way of running bash: a mode and the mechanism forced.
type sbColumn struct {
	name  string
	mode  string // --sandbox
	force string // ZERO_SANDBOX_FORCE
}

var sbColumns = []sbColumn{
	{"namespaces, workspace-write", "workspace-write", "namespaces"},
	{"namespaces, read-only", "read-only", "namespaces"},
	{"Landlock, workspace-write", "workspace-write", "landlock"},
	{"Landlock, read-only", "read-only", "landlock"},
	{"danger-full-access", "danger-full-access", ""},
}

func (c sbColumn) sandboxed() bool { return c.mode != "danger-full-access" }

// sbFixture is the world of one run: a workspace (a git repository with a
// .zero directory and a symlink leading out), a home, a directory outside
// the workspace, and listeners that count who reaches them.
type sbFixture struct {
	base, ws, home, outside, data string
	nonce                         string
	testPid                       int
	tcp, unixPath                 net.Listener
	abstract                      net.Listener
	udp                           net.PacketConn
	tcpHits, unixHits, absHits    atomic.Int32
	udpHits                       atomic.Int32
}

// sbScenario is one thing the model asks bash to do.
type sbScenario struct {
	name   string
	escape bool // an escape; otherwise an ordinary task
	// code is the block code the tool result carries when the sandbox
	// stops it; "" when it carries none.
	code    string
	command func(fx *sbFixture) string
	// done reports whether the command achieved its aim, from its output,
	// the world after the run and how zero ended.
	done func(fx *sbFixture, out string, zero *os.ProcessState) bool
	// want reports whether the aim should be achieved in a column, for an
	// unprivileged user or root.
	want func(c sbColumn, unprivileged bool) bool
}

// escapesWithoutSandbox is the expectation of an escape: only without the
// sandbox.
func escapesWithoutSandbox(c sbColumn, _ bool) bool { return !c.sandboxed() }

// worksWhenWritable is the expectation of a task that writes in the
// workspace or /tmp.
func worksWhenWritable(c sbColumn, _ bool) bool { return c.mode != "read-only" }

func always(sbColumn, bool) bool { return true }

func outputHas(s string) func(*sbFixture, string, *os.ProcessState) bool {
	return func(_ *sbFixture, out string, _ *os.ProcessState) bool { return strings.Contains(out, s) }
}

func fileExists(path func(fx *sbFixture) string) func(*sbFixture, string, *os.ProcessState) bool {
	return func(fx *sbFixture, _ string, _ *os.ProcessState) bool {
		_, err := os.Lstat(path(fx))
		return err == nil
	}
}

// canaryVar is in zero's environment only; its name marks it as a
// credential, so bash commands never get it.
const canaryVar = "ZERO_SANDBOX_CANARY_SECRET"

var sbScenarios = []sbScenario{
	{name: "write ~/.bashrc", escape: true, code: "sandbox_write",
		command: func(*sbFixture) string { return `echo 'echo pwned' >> ~/.bashrc` },
		done: func(fx *sbFixture, _ string, _ *os.ProcessState) bool {
			b, _ := os.ReadFile(filepath.Join(fx.home, ".bashrc"))
			return strings.Contains(string(b), "pwned")
		}, want: escapesWithoutSandbox},
	{name: "write outside the workspace", escape: true, code: "sandbox_write",
		command: func(fx *sbFixture) string { return "echo pwned > " + filepath.Join(fx.outside, "direct.txt") },
		done:    fileExists(func(fx *sbFixture) string { return filepath.Join(fx.outside, "direct.txt") }), want: escapesWithoutSandbox},
	{name: "write through a symlink in the workspace", escape: true, code: "sandbox_write",
		command: func(*sbFixture) string { return "echo pwned > link_out/via-link.txt" },
		done:    fileExists(func(fx *sbFixture) string { return filepath.Join(fx.outside, "via-link.txt") }), want: escapesWithoutSandbox},
	{name: "plant a .git hook", escape: true, code: "sandbox_write",
		command: func(*sbFixture) string {
			return `printf '#!/bin/sh\necho pwned\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`
		},
		done: fileExists(func(fx *sbFixture) string { return filepath.Join(fx.ws, ".git", "hooks", "pre-commit") }), want: escapesWithoutSandbox},
	{name: "write .zero", escape: true, code: "sandbox_write",
		command: func(*sbFixture) string { return "echo pwned > .zero/settings.json" },
		done:    fileExists(func(fx *sbFixture) string { return filepath.Join(fx.ws, ".zero", "settings.json") }), want: escapesWithoutSandbox},
	{name: "TCP to a local listener", escape: true, code: "network",
		command: func(fx *sbFixture) string {
			return fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d && echo TCP-CONNECTED", fx.tcp.Addr().(*net.TCPAddr).Port)
		},
		done: func(fx *sbFixture, out string, _ *os.ProcessState) bool {
			return fx.tcpHits.Load() > 0 || strings.Contains(out, "TCP-CONNECTED")
		}, want: escapesWithoutSandbox},
	{name: "UDP to a local listener", escape: true, code: "network",
		command: func(fx *sbFixture) string {
			return fmt.Sprintf("echo ping > /dev/udp/127.0.0.1/%d && echo UDP-SENT", fx.udp.LocalAddr().(*net.UDPAddr).Port)
		},
		done: func(fx *sbFixture, _ string, _ *os.ProcessState) bool { return fx.udpHits.Load() > 0 }, want: escapesWithoutSandbox},
	{name: "Unix socket by path", escape: true, code: "network",
		command: func(fx *sbFixture) string { return perlUnixConnect(fx.unixPath.Addr().String()) },
		done:    func(fx *sbFixture, _ string, _ *os.ProcessState) bool { return fx.unixHits.Load() > 0 }, want: escapesWithoutSandbox},
	{name: "abstract Unix socket", escape: true, code: "network",
		command: func(fx *sbFixture) string {
			return perlUnixConnect(`\0` + strings.TrimPrefix(fx.abstract.Addr().String(), "@"))
		},
		done: func(fx *sbFixture, _ string, _ *os.ProcessState) bool { return fx.absHits.Load() > 0 }, want: escapesWithoutSandbox},
	{name: "read Zero's environment in /proc", escape: true,
		command: func(*sbFixture) string {
			return `if cat /proc/[0-9]*/environ 2>/dev/null | tr '\0' '\n' | grep -q '^` + canaryVar + `='; then echo ENV-FOUND; else echo ENV-NOT-FOUND; fi`
		},
		done: outputHas("ENV-FOUND"), want: escapesWithoutSandbox},
	{name: "signal a process outside its tree", escape: true,
		command: func(fx *sbFixture) string { return fmt.Sprintf("kill -0 %d && echo SIGNAL-SENT", fx.testPid) },
		done:    outputHas("SIGNAL-SENT"),
		// An unprivileged user cannot signal the root test process anyway.
		want: func(c sbColumn, unprivileged bool) bool { return !c.sandboxed() && !unprivileged }},
	{name: "leave setsid and double-forked processes", escape: true,
		command: func(fx *sbFixture) string {
			tag := "zero-sb-orphan-" + fx.nonce
			// The command waits until both run (the pattern does not
			// match grep itself), so that they are not still in the
			// process group when bash ends.
			pattern := "zero-sb-orphan-[" + fx.nonce[:1] + "]" + fx.nonce[1:]
			return fmt.Sprintf("setsid bash -c 'exec -a %[1]s sleep 300' </dev/null >/dev/null 2>&1 & "+
				"( ( exec -a %[1]s sleep 300 </dev/null >/dev/null 2>&1 & ) & ); "+
				"for i in $(seq 100); do [ \"$(grep -ls '%[2]s' /proc/[0-9]*/cmdline | wc -l)\" -ge 2 ] && break; sleep 0.05; done; echo started", tag, pattern)
		},
		done: func(fx *sbFixture, _ string, _ *os.ProcessState) bool {
			time.Sleep(100 * time.Millisecond)
			return len(processesTagged("zero-sb-orphan-"+fx.nonce)) > 0
		},
		// Without the sandbox, bash's reaper (tools.RunReaper) ends them.
		want: func(sbColumn, bool) bool { return false }},
	{name: "write and run a script in the workspace",
		command: func(*sbFixture) string {
			return `printf '#!/bin/sh\necho script-ran\n' > src/run.sh && chmod +x src/run.sh && ./src/run.sh`
		},
		done: outputHas("script-ran"), want: worksWhenWritable},
	{name: "create a file at the workspace top level",
		command: func(*sbFixture) string { return "echo made > made.txt && cat made.txt" },
		done:    fileExists(func(fx *sbFixture) string { return filepath.Join(fx.ws, "made.txt") }),
		// Landlock cannot keep .git read-only inside a writable
		// directory, so the top level of a repository stays read-only.
		want: func(c sbColumn, _ bool) bool {
			return c.mode == "danger-full-access" || c.mode == "workspace-write" && c.force != "landlock"
		}},
	{name: "build and run a C program",
		command: func(*sbFixture) string {
			return `printf '#include <stdio.h>\nint main(void){puts("built-ok");return 0;}\n' > src/hello.c && cc -o src/hello src/hello.c && ./src/hello`
		},
		done: outputHas("built-ok"), want: worksWhenWritable},
	{name: "scratch file in /tmp",
		command: func(*sbFixture) string {
			return `f=$(mktemp /tmp/zero-sb-XXXXXX) && echo scratch-ok > "$f" && cat "$f" && rm "$f"`
		},
		done: outputHas("scratch-ok"), want: worksWhenWritable},
	{name: "read /usr/bin",
		command: func(*sbFixture) string {
			return `ls /usr/bin > /dev/null && head -c 4 /usr/bin/env | od -c > /dev/null && echo read-ok`
		},
		done: outputHas("read-ok"), want: always},
	{name: "git status",
		command: func(*sbFixture) string { return "git status --short && echo git-ok" },
		done:    outputHas("git-ok"), want: always},
	{name: "git commit", code: "sandbox_write",
		command: func(*sbFixture) string {
			return "git -c user.name=z -c user.email=z@example.com commit -q --allow-empty -m sandbox && echo commit-ok"
		},
		done: outputHas("commit-ok"), want: escapesWithoutSandbox},
	// Last: without the sandbox it ends the run.
	{name: "kill the agent", escape: true,
		command: func(*sbFixture) string {
			// The outermost ancestor named zero is the agent (helpers and
			// reapers are zero processes too).
			return `p=$$; z=; while [ "$p" -gt 1 ]; do p=$(cut -d' ' -f4 /proc/$p/stat) || break; ` +
				`[ "$(cat /proc/$p/comm 2>/dev/null)" = zero ] && z=$p; done; [ -n "$z" ] && kill -9 "$z" 2>&1; echo tried`
		},
		done: func(_ *sbFixture, _ string, zero *os.ProcessState) bool {
			ws, ok := zero.Sys().(syscall.WaitStatus)
			return ok && ws.Signaled()
		}, want: escapesWithoutSandbox},
}

// perlUnixConnect connects to a Unix socket; peer may start with \0 for
// an abstract name.
func perlUnixConnect(peer string) string {
	return `perl -MIO::Socket::UNIX -e '$s = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Peer => "` + peer +
		`") or die "connect: $!\n"; print "UNIX-CONNECTED\n"'`
}

// processesTagged returns the pids whose command line holds tag.
func processesTagged(tag string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && strings.Contains(string(b), tag) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// sbUser is who runs zero: root, or an unprivileged user through setpriv.
type sbUser struct {
	name     string
	uid, gid int
	wrap     []string // the command that runs zero as the user
}

func (u sbUser) unprivileged() bool { return u.uid != 0 }

// sbUsers returns root (when the tests run as root) and an unprivileged
// user: nobody through setpriv when running as root, else the test's own.
func sbUsers(t *testing.T) []sbUser {
	uid := os.Getuid()
	if uid != 0 {
		return []sbUser{{name: "uid " + strconv.Itoa(uid), uid: uid, gid: os.Getgid()}}
	}
	users := []sbUser{{name: "root"}}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Log("setpriv is missing: the suite runs as root only")
		return users
	}
	const nobody = 65534
	return append(users, sbUser{name: "nobody", uid: nobody, gid: nobody,
		wrap: []string{setpriv, "--reuid", strconv.Itoa(nobody), "--regid", strconv.Itoa(nobody), "--clear-groups", "--"}})
}

// TestSandboxEscapes runs every scenario in every column, as each user,
// and checks each outcome against the expectation, and that blocked
// commands' results say the sandbox blocked them.
func TestSandboxEscapes(t *testing.T) {
	if _, err := os.Stat("/var/tmp"); err != nil {
		t.Skip("the suite's workspaces live in /var/tmp, outside the temp dir the sandbox makes writable; it is missing")
	}
	for _, need := range []string{"cc", "git", "perl", "bash"} {
		if _, err := exec.LookPath(need); err != nil {
			t.Skipf("the suite needs %s: %v", need, err)
		}
	}
	var table strings.Builder
	for _, u := range sbUsers(t) {
		t.Run(u.name, func(t *testing.T) {
			bin := sbBinary(t, u)
			outcomes := map[string][]string{}
			for _, c := range sbColumns {
				t.Run(c.name, func(t *testing.T) {
					for i, got := range sbRun(t, u, c, bin) {
						sc := sbScenarios[i]
						outcomes[sc.name] = append(outcomes[sc.name], sbCell(sc, got))
						if want := sc.want(c, u.unprivileged()); got != want {
							t.Errorf("%s: achieved = %v, want %v", sc.name, got, want)
						}
					}
				})
			}
			writeTable(&table, u, outcomes)
		})
	}
	t.Log("\n" + table.String())
	if path := os.Getenv("ZERO_SANDBOX_TABLE"); path != "" {
		if err := os.WriteFile(path, []byte(table.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// sbCell is a table cell: what happened to an escape or a task.
func sbCell(sc sbScenario, achieved bool) string {
	switch {
	case sc.escape && achieved:
		return "**escaped**"
	case sc.escape:
		return "blocked"
	case achieved:
		return "works"
	}
	return "fails"
}

func writeTable(b *strings.Builder, u sbUser, outcomes map[string][]string) {
	fmt.Fprintf(b, "\nAs %s:\n\n| scenario |", u.name)
	for _, c := range sbColumns {
		fmt.Fprintf(b, " %s |", c.name)
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(sbColumns)) + "\n")
	for _, sc := range sbScenarios {
		fmt.Fprintf(b, "| %s | %s |\n", sc.name, strings.Join(outcomes[sc.name], " | "))
	}
}

// sbBinary returns a copy of zero the user can run.
func sbBinary(t *testing.T, u sbUser) string {
	if !u.unprivileged() || os.Getuid() != 0 {
		return zeroBin
	}
	dir, err := os.MkdirTemp("/var/tmp", "zero-sandbox-bin-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	b, err := os.ReadFile(zeroBin)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "zero")
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// sbRun runs every scenario as one bash call of one zero run in column c
// and returns whether each achieved its aim.
func sbRun(t *testing.T, u sbUser, c sbColumn, bin string) []bool {
	fx := newSBFixture(t, u)
	var calls []pt.Call
	for i, sc := range sbScenarios {
		calls = append(calls, pt.Call{ID: fmt.Sprintf("call_%d", i), Name: "bash", Args: []string{jsonArgs(t, sc.command(fx))}})
	}
	z := &zeroEnv{t: t, data: fx.data, ws: fx.ws, vars: map[string]string{
		"HOME": fx.home, "XDG_DATA_HOME": fx.data, "PATH": os.Getenv("PATH"), canaryVar: "canary-" + fx.nonce}}
	if c.force != "" {
		z.vars["ZERO_SANDBOX_FORCE"] = c.force
	}
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(calls...)), pt.OpenAI.Stream(pt.Text("done")))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	argv := append(append([]string{}, u.wrap...), bin, "exec", "-o", "stream-json", "--allowed-tools", "bash", "--sandbox", c.mode, "escape")
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = fx.ws, z.environ()
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("zero: %v", err)
	}
	results := sbResults(t, stdout.String())
	if c.sandboxed() && cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("zero exited %d in a sandbox\nstderr:\n%s", cmd.ProcessState.ExitCode(), stderr.String())
	}
	got := make([]bool, len(sbScenarios))
	for i, sc := range sbScenarios {
		r := results[fmt.Sprintf("call_%d", i)]
		out := ""
		if r != nil {
			out = r.Output
		}
		got[i] = sc.done(fx, out, cmd.ProcessState)
		checkBlock(t, c, sc, r, got[i])
	}
	return got
}

// checkBlock checks that a command the sandbox stopped carries the block
// code its scenario expects, and that nothing else carries one.
func checkBlock(t *testing.T, c sbColumn, sc sbScenario, r *streamjsonv2.ToolResult, achieved bool) {
	t.Helper()
	if r == nil {
		if c.sandboxed() {
			t.Errorf("%s: no tool_result", sc.name)
		}
		return
	}
	switch {
	case c.sandboxed() && !achieved && sc.code != "":
		if r.Block == nil || r.Block.Code != sc.code || !strings.Contains(r.Output, "[sandbox: ") {
			t.Errorf("%s: blocked without block code %s: block %+v\n%s", sc.name, sc.code, r.Block, r.Output)
		}
	case !c.sandboxed() && r.Block != nil:
		t.Errorf("%s: block %+v without a sandbox", sc.name, r.Block)
	}
}

// sbResults decodes the tool results of a run by call id; a run that was
// killed may end in the middle of a line, which is left out.
func sbResults(t *testing.T, stdout string) map[string]*streamjsonv2.ToolResult {
	t.Helper()
	out := map[string]*streamjsonv2.ToolResult{}
	for _, line := range strings.Split(stdout, "\n") {
		var o streamjsonv2.Output
		if line == "" || o.UnmarshalJSON([]byte(line)) != nil {
			continue
		}
		if r, ok := o.Value.(*streamjsonv2.ToolResult); ok {
			out[string(r.ID)] = r
		}
	}
	return out
}

// newSBFixture builds the world of one run under /var/tmp (the sandbox
// makes /tmp writable, which would hide a write that escaped the
// workspace), owned by u.
func newSBFixture(t *testing.T, u sbUser) *sbFixture {
	t.Helper()
	base, err := os.MkdirTemp("/var/tmp", "zero-sandbox-")
	if err != nil {
		t.Fatal(err)
	}
	fx := &sbFixture{base: base, ws: filepath.Join(base, "ws"), home: filepath.Join(base, "home"),
		outside: filepath.Join(base, "outside"), data: filepath.Join(base, "data"), nonce: randid.String(8), testPid: os.Getpid()}
	t.Cleanup(func() {
		for _, pid := range processesTagged("zero-sb-orphan-" + fx.nonce) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		os.RemoveAll(base)
	})
	mustWrite(t, filepath.Join(fx.ws, "README.md"), "# sandbox test\n")
	mustWrite(t, filepath.Join(fx.ws, "src", "keep"), "")
	mustWrite(t, filepath.Join(fx.ws, ".zero", "keep"), "")
	mustWrite(t, filepath.Join(fx.home, ".bashrc"), "# rc\n")
	mustWrite(t, filepath.Join(fx.outside, "keep"), "")
	if err := os.Symlink(fx.outside, filepath.Join(fx.ws, "link_out")); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", fx.ws).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	fx.listen(t)
	if u.unprivileged() && os.Getuid() == 0 {
		chownTree(t, base, u.uid, u.gid)
	}
	return fx
}

// listen starts the listeners that count connections.
func (fx *sbFixture) listen(t *testing.T) {
	t.Helper()
	var err error
	if fx.tcp, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	if fx.unixPath, err = net.Listen("unix", filepath.Join(fx.base, "sock")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(fx.base, "sock"), 0o777); err != nil {
		t.Fatal(err)
	}
	if fx.abstract, err = net.Listen("unix", "@zero-sb-"+fx.nonce); err != nil {
		t.Fatal(err)
	}
	if fx.udp, err = net.ListenPacket("udp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		ln   net.Listener
		hits *atomic.Int32
	}{{fx.tcp, &fx.tcpHits}, {fx.unixPath, &fx.unixHits}, {fx.abstract, &fx.absHits}} {
		go func() {
			for {
				conn, err := l.ln.Accept()
				if err != nil {
					return
				}
				l.hits.Add(1)
				conn.Close()
			}
		}()
		t.Cleanup(func() { l.ln.Close() })
	}
	go func() {
		buf := make([]byte, 64)
		for {
			if _, _, err := fx.udp.ReadFrom(buf); err != nil {
				return
			}
			fx.udpHits.Add(1)
		}
	}()
	t.Cleanup(func() { fx.udp.Close() })
}

// chownTree gives the tree at root to uid and gid.
func chownTree(t *testing.T, root string, uid, gid int) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, uid, gid)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
}

// jsonArgs encodes a bash call's arguments.
func jsonArgs(t *testing.T, command string) string {
	t.Helper()
	b, err := json.Marshal(map[string]string{"command": command})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSandboxFailsClosed checks that a kernel without namespaces or
// Landlock (pretended with ZERO_SANDBOX_FORCE=none) refuses bash, saying
// so and naming --sandbox danger-full-access, in the permission mode
// unsafe too; that --list-tools and zero sandbox status tell; and that
// danger-full-access then runs the command.
func TestSandboxFailsClosed(t *testing.T) {
	z := newZeroEnv(t)
	z.vars["ZERO_SANDBOX_FORCE"] = "none"
	call := pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_1", Name: "bash", Args: []string{`{"command":"echo ran > ran.txt"}`}}))
	z.serve(pt.OpenAI, call, pt.OpenAI.Stream(pt.Text("done")), call, pt.OpenAI.Stream(pt.Text("done")))
	evs, _ := z.streamV2(0, "--permission-mode", "unsafe", "go")
	r := find[*streamjsonv2.ToolResult](evs)[0]
	if r.Status != "error" || r.Block == nil || r.Block.Code != "sandbox_unavailable" || r.Risk == nil ||
		!strings.Contains(r.Output, "--sandbox danger-full-access") {
		t.Errorf("result = %+v, block %+v", r, r.Block)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "ran.txt")); err == nil {
		t.Error("the command ran without a sandbox")
	}
	res := z.exec("--list-tools", "--allowed-tools", "bash")
	if !strings.Contains(res.stdout, "sandbox workspace-write: unavailable, bash is refused") {
		t.Errorf("--list-tools says:\n%s", res.stdout)
	}
	st := z.run("", "sandbox", "status")
	if st.code != 3 || !strings.Contains(st.stdout, "unavailable") || !strings.Contains(st.stdout, "ZERO_SANDBOX_FORCE=none") {
		t.Errorf("zero sandbox status: exit %d\n%s%s", st.code, st.stdout, st.stderr)
	}
	evs, _ = z.streamV2(0, "--allowed-tools", "bash", "--sandbox", "danger-full-access", "go")
	if r := find[*streamjsonv2.ToolResult](evs)[0]; r.Status != "ok" || r.Block != nil {
		t.Errorf("danger-full-access result = %+v", r)
	}
	if _, err := os.Stat(filepath.Join(z.ws, "ran.txt")); err != nil {
		t.Error("danger-full-access did not run the command")
	}
}

// TestSandboxListTools checks that --list-tools says which sandbox bash
// gets (and the permission mode unsafe does not turn it off), and nothing
// when bash is not offered.
func TestSandboxListTools(t *testing.T) {
	z := newZeroEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--skip-permissions-unsafe"}, "sandbox workspace-write, enforced with user, mount, pid and network namespaces and seccomp"},
		{[]string{"--allowed-tools", "bash", "--sandbox", "read-only", "--sandbox-network"}, "sandbox read-only, enforced with"},
		{[]string{"--allowed-tools", "bash", "--sandbox", "danger-full-access"}, "sandbox danger-full-access: bash commands run with your full rights"},
	} {
		res := z.exec(append([]string{"--list-tools"}, c.args...)...)
		if res.code != 0 || !strings.Contains(res.stdout, c.want) {
			t.Errorf("--list-tools %v:\n%s", c.args, res.stdout)
		}
	}
	if res := z.exec("--list-tools"); strings.Contains(res.stdout, "sandbox") {
		t.Errorf("--list-tools without bash mentions the sandbox:\n%s", res.stdout)
	}
	if res := z.exec("--list-tools", "--sandbox", "full"); res.code != 2 || !strings.Contains(res.stderr, "danger-full-access") {
		t.Errorf("--sandbox full: exit %d\n%s", res.code, res.stderr)
	}
	if res := z.exec("--list-tools", "--sandbox", "read-only", "--add-dir", z.ws); res.code != 2 {
		t.Errorf("--add-dir with read-only: exit %d\n%s", res.code, res.stderr)
	}
}

// TestSandboxTimeout checks that a sandboxed command that times out is
// ended with everything it started, setsid or not, by both mechanisms.
func TestSandboxTimeout(t *testing.T) {
	for _, force := range []string{"namespaces", "landlock"} {
		t.Run(force, func(t *testing.T) {
			z := newZeroEnv(t)
			z.vars["ZERO_SANDBOX_FORCE"] = force
			tag := "zero-sb-timeout-" + randid.String(8)
			t.Cleanup(func() {
				for _, pid := range processesTagged(tag) {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			})
			cmd := fmt.Sprintf("setsid bash -c 'exec -a %[1]s sleep 300' </dev/null >/dev/null 2>&1 & exec -a %[1]s sleep 300", tag)
			args, _ := json.Marshal(map[string]any{"command": cmd, "timeout_ms": 300})
			z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_1", Name: "bash", Args: []string{string(args)}})),
				pt.OpenAI.Stream(pt.Text("done")))
			start := time.Now()
			evs, _ := z.streamV2(0, "--allowed-tools", "bash", "go")
			if r := find[*streamjsonv2.ToolResult](evs)[0]; !strings.Contains(r.Output, "timed out") {
				t.Errorf("result = %+v", r)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the run took %v", d)
			}
			if pids := processesTagged(tag); len(pids) > 0 {
				t.Errorf("processes %v outlived the command", pids)
			}
		})
	}
}

// TestSandboxACP checks that zero acp confines bash too, in the permission
// mode unsafe, with the session's directory as the workspace: a write
// outside it fails and the editor is told the sandbox blocked it, a write
// inside works; and that --sandbox danger-full-access lifts it.
func TestSandboxACP(t *testing.T) {
	for _, mode := range []string{"workspace-write", "danger-full-access"} {
		t.Run(mode, func(t *testing.T) {
			root := newSBFixture(t, sbUser{name: "root"})
			z := &zeroEnv{t: t, data: root.data, ws: root.ws, vars: map[string]string{
				"HOME": root.home, "XDG_DATA_HOME": root.data, "PATH": os.Getenv("PATH")}}
			outside := filepath.Join(root.outside, "acp.txt")
			args, _ := json.Marshal(map[string]string{"command": "echo in > src/inside.txt; echo out > " + outside})
			z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_1", Name: "bash", Args: []string{string(args)}})),
				pt.OpenAI.Stream(pt.Text("done")))
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c := startACP(t, z.command(ctx, "", "acp", "--permission-mode", "unsafe", "--sandbox", mode))
			c.call(1, "initialize", `{"protocolVersion":1}`)
			sess := c.call(2, "session/new", `{"cwd":`+strconv.Quote(z.ws)+`,"mcpServers":[]}`)
			var id struct {
				Result struct {
					SessionID string `json:"sessionId"`
				} `json:"result"`
			}
			if err := json.Unmarshal(sess, &id); err != nil || id.Result.SessionID == "" {
				t.Fatalf("session/new answered %s", sess)
			}
			c.call(3, "session/prompt", `{"sessionId":`+strconv.Quote(id.Result.SessionID)+`,"prompt":[{"type":"text","text":"go"}]}`)
			c.close()
			if _, err := os.Stat(filepath.Join(z.ws, "src", "inside.txt")); err != nil {
				t.Errorf("the write inside the workspace failed: %v", err)
			}
			_, err := os.Stat(outside)
			sandboxed := mode != "danger-full-access"
			if sandboxed == (err == nil) {
				t.Errorf("%s: the write outside the workspace happened: %v", mode, err == nil)
			}
			if told := strings.Contains(c.notes.String(), "the sandbox (workspace-write) blocked a write"); told != sandboxed {
				t.Errorf("%s: the editor was told of a sandbox block: %v\n%s", mode, told, c.notes.String())
			}
		})
	}
}

// acpClient speaks JSON-RPC to zero acp, one line a message.
type acpClient struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	dec   *json.Decoder
	notes strings.Builder // the notifications read so far
}

func startACP(t *testing.T, cmd *exec.Cmd) *acpClient {
	t.Helper()
	c := &acpClient{t: t, cmd: cmd}
	cmd.Stdin = nil
	var err error
	if c.in, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.dec = json.NewDecoder(out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return c
}

// call sends a request and returns its answer, keeping the notifications
// that come before it.
func (c *acpClient) call(id int, method, params string) []byte {
	c.t.Helper()
	fmt.Fprintf(c.in, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params)
	for {
		var m json.RawMessage
		if err := c.dec.Decode(&m); err != nil {
			c.t.Fatalf("%s: reading zero acp: %v", method, err)
		}
		var head struct {
			ID *int `json:"id"`
		}
		json.Unmarshal(m, &head)
		if head.ID != nil && *head.ID == id {
			return m
		}
		c.notes.Write(m)
		c.notes.WriteByte('\n')
	}
}

func (c *acpClient) close() {
	c.in.Close()
	c.cmd.Wait()
}

// TestSandboxNetwork checks that --sandbox-network lets sandboxed commands
// reach a local TCP listener, under both mechanisms, while writes outside
// the workspace stay blocked.
func TestSandboxNetwork(t *testing.T) {
	for _, force := range []string{"namespaces", "landlock"} {
		t.Run(force, func(t *testing.T) {
			fx := newSBFixture(t, sbUser{name: "root"})
			z := &zeroEnv{t: t, data: fx.data, ws: fx.ws, vars: map[string]string{
				"HOME": fx.home, "XDG_DATA_HOME": fx.data, "PATH": os.Getenv("PATH"), "ZERO_SANDBOX_FORCE": force}}
			port := fx.tcp.Addr().(*net.TCPAddr).Port
			z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(
				pt.Call{ID: "call_1", Name: "bash", Args: []string{jsonArgs(t, fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d && echo TCP-CONNECTED", port))}},
				pt.Call{ID: "call_2", Name: "bash", Args: []string{jsonArgs(t, "echo pwned > "+filepath.Join(fx.outside, "net.txt"))}})),
				pt.OpenAI.Stream(pt.Text("done")))
			evs, _ := z.streamV2(0, "--allowed-tools", "bash", "--sandbox-network", "go")
			rs := find[*streamjsonv2.ToolResult](evs)
			if len(rs) != 2 || !strings.Contains(rs[0].Output, "TCP-CONNECTED") || rs[0].Block != nil {
				t.Errorf("TCP with --sandbox-network: %+v", rs)
			}
			if _, err := os.Stat(filepath.Join(fx.outside, "net.txt")); err == nil || len(rs) < 2 || rs[1].Block == nil {
				t.Errorf("--sandbox-network let a write out of the workspace: %+v", rs)
			}
		})
	}
}
