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
	"path/filepath"
	"strconv"
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
