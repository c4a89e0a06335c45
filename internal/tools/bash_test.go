package tools

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestBash(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"f.txt": "content\n"})
	tests := []struct {
		name, command string
		want          string
		isError       bool
	}{
		{"stdout", "echo hello", "hello\n[exit code 0]", false},
		{"combined", "echo out; echo err >&2; echo out2", "out\nerr\nout2\n[exit code 0]", false},
		{"exit code", "echo no; exit 3", "no\n[exit code 3]", true},
		{"root is cwd", "cat f.txt", "content\n[exit code 0]", false},
		{"no final newline", "printf x", "x\n[exit code 0]", false},
		{"no output", "true", "[exit code 0]", false},
		{"stdin is empty", "cat; echo done", "done\n[exit code 0]", false},
		{"killed by a signal", "echo dying; kill -TERM $$", "dying\n[killed by signal: signal: terminated]", true},
		{"dollar zero", "echo $0", "bash\n[exit code 0]", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustRun(t, call(Bash(ctx, ws, tt.command, 0, nil)))
			if res.Output != tt.want || res.IsError != tt.isError {
				t.Errorf("got %+v, want %q isError=%v", res, tt.want, tt.isError)
			}
		})
	}
	wantError(t, call(Bash(ctx, ws, "", 0, nil)), "empty")
	wantError(t, call(Bash(ctx, ws, "true", -time.Second, nil)), "negative")
}

func TestBashEnvIsExactlyWhatIsPassed(t *testing.T) {
	t.Setenv("ZERO_TEST_INHERITED", "leak")
	ws, _ := newTestWorkspace(t, nil)
	got := wantOK(t, call(Bash(ctx, ws, `echo "[$ZERO_TEST_INHERITED][$ONLY]"`, 0, []string{"ONLY=passed"})))
	if got != "[][passed]\n[exit code 0]" {
		t.Errorf("got %q", got)
	}
}

// alive reports whether pid is a live process (not gone, not a zombie)
// working in dir. Checking the directory tells the child a test started
// from a later process that got the same pid: pids wrap (pid_max is 32768
// on small machines) while go test starts thousands of processes.
func alive(pid int, dir string) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, after, _ := strings.Cut(string(stat), ") ")
	if strings.HasPrefix(after, "Z") {
		return false
	}
	cwd, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd")
	if err != nil {
		return true // unreadable: take it for ours
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return cwd == dir
}

// waitDead waits until the process pid, started in dir, is no longer alive.
func waitDead(t *testing.T, pid int, dir string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid, dir) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d is still running", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// childPID reads the pid a command wrote to the file name.
func childPID(t *testing.T, name string) int {
	t.Helper()
	pid, err := strconv.Atoi(strings.TrimSpace(readBack(t, name)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func TestBashTimeoutKillsChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc")
	}
	ws, _ := newTestWorkspace(t, nil)
	start := time.Now()
	res := mustRun(t, call(Bash(ctx, ws, "sleep 60 & echo $! > child.pid; echo started; wait", 300*time.Millisecond, nil)))
	if time.Since(start) > 5*time.Second {
		t.Errorf("took %v", time.Since(start))
	}
	if !res.IsError || !strings.Contains(res.Output, "started\n") || !strings.Contains(res.Output, "timed out after 300ms") {
		t.Errorf("got %+v", res)
	}
	waitDead(t, childPID(t, filepath.Join(ws.Root(), "child.pid")), ws.Root())
}

func TestBashCancelKillsChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc")
	}
	ws, _ := newTestWorkspace(t, nil)
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// Cancel once the child exists: a fixed delay could fire before a
	// loaded machine has even started bash.
	pidFile := filepath.Join(ws.Root(), "child.pid")
	go func() {
		for c.Err() == nil {
			if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	res := mustRun(t, call(Bash(c, ws, "(sleep 60; echo never) & echo $! > child.pid; wait", 0, nil)))
	if !res.IsError || !strings.Contains(res.Output, "canceled") {
		t.Errorf("got %+v", res)
	}
	waitDead(t, childPID(t, pidFile), ws.Root())
}

func TestBashBackgroundDoesNotOutliveCall(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc")
	}
	ws, _ := newTestWorkspace(t, nil)
	start := time.Now()
	got := wantOK(t, call(Bash(ctx, ws, "sleep 60 & echo $! > child.pid; echo bye", 0, nil)))
	if got != "bye\n[exit code 0]" || time.Since(start) > 5*time.Second {
		t.Errorf("got %q after %v", got, time.Since(start))
	}
	waitDead(t, childPID(t, filepath.Join(ws.Root(), "child.pid")), ws.Root())
}

func TestBashOutputKeepsHeadAndTail(t *testing.T) {
	ws, _ := newTestWorkspace(t, nil)
	res := mustRun(t, call(Bash(ctx, ws, `echo FIRST; head -c 200000 /dev/zero | tr '\0' 'é'; echo; echo LAST`, 0, nil)))
	if !res.Truncated || len(res.Output) > MaxOutputBytes {
		t.Fatalf("truncated=%v len=%d", res.Truncated, len(res.Output))
	}
	for _, want := range []string{"FIRST\n", "bytes of output omitted", "LAST\n[exit code 0]"} {
		if !strings.Contains(res.Output, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// escapees starts two processes that leave the command's process group
// and session, as daemons do: one by setsid, holding the output pipe, and
// one by setsid in a subshell that exits at once (a double fork, which
// hands it to the nearest subreaper or init). Each writes its pid to a
// file of its own; the command waits for both files.
const escapees = `setsid sh -c 'echo $$ > a.pid; exec sleep 300' &
(setsid sh -c 'echo $$ > b.pid; exec sleep 301' >/dev/null 2>&1 &)
while [ ! -s a.pid ] || [ ! -s b.pid ]; do sleep 0.01; done
echo started`

// TestBashKillsProcessesThatLeftTheGroup: with the reaper, processes that
// left the command's process group by setsid, directly or by a double
// fork, are killed when the command exits and when it times out.
func TestBashKillsProcessesThatLeftTheGroup(t *testing.T) {
	if !reaperSupported {
		t.Skip("only Linux has child subreapers; elsewhere the process group alone is killed")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("needs setsid")
	}
	for _, tc := range []struct {
		name, command string
		timeout       time.Duration
		want          string
	}{
		{"command exits", escapees, 0, "started\n[exit code 0]"},
		{"command times out", escapees + "\nsleep 60", 2 * time.Second, "started\n[timed out after 2s; the command and its child processes were killed]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, _ := newTestWorkspace(t, nil)
			res := mustRun(t, call(Bash(ctx, ws, tc.command, tc.timeout, []string{"PATH=" + os.Getenv("PATH")})))
			if res.Output != tc.want {
				t.Errorf("got %q, want %q", res.Output, tc.want)
			}
			for _, f := range []string{"a.pid", "b.pid"} {
				waitDead(t, childPID(t, filepath.Join(ws.Root(), f)), ws.Root())
			}
		})
	}
}
