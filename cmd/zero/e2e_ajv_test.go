package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestStreamValidWithAjv writes the stream-json output of several runs in
// both protocol versions to files and validates every line with ajv in
// strict mode (clients/js/validate-stream.mjs), as a JavaScript client
// would. It needs node and clients/js/node_modules (make test-js installs
// them).
func TestStreamValidWithAjv(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("skipping the ajv check: node is not on PATH")
	}
	jsDir, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js"))
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules", "ajv")); err != nil {
		t.Skip("skipping the ajv check: clients/js/node_modules is missing (run 'npm ci' in clients/js)")
	}
	out := t.TempDir()
	for _, version := range []string{"1", "2"} {
		path := filepath.Join(out, "v"+version+".jsonl")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range ajvRuns(t) {
			res := run.z.exec(append([]string{"-o", "stream-json", "--schema-version", version}, run.args...)...)
			f.WriteString(res.stdout)
		}
		f.Close()
		cmd := exec.Command(node, filepath.Join(jsDir, "validate-stream.mjs"), "--version", version, path)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("ajv rejects version %s output: %v\n%s", version, err, b)
		} else {
			t.Logf("version %s: %s", version, b)
		}
	}
}

type ajvRun struct {
	z    *zeroEnv
	args []string
}

// ajvRuns sets up runs that between them write every kind of event.
func ajvRuns(t *testing.T) []ajvRun {
	reasoning := newZeroEnv(t)
	reasoning.serve(pt.OpenAI,
		pt.OpenAI.Stream(pt.Turn{Reasoning: []string{"hmm"}, Text: []string{"Let me look."}, Usage: pt.Usage{Input: 9, Output: 4},
			Calls: []pt.Call{
				{ID: "call_1", Name: "read_file", Args: []string{`{"path":"README.md"}`}},
				{ID: "call_2", Name: "write_file", Args: []string{`{"path":"x","content":"y"}`}},
				{ID: "bad id!", Name: "mystery", Args: []string{`not json`}},
			}}),
		pt.OpenAI.Stream(pt.Text("Done.")))
	failing := newZeroEnv(t)
	failing.serve(pt.OpenAI, pt.OpenAI.Malformed(pt.Text("a", "b")))
	unsafe := newZeroEnv(t)
	unsafe.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("ok")))
	offline := newZeroEnv(t)
	return []ajvRun{
		{reasoning, []string{"look around"}},
		{failing, []string{"fail"}},
		{unsafe, []string{"--skip-permissions-unsafe", "hi"}},
		{offline, []string{"--provider", "replay", "demo"}},
		{offline, []string{"--list-tools"}},
		{offline, []string{"no key"}},
		{offline, []string{"--max-turns", "1", "--provider", "replay", "demo"}},
	}
}
