package main

// Helpers of the hardening tests (hard_*_test.go): hostile input, leaked
// secrets, provider and storage faults, signals and workspace escapes,
// each driven through the zero binary. Every case is recorded with
// soak.Record; `make hardening-report` turns the records into
// reports/hardening.md.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/rigs/soak"
)

// reportCase records whether the case held, for reports/hardening.md (see
// package soak).
func reportCase(t *testing.T, kind, name string, fields map[string]any) {
	soak.Record(t, kind, name, fields)
}

// full is the outcome of a run, with the child's peak resident memory.
type full struct {
	result
	maxRSS int64 // bytes
}

// rssEnv names the file a spawner process writes zero's peak RSS to.
const rssEnv = "ZERO_TEST_RSS_OUT"

// spawnMeasured is the spawner mode of the test binary, which TestMain
// enters when rssEnv is set: it runs os.Args[1:] with the same standard
// streams, writes the child's peak RSS in bytes to the file rssEnv names,
// and exits with the child's exit code.
//
// Why a spawner: Linux counts in a child's ru_maxrss the resident memory of
// the process that spawned it (os/exec uses vfork, and exec keeps the old
// memory's high-water mark), so a child of the test process, which holds
// big test inputs, would look as big as the test. The spawner is a freshly
// started test binary of a few MiB, so the figure is zero's own peak, or
// the spawner's few MiB when zero stays below them.
func spawnMeasured() bool {
	out := os.Getenv(rssEnv)
	if out == "" {
		return false
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		fmt.Fprintln(os.Stderr, "spawner:", err)
		os.Exit(125)
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	os.WriteFile(out, []byte(strconv.FormatInt(rss, 10)), 0o644)
	os.Exit(cmd.ProcessState.ExitCode())
	return true
}

// runFed runs zero with args while feed writes its stdin (feed may stop
// early: zero need not read everything), and waits for it under timeout.
// It measures zero's peak RSS through a spawner (see spawnMeasured).
func (z *zeroEnv) runFed(timeout time.Duration, feed func(w io.Writer), args ...string) full {
	z.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	self, err := os.Executable()
	if err != nil {
		z.t.Fatal(err)
	}
	rssFile := filepath.Join(z.t.TempDir(), "rss")
	cmd := exec.CommandContext(ctx, self, append([]string{zeroBin}, args...)...)
	cmd.Dir = z.ws
	cmd.Env = append(z.environ(), rssEnv+"="+rssFile)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		z.t.Fatal(err)
	}
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		z.t.Fatal(err)
	}
	fed := make(chan struct{})
	go func() {
		defer close(fed)
		feed(stdin)
		stdin.Close()
	}()
	err = cmd.Wait()
	<-fed
	if ctx.Err() != nil {
		z.t.Fatalf("zero %v did not finish within %v", args, timeout)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		z.t.Fatalf("zero %v: %v", args, err)
	}
	f := full{result: result{stdout: out.String(), stderr: errb.String(), code: cmd.ProcessState.ExitCode()}}
	observe(z.t, f.stdout)
	b, err := os.ReadFile(rssFile)
	if err != nil {
		z.t.Fatalf("zero %v: no peak RSS: %v\nstderr: %.500s", args, err, f.stderr)
	}
	f.maxRSS, _ = strconv.ParseInt(string(b), 10, 64)
	return f
}

// repeatWriter writes unit until n bytes were written or the reader is
// gone.
func repeatWriter(unit string, n int64) func(w io.Writer) {
	return func(w io.Writer) {
		block := []byte(strings.Repeat(unit, max(1, (64<<10)/len(unit))))
		for n > 0 {
			b := block[:min(int64(len(block)), n)]
			if _, err := w.Write(b); err != nil {
				return
			}
			n -= int64(len(b))
		}
	}
}

// sessionsDir is where the sandbox keeps sessions.
func (z *zeroEnv) sessionsDir() string { return filepath.Join(z.data, "zero", "sessions") }

// sessionLog decodes every line of a session's events.jsonl with the
// generated SessionRecord decoder; the file must end with a newline.
func sessionLog(t *testing.T, z *zeroEnv, id string) []sessionv1.SessionRecord {
	t.Helper()
	path := filepath.Join(z.sessionsDir(), id, "events.jsonl")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("session log: %v", err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Errorf("%s does not end with a newline", path)
	}
	var recs []sessionv1.SessionRecord
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" && len(b) == 0 {
			break
		}
		var rec sessionv1.SessionRecord
		if err := rec.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("%s:%d does not decode: %v\n%s", path, i+1, err, line)
		}
		recs = append(recs, rec)
	}
	return recs
}

// completeLog checks that a session's log decodes and that its last record
// is the run_end of a run that exited with code.
func completeLog(t *testing.T, z *zeroEnv, id string, code int) []sessionv1.SessionRecord {
	t.Helper()
	recs := sessionLog(t, z, id)
	if len(recs) == 0 {
		t.Fatalf("session %s has no records", id)
	}
	end, ok := recs[len(recs)-1].Value.(*sessionv1.RunEndRecord)
	if !ok || end.ExitCode != int64(code) {
		t.Errorf("the last record of session %s is %T %+v, want run_end with exit code %d", id, recs[len(recs)-1].Value, recs[len(recs)-1].Value, code)
	}
	return recs
}

// recordTypes lists the record types, comma-separated.
func recordTypes(recs []sessionv1.SessionRecord) string {
	var ts []string
	for _, r := range recs {
		ts = append(ts, r.Value.(interface{ Type() string }).Type())
	}
	return strings.Join(ts, ",")
}

// dataFiles returns the contents of every file under the sandbox's data
// directory (the session store), by path.
func dataFiles(t *testing.T, z *zeroEnv) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(z.data, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(path)
			files[path] = string(b)
		}
		return nil
	})
	return files
}

// closedPort returns a local address that refuses connections.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// silentServer accepts connections and never answers; it counts them.
type silentServer struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newSilentServer(t *testing.T) *silentServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &silentServer{Listener: l}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go io.Copy(io.Discard, c) // read the request, say nothing
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, c := range s.conns {
			c.Close()
		}
	})
	return s
}

// started is a zero process whose stdout is read line by line.
type started struct {
	t     *testing.T
	cmd   *exec.Cmd
	sc    *bufio.Scanner
	lines []string
	err   strings.Builder
}

// start starts zero with args and stdin, without waiting.
func (z *zeroEnv) start(stdin io.Reader, args ...string) *started {
	z.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	z.t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, zeroBin, args...)
	cmd.Dir = z.ws
	cmd.Env = z.environ()
	cmd.Stdin = stdin
	p := &started{t: z.t, cmd: cmd}
	cmd.Stderr = &p.err
	out, err := cmd.StdoutPipe()
	if err != nil {
		z.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		z.t.Fatal(err)
	}
	p.sc = bufio.NewScanner(out)
	p.sc.Buffer(nil, 64<<20)
	return p
}

// waitFor reads stdout until a line contains s.
func (p *started) waitFor(s string) {
	p.t.Helper()
	for p.sc.Scan() {
		p.lines = append(p.lines, p.sc.Text())
		if strings.Contains(p.sc.Text(), s) {
			return
		}
	}
	p.t.Fatalf("stdout ended without %q: %q\nstderr: %s", s, p.lines, p.err.String())
}

// finish reads the rest of stdout and waits for the exit.
func (p *started) finish() (stdout string, code int) {
	for p.sc.Scan() {
		p.lines = append(p.lines, p.sc.Text())
	}
	p.cmd.Wait()
	observe(p.t, strings.Join(p.lines, "\n"))
	if len(p.lines) == 0 {
		return "", p.cmd.ProcessState.ExitCode()
	}
	return strings.Join(p.lines, "\n") + "\n", p.cmd.ProcessState.ExitCode()
}

// signal sends sig and finishes.
func (p *started) signal(sig os.Signal) (string, int) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
	return p.finish()
}

// eventually polls cond every 10ms for up to 10s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}
