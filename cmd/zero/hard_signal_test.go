package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// signalPoint is a moment of a run at which a signal arrives.
type signalPoint struct {
	name string
	// stdinOpen runs with stream-json input on a stdin that stays open.
	stdinOpen bool
	script    []pt.Response
	args      []string
	// reached blocks until the run is at the point.
	reached func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server)
	// resumeWants are in the request of the run that resumes the session.
	resumeWants []string
}

// sleepMarker is in the command line of the bash tool's sleep, so the test
// can tell whether it outlived zero.
const sleepMarker = "31.4159"

func signalPoints() []signalPoint {
	hello := pt.OpenAI.Stream(pt.Text("Hello there, ", "still ", "thinking"))
	waitRequests := func(n int) func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) {
		return func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) {
			eventually(t, "the request", func() bool { return len(srv.Requests()) >= n })
		}
	}
	backoff := pt.OpenAI.Error(http.StatusServiceUnavailable, "busy")
	backoff.Header.Set("Retry-After", "30")
	bash := `{"command":"touch started; sleep ` + sleepMarker + `"}`
	return []signalPoint{
		{name: "while reading stdin", stdinOpen: true,
			reached: func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) { waitReadingStdin(t, p.cmd.Process.Pid) }},
		{name: "before the provider answers", script: []pt.Response{{Wait: time.Minute}},
			reached: waitRequests(1), resumeWants: []string{"interrupt me"}},
		{name: "during the backoff before a retry", script: []pt.Response{backoff},
			reached: func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) {
				waitRequests(1)(t, z, p, srv)
				time.Sleep(200 * time.Millisecond)
			}, resumeWants: []string{"interrupt me"}},
		{name: "mid-stream", script: []pt.Response{pt.HangAfter(hello, 3)},
			reached:     func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) { p.waitFor(`"type":"text"`) },
			resumeWants: []string{"interrupt me", "Hello there, "}},
		{name: "during a bash tool call that sleeps", args: []string{"--skip-permissions-unsafe"},
			script: []pt.Response{pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_sleep", Name: "bash", Args: []string{bash}}))},
			reached: func(t *testing.T, z *zeroEnv, p *started, srv *pt.Server) {
				eventually(t, "bash to start", func() bool {
					_, err := os.Stat(filepath.Join(z.ws, "started"))
					return err == nil
				})
			}, resumeWants: []string{"interrupt me", "call_sleep", "canceled"}},
	}
}

// TestSignals sends SIGINT and SIGTERM at every point of a run. zero must
// exit with 130 after writing an error event with code interrupted and
// run_end, leave no child process behind, and leave a complete session log
// that a later --resume continues, sending the earlier conversation.
func TestSignals(t *testing.T) {
	for _, sp := range signalPoints() {
		t.Run(sp.name, func(t *testing.T) {
			for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
				checkSignal(t, sp, sig)
			}
			reportCase(t, "fault", "signal: SIGINT and SIGTERM "+sp.name, nil)
		})
	}
}

func checkSignal(t *testing.T, sp signalPoint, sig syscall.Signal) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, sp.script...)
	args := append([]string{"exec", "-o", "stream-json"}, sp.args...)
	var stdin io.Reader = strings.NewReader("")
	if sp.stdinOpen {
		r, w, err := os.Pipe() // an *os.File: the child gets it, no copying goroutine
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Close(); r.Close() })
		stdin, args = r, append(args, "--input-format", "stream-json")
	} else {
		args = append(args, "interrupt me")
	}
	p := z.start(stdin, args...)
	sp.reached(t, z, p, srv)
	stdout, code := p.signal(sig)
	evs := decodeV2(t, stdout)
	checkStream(t, evs, !sp.stdinOpen, code)
	name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[sig]
	if e := errorEvent(t, evs); code != 130 || e.Code != "interrupted" || string(e.Message) != "interrupted by "+name {
		t.Errorf("%s: exit %d, error %+v", name, code, e)
	}
	if strings.Contains(processes(), sleepMarker) {
		t.Errorf("%s: the bash command outlived zero", name)
	}
	if sp.stdinOpen {
		return
	}
	id := sessionID(evs)
	completeLog(t, z, id, 130)
	next := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("resumed")))
	again, _ := z.streamV2(0, "--resume", id, "go on")
	if finalText(t, again) != "resumed" {
		t.Errorf("%s: resumed run: %s", name, types(again))
	}
	body := string(next.Requests()[0].Body)
	for _, want := range append(sp.resumeWants, "go on") {
		if !strings.Contains(body, want) {
			t.Errorf("%s: the resumed request lacks %q:\n%.3000s", name, want, body)
		}
	}
	completeLog(t, z, id, 0)
}

// processes returns the command lines of every process, one per line.
func processes() string {
	var b strings.Builder
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); err == nil {
			b.Write(cmd)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestKilledRunResumes kills zero with SIGKILL in the middle of a stream,
// so nothing is cleaned up: no run_end is written and the lock file stays.
// Every line of the log must still be whole, and a resumed run must work
// and send the earlier conversation.
func TestKilledRunResumes(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.HangAfter(pt.OpenAI.Stream(pt.Text("Hello there, ", "more")), 3))
	p := z.start(strings.NewReader(""), "exec", "-o", "stream-json", "kill me")
	p.waitFor(`"type":"text"`)
	var start streamjsonv2.Output
	if err := start.UnmarshalJSON([]byte(p.lines[0])); err != nil {
		t.Fatal(err)
	}
	p.signal(syscall.SIGKILL)
	id := string(start.Value.(*streamjsonv2.RunStart).SessionID)
	if got := recordTypes(sessionLog(t, z, id)); got != "run_start,user" {
		t.Errorf("records after SIGKILL: %s", got)
	}
	next := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("resumed")))
	evs, _ := z.streamV2(0, "--resume", id, "go on")
	if finalText(t, evs) != "resumed" || !strings.Contains(string(next.Requests()[0].Body), "kill me") {
		t.Errorf("resumed run: %s", types(evs))
	}
	completeLog(t, z, id, 0)
	reportCase(t, "fault", "signal: SIGKILL mid-stream, then resume", nil)
}

// waitReadingStdin waits until a thread of process pid is blocked reading
// its standard input (Linux: /proc/PID/task/*/syscall starts with "0 0x0",
// read on fd 0), so a signal arrives while zero waits for input, not while
// it starts. Without /proc it waits half a second.
func waitReadingStdin(t *testing.T, pid int) {
	t.Helper()
	if _, err := os.Stat("/proc/self/task"); err != nil {
		time.Sleep(500 * time.Millisecond)
		return
	}
	eventually(t, "zero to read stdin", func() bool {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/syscall", pid))
		for _, task := range tasks {
			if b, err := os.ReadFile(task); err == nil && strings.HasPrefix(string(b), "0 0x0 ") {
				return true
			}
		}
		return false
	})
}
