package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSubcommandUsage(t *testing.T) {
	code, out, _ := runZerogen("--help")
	if code != 0 || !strings.Contains(out, "zerogen bundle") || !strings.Contains(out, "zerogen compat") {
		t.Errorf("--help does not list the subcommands: %d %q", code, out)
	}
	for _, name := range []string{"bundle", "ts", "docs", "compat", "upgrade"} {
		code, out, _ := runZerogen(name, "--help")
		if code != 0 || !strings.HasPrefix(out, "Usage:\n  zerogen "+name) || !strings.Contains(out, "Examples:") {
			t.Errorf("%s --help: %d %q", name, code, out)
		}
		for _, args := range [][]string{{name, "--bogus"}, {name, "a", "b", "c"}} {
			code, out, errOut := runZerogen(args...)
			if code != 2 || out != "" || !strings.HasPrefix(errOut, "zerogen: ") || !strings.Contains(errOut, "--help") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and a zerogen: message", args, code, out, errOut)
			}
		}
	}
}

// projectSchemas copies the repository's schema sets to a temporary
// directory, so that tests may edit them.
func projectSchemas(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, pattern := range []string{"../../schema/*/v*/*.json"} {
		names, _ := filepath.Glob(pattern)
		for _, name := range names {
			rel, _ := filepath.Rel("../../schema", name)
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			writeSchema(t, dir, rel, string(data))
		}
	}
	return dir
}

// TestOwnedOutput runs each writing subcommand, then --check: clean after
// writing, and naming a stale, a missing and an extra file after edits.
func TestOwnedOutput(t *testing.T) {
	schemas := projectSchemas(t)
	for _, name := range []string{"bundle", "ts", "docs"} {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{name, "--schemas", schemas, "--out", out}
			if code, _, errOut := runZerogen(args...); code != 0 {
				t.Fatalf("write: %d %s", code, errOut)
			}
			if code, _, errOut := runZerogen(append(args, "--check")...); code != 0 {
				t.Fatalf("check after write: %d %s", code, errOut)
			}
			have, _ := ownedFiles(out)
			if len(have) < 2 {
				t.Fatalf("wrote only %v", have)
			}
			var first string
			for n := range have {
				if first == "" || n < first {
					first = n
				}
			}
			os.Remove(filepath.Join(out, first))
			os.WriteFile(filepath.Join(out, "extra.txt"), []byte("x"), 0o644)
			code, _, errOut := runZerogen(append(args, "--check")...)
			if code != 1 || !strings.Contains(errOut, "missing: ") || !strings.Contains(errOut, "no longer generated: ") || !strings.Contains(errOut, "make generate") {
				t.Fatalf("check after edits: %d %s", code, errOut)
			}
			if code, _, errOut := runZerogen(args...); code != 0 {
				t.Fatalf("rewrite: %d %s", code, errOut)
			}
			if _, err := os.Stat(filepath.Join(out, "extra.txt")); !os.IsNotExist(err) {
				t.Error("an extra file was left behind")
			}
			writeSchema(t, schemas, "tools/v1/bash.json", strings.Replace(readFile(t, filepath.Join(schemas, "tools/v1/bash.json")), "\"description\": \"", "\"description\": \"Changed. ", 1))
			defer writeSchema(t, schemas, "tools/v1/bash.json", readFile(t, "../../schema/tools/v1/bash.json"))
			code, _, errOut = runZerogen(append(args, "--check")...)
			if code != 1 || !strings.Contains(errOut, "stale: ") {
				t.Fatalf("check after a schema edit: %d %s", code, errOut)
			}
		})
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestBundleErrorNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	writeSchema(t, dir, "fam/v1/a.json", `{"$id":"https://x.test/fam/v1/a.json","title":"A","$ref":"missing.json"}`)
	code, _, errOut := runZerogen("bundle", "--schemas", dir, "--out", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(errOut, "zerogen: ") || !strings.Contains(errOut, "missing.json") {
		t.Fatalf("got %d %s", code, errOut)
	}
	code, _, errOut = runZerogen("bundle", "--schemas", filepath.Join(dir, "fam"), "--out", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(errOut, "no FAMILY/vN directories") {
		t.Fatalf("a version directory as --schemas: %d %s", code, errOut)
	}
}
