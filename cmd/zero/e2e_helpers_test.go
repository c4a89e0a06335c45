package main

// End-to-end tests: TestMain builds the zero binary once, and each test runs
// it with os/exec the way a user or a client would, against the fake vendor
// servers of internal/provider/providertest (OPENAI_BASE_URL,
// ANTHROPIC_BASE_URL), with fake keys and a temporary XDG_DATA_HOME. Every
// stream-json line is decoded with the generated decoder of its version.
//
//	go test ./cmd/zero/

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

// zeroBin is the binary TestMain built.
var zeroBin string

func TestMain(m *testing.M) {
	if spawnMeasured() || fakeMCPServer() {
		return
	}
	dir, err := os.MkdirTemp("", "zero-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	zeroBin = filepath.Join(dir, "zero")
	if out, err := exec.Command("go", "build", "-o", zeroBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	problems, summary := undeclaredCodes()
	if code == 0 && len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: undeclared codes (see e2e_codes_test.go):\n  %s\n", strings.Join(problems, "\n  "))
		code = 1
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "codes the binary wrote: %s\n", summary)
	}
	os.Exit(code)
}

// zeroEnv is a sandbox for one test: a home, a session directory, a
// workspace holding README.md and docs/guide.txt, and the environment.
type zeroEnv struct {
	t    *testing.T
	data string // XDG_DATA_HOME
	ws   string // the workspace, the command's working directory
	vars map[string]string
}

func newZeroEnv(t *testing.T) *zeroEnv {
	t.Helper()
	root := t.TempDir()
	z := &zeroEnv{t: t, data: filepath.Join(root, "data"), ws: filepath.Join(root, "ws")}
	mustWrite(t, filepath.Join(z.ws, "README.md"), "# Zero test workspace\n")
	mustWrite(t, filepath.Join(z.ws, "docs", "guide.txt"), "the guide says hello\n")
	z.vars = map[string]string{
		"HOME":          filepath.Join(root, "home"),
		"XDG_DATA_HOME": z.data,
		"PATH":          os.Getenv("PATH"),
	}
	return z
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// serve starts a fake vendor server and points the environment at it with
// a fake key.
func (z *zeroEnv) serve(d *providertest.Dialect, script ...providertest.Response) *providertest.Server {
	srv := providertest.NewServer(script...)
	z.t.Cleanup(srv.Close)
	switch d {
	case providertest.OpenAI:
		z.vars["OPENAI_BASE_URL"] = srv.URL + "/v1"
		z.vars["OPENAI_API_KEY"] = "sk-test-openai-fake"
	case providertest.Anthropic:
		z.vars["ANTHROPIC_BASE_URL"] = srv.URL
		z.vars["ANTHROPIC_API_KEY"] = "sk-ant-test-fake"
	}
	return srv
}

func (z *zeroEnv) environ() []string {
	var env []string
	for k, v := range z.vars {
		env = append(env, k+"="+v)
	}
	return env
}

// result is what one run of zero did.
type result struct {
	stdout, stderr string
	code           int
}

// command returns the zero command with args, in the workspace.
func (z *zeroEnv) command(ctx context.Context, stdin string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, zeroBin, args...)
	cmd.Dir = z.ws
	cmd.Env = z.environ()
	cmd.Stdin = strings.NewReader(stdin)
	return cmd
}

// run runs zero with args and stdin and waits for it.
func (z *zeroEnv) run(stdin string, args ...string) result {
	z.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := z.command(ctx, stdin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := result{stdout: out.String(), stderr: errb.String(), code: cmd.ProcessState.ExitCode()}
	observe(z.t, res.stdout)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		z.t.Fatalf("zero %v: %v", args, err)
	}
	return res
}

// exec runs `zero exec args...`.
func (z *zeroEnv) exec(args ...string) result {
	z.t.Helper()
	return z.run("", append([]string{"exec"}, args...)...)
}

// event is one decoded stream-json event of either version.
type event struct {
	typ   string
	runID string
	v     any // *streamjsonv2.Text, *streamjsonv1.Text, ...
}

// lines splits stdout into its lines, which must all end in a newline.
func lines(t *testing.T, stdout string) []string {
	t.Helper()
	if stdout == "" {
		return nil
	}
	if !strings.HasSuffix(stdout, "\n") {
		t.Errorf("stdout does not end with a newline: %q", stdout)
	}
	return strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
}

// decodeV2 decodes every stdout line with the generated v2 Output decoder.
func decodeV2(t *testing.T, stdout string) []event {
	t.Helper()
	var evs []event
	for i, line := range lines(t, stdout) {
		var o streamjsonv2.Output
		if err := o.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("stdout line %d is not a v2 event: %v\n%s", i+1, err, line)
		}
		evs = append(evs, newEvent(o.Value))
	}
	return evs
}

// decodeV1 decodes every stdout line with the generated v1 Output decoder.
func decodeV1(t *testing.T, stdout string) []event {
	t.Helper()
	var evs []event
	for i, line := range lines(t, stdout) {
		var o streamjsonv1.Output
		if err := o.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("stdout line %d is not a v1 event: %v\n%s", i+1, err, line)
		}
		evs = append(evs, newEvent(o.Value))
	}
	return evs
}

func newEvent(v any) event {
	typ := v.(interface{ Type() string }).Type()
	return event{typ: typ, runID: reflect.ValueOf(v).Elem().FieldByName("RunID").String(), v: v}
}

// checkStream checks the protocol's rules on a run's events: run_start
// first (when the run started), one run_end, last, with the process's exit
// code, every error followed by run_end, one runId throughout.
func checkStream(t *testing.T, evs []event, started bool, code int) {
	t.Helper()
	if len(evs) == 0 {
		t.Fatal("no events")
	}
	if started && evs[0].typ != "run_start" {
		t.Errorf("first event is %s, want run_start", evs[0].typ)
	}
	ends := 0
	for i, e := range evs {
		if e.runID != evs[0].runID {
			t.Errorf("event %d has runId %s, want %s", i, e.runID, evs[0].runID)
		}
		switch e.typ {
		case "run_end":
			ends++
		case "error":
			if i+1 >= len(evs) || evs[i+1].typ != "run_end" {
				t.Errorf("error event %d is not followed by run_end", i)
			}
		}
	}
	last := evs[len(evs)-1]
	if ends != 1 || last.typ != "run_end" {
		t.Fatalf("%d run_end events, last event %s; want exactly one run_end, last", ends, last.typ)
	}
	if got := reflect.ValueOf(last.v).Elem().FieldByName("ExitCode").Int(); got != int64(code) {
		t.Errorf("run_end exitCode %d, process exit code %d", got, code)
	}
}

// types lists the event types, comma-separated.
func types(evs []event) string {
	var ts []string
	for _, e := range evs {
		ts = append(ts, e.typ)
	}
	return strings.Join(ts, ",")
}

// find returns the events of type typ.
func find[T any](evs []event) []T {
	var out []T
	for _, e := range evs {
		if v, ok := e.v.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// streamV2 runs zero exec -o stream-json and checks the stream.
func (z *zeroEnv) streamV2(wantCode int, args ...string) ([]event, result) {
	z.t.Helper()
	res := z.exec(append([]string{"-o", "stream-json"}, args...)...)
	if res.code != wantCode {
		z.t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", res.code, wantCode, res.stdout, res.stderr)
	}
	evs := decodeV2(z.t, res.stdout)
	checkStream(z.t, evs, true, res.code)
	return evs, res
}

// errorEvent returns the run's single error event.
func errorEvent(t *testing.T, evs []event) *streamjsonv2.Error {
	t.Helper()
	errs := find[*streamjsonv2.Error](evs)
	if len(errs) != 1 {
		t.Fatalf("%d error events, want 1: %s", len(errs), types(evs))
	}
	return errs[0]
}

// finalText returns the final event's text.
func finalText(t *testing.T, evs []event) string {
	t.Helper()
	fs := find[*streamjsonv2.Final](evs)
	if len(fs) != 1 {
		t.Fatalf("%d final events: %s", len(fs), types(evs))
	}
	return fs[0].Text
}

// deltas joins the text deltas.
func deltas(evs []event) string {
	var b strings.Builder
	for _, tx := range find[*streamjsonv2.Text](evs) {
		b.WriteString(tx.Delta)
	}
	return b.String()
}
