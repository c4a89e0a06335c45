package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestOrdersExample builds and runs the example module examples/orders,
// which adopts zerogen from outside this module: in a copy whose replace
// directive points at this working tree, offline (GOPROXY=off, its own
// go.sum), it runs the drift check of its zerogen.yaml through `go tool
// zerogen`, vets it and runs its tests (an HTTP handler answering 422
// with the violation's JSON Pointer, a user type, a named scalar).
func TestOrdersExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the example module")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "examples", "orders")
	dir := t.TempDir()
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			replace := regexp.MustCompile(`(?m)^replace github.com/zeroproject/zero => \S+$`)
			if !replace.Match(b) {
				t.Fatal("examples/orders/go.mod has no replace directive for this module")
			}
			b = replace.ReplaceAll(b, []byte("replace github.com/zeroproject/zero => "+strconv.Quote(root)))
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	for _, args := range [][]string{
		{"tool", "zerogen", "check"},
		{"vet", "./..."},
		{"test", "-count=1", "./..."},
	} {
		cmd := exec.Command(goBin, args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %v in examples/orders: %v\n%s\n(after a change to this module's requirements, run go mod tidy in examples/orders)", args, err, out)
		}
	}
}
