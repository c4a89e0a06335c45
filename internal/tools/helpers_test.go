package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newTestWorkspace creates a workspace in a fresh directory holding files
// (slash path → content; a path ending in "/" is an empty directory) and
// returns it with a sibling directory outside the root.
func newTestWorkspace(t *testing.T, files map[string]string) (ws *Workspace, outside string) {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "root")
	outside = filepath.Join(base, "outside")
	mkdirs(t, root, outside)
	writeTree(t, root, files)
	writeTree(t, outside, map[string]string{"secret.txt": "outside secret\n", "dir/secret.txt": "outside secret\n"})
	ws, err = NewWorkspace(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws, outside
}

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			mkdirs(t, p)
			continue
		}
		mkdirs(t, filepath.Dir(p))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func readBack(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// outcome is a tool call's return values, so tests can write
// wantOK(t, call(ReadFile(...))).
type outcome struct {
	res Result
	err error
}

func call(res Result, err error) outcome { return outcome{res, err} }

// mustRun fails the test on an internal error and returns the result.
func mustRun(t *testing.T, o outcome) Result {
	t.Helper()
	res, err := o.res, o.err
	if err != nil {
		t.Fatalf("internal error: %v", err)
	}
	if len(res.Output) > MaxOutputBytes {
		t.Fatalf("output is %d bytes, over MaxOutputBytes", len(res.Output))
	}
	return res
}

// wantOK fails unless res is a success and returns its output.
func wantOK(t *testing.T, o outcome) string {
	t.Helper()
	res := mustRun(t, o)
	if res.IsError {
		t.Fatalf("unexpected error result: %s", res.Output)
	}
	return res.Output
}

// wantError fails unless res is an error result mentioning every part.
func wantError(t *testing.T, o outcome, parts ...string) {
	t.Helper()
	res := mustRun(t, o)
	if !res.IsError {
		t.Fatalf("want error result, got success: %q", res.Output)
	}
	for _, p := range parts {
		if !strings.Contains(res.Output, p) {
			t.Errorf("error %q does not mention %q", res.Output, p)
		}
	}
}

var ctx = context.Background()
