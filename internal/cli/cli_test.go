package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// testEnv returns an Env over buffers with only the given variables.
func testEnv(t *testing.T, stdout *bytes.Buffer, vars map[string]string) (Env, *bytes.Buffer) {
	var stderr bytes.Buffer
	vars["XDG_DATA_HOME"] = t.TempDir()
	return Env{Stdin: strings.NewReader(""), Stdout: stdout, Stderr: &stderr,
		Getenv: func(k string) string { return vars[k] }}, &stderr
}

func TestHelpDocumentsEveryFlag(t *testing.T) {
	(&execFlags{}).flagSet().VisitAll(func(fl *pflag.Flag) {
		if !strings.Contains(execUsage, "--"+fl.Name) {
			t.Errorf("exec help does not document --%s", fl.Name)
		}
		if fl.Shorthand != "" && !strings.Contains(execUsage, "-"+fl.Shorthand+", --"+fl.Name) {
			t.Errorf("exec help does not document -%s", fl.Shorthand)
		}
	})
	for _, section := range []string{"Usage:", "Flags:", "Examples:"} {
		if !strings.Contains(execUsage, section) || !strings.Contains(sessionsUsage, section) {
			t.Errorf("a help text lacks %s", section)
		}
	}
	var out bytes.Buffer
	env, _ := testEnv(t, &out, map[string]string{})
	// The help ends with what this machine offers bash's sandbox.
	code := Run(context.Background(), []string{"exec", "--help"}, env)
	if rest, ok := strings.CutPrefix(out.String(), execUsage); code != 0 || !ok ||
		!strings.HasPrefix(rest, "\nSandbox on this machine:\n") || !strings.Contains(rest, "seccomp filters:") {
		t.Errorf("exec --help: code %d\n%s", code, out.String())
	}
}

func TestTopLevel(t *testing.T) {
	var out bytes.Buffer
	env, stderr := testEnv(t, &out, map[string]string{})
	if code := Run(context.Background(), []string{"--version"}, env); code != 0 || !strings.HasPrefix(out.String(), "zero ") {
		t.Errorf("--version: code %d, %q", code, out.String())
	}
	out.Reset()
	if code := Run(context.Background(), nil, env); code != 2 || out.Len() != 0 || !strings.Contains(stderr.String(), "Usage:") {
		t.Errorf("no arguments: code %d", code)
	}
}

// panicWriter panics on the first write of a line containing trigger.
type panicWriter struct {
	bytes.Buffer
	trigger string
	fired   bool
}

func (w *panicWriter) Write(p []byte) (int, error) {
	if !w.fired && strings.Contains(string(p), w.trigger) {
		w.fired = true
		panic("boom")
	}
	return w.Buffer.Write(p)
}

// TestCrashEndsTheStream makes the run panic in the middle and checks
// exit code 1, the message, and error + run_end on stdout.
func TestCrashEndsTheStream(t *testing.T) {
	w := &panicWriter{trigger: `"type":"tool_result"`}
	var stderr bytes.Buffer
	vars := map[string]string{"XDG_DATA_HOME": t.TempDir()}
	env := Env{Stdin: strings.NewReader(""), Stdout: w, Stderr: &stderr, Getenv: func(k string) string { return vars[k] }}
	code := Run(context.Background(), []string{"exec", "-o", "stream-json", "-C", t.TempDir(), "--provider", "replay", "hi"}, env)
	if code != 1 || !strings.Contains(stderr.String(), "zero: internal error: boom") {
		t.Fatalf("code %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(w.String()), "\n")
	var types []string
	for _, line := range lines {
		var o streamjsonv2.Output
		if err := o.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		types = append(types, o.Value.(interface{ Type() string }).Type())
	}
	got := strings.Join(types, ",")
	if !strings.HasPrefix(got, "run_start,") || !strings.HasSuffix(got, ",error,run_end") {
		t.Errorf("events = %s", got)
	}
	if !strings.Contains(lines[len(lines)-1], `"exitCode":1`) {
		t.Errorf("run_end = %s", lines[len(lines)-1])
	}
}

func TestProviderChoice(t *testing.T) {
	tests := []struct {
		vars  map[string]string
		flags []string
		want  string
		model string
	}{
		{map[string]string{"OPENAI_API_KEY": "a", "ANTHROPIC_API_KEY": "b"}, nil, "openai", "gpt-5"},
		{map[string]string{"ANTHROPIC_API_KEY": "b"}, nil, "anthropic", "claude-sonnet-4-5"},
		{map[string]string{"OPENAI_API_KEY": "a", "ANTHROPIC_API_KEY": "b", "ZERO_PROVIDER": "anthropic"}, nil, "anthropic", "claude-sonnet-4-5"},
		{map[string]string{"ANTHROPIC_API_KEY": "b", "ZERO_PROVIDER": "anthropic", "ZERO_MODEL": "env-model"}, []string{"--provider", "openai", "--model", "flag-model"}, "error", ""},
		{map[string]string{"OPENAI_API_KEY": "a", "ZERO_MODEL": "env-model"}, nil, "openai", "env-model"},
		{map[string]string{"OPENAI_API_KEY": "a", "ZERO_MODEL": "env-model"}, []string{"-m", "flag-model"}, "openai", "flag-model"},
		{map[string]string{"OPENAI_BASE_URL": "http://localhost:11434/v1"}, []string{"--provider", "openai"}, "openai", "gpt-5"},
		{map[string]string{}, []string{"--replay", "nope.json"}, "error", ""},
		{map[string]string{}, []string{"--provider", "replay"}, "replay", "replay-demo"},
		{map[string]string{"ZERO_PROVIDER": "acme"}, nil, "error", ""},
		{map[string]string{}, nil, "error", ""},
	}
	for _, tt := range tests {
		f, err := parseExecFlags(tt.flags)
		if err != nil {
			t.Fatal(err)
		}
		c, err := chooseProvider(f, func(k string) string { return tt.vars[k] })
		got, model := c.name, ""
		if err != nil {
			got = "error"
		} else {
			c.build(func(k string) string { return tt.vars[k] })
			model = c.model
		}
		if got != tt.want || model != tt.model {
			t.Errorf("%v %v: provider %s model %q (%v), want %s %q", tt.vars, tt.flags, got, model, err, tt.want, tt.model)
		}
	}
}
