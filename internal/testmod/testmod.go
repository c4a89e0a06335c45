// Package testmod lays out scratch Go modules for tests that build
// generated code: a go.mod that requires this repository's module and
// replaces it with the working tree, and a copy of the repository's go.sum.
//
// The copy matters: without it the go command asks the checksum database
// for every dependency, and a machine that reaches the module proxy but
// not the checksum database fails the build before any test runs.
package testmod

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// Repo is the module path of this repository.
const Repo = "github.com/zeroproject/zero"

// Write writes go.mod and go.sum into dir for a module named name that
// uses the working tree at root (the directory of this repository's go.mod)
// as Repo. It returns the environment for go commands run in dir: module
// mode on, no workspace, and no network beyond the module cache.
func Write(dir, name, root string) ([]string, error) {
	gomod := fmt.Sprintf("module %s\n\ngo 1.26\n\nrequire %s v0.0.0-00010101000000-000000000000\n\nreplace %s => %s\n",
		name, Repo, Repo, strconv.Quote(root))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, fmt.Errorf("copy the repository's go.sum: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off"), nil
}

// Scratch lays out an empty scratch module named name in a new temporary
// directory for a test that builds generated code against the working tree
// at root (a path relative to the test's directory, such as "../.."). It
// skips the test under -short, where nothing is built, and without a go
// command. It returns the module's directory, the environment of go
// commands run there, and the go command.
func Scratch(t testing.TB, name, root string) (dir string, env []string, goBin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs generated packages")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if env, err = Write(dir, name, abs); err != nil {
		t.Fatal(err)
	}
	return dir, env, goBin
}

// WriteFiles writes files (contents by slash-separated path) under dir,
// making the directories they need.
func WriteFiles(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	for name, b := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
