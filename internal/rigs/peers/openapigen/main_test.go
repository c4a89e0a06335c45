package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAPIUpToDate rebuilds every OpenAPI document that the rig's
// generate directives (in ../doc.go) name and compares it with the one
// committed, so that a schema change cannot leave ogen's input behind
// unnoticed. (ogen's output follows from it by go generate.)
func TestOpenAPIUpToDate(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(src), "\n") {
		args, ok := strings.CutPrefix(line, "//go:generate go run ./openapigen ")
		if !ok {
			continue
		}
		n++
		var schemas, family, out string
		var roots []string
		f := strings.Fields(args)
		for i := 0; i+1 < len(f); i += 2 {
			switch f[i] {
			case "-schemas":
				schemas = f[i+1]
			case "-family":
				family = f[i+1]
			case "-root":
				roots = append(roots, f[i+1])
			case "-out":
				out = f[i+1]
			default:
				t.Fatalf("go:generate line %q: unknown flag %s", line, f[i])
			}
		}
		// The go:generate lines run in the rig's directory, one above.
		want, err := build(filepath.Join("..", schemas, filepath.FromSlash(family)), family, roots)
		if err != nil {
			t.Fatalf("%s: %v", family, err)
		}
		got, err := os.ReadFile(filepath.Join("..", out))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what openapigen writes from schema/%s: run go generate in internal/rigs/peers", out, family)
		}
	}
	if n == 0 {
		t.Fatal("no go:generate line runs openapigen")
	}
}
