package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigGenerateThenCheck runs a config file's runs as CI would: check
// fails before generate, passes after it, and fails again naming the stale
// file after a schema edit; paths are relative to the config file.
func TestConfigGenerateThenCheck(t *testing.T) {
	dir := t.TempDir()
	writeSchema(t, dir, "api/schemas/thing.json", thing)
	writeSchema(t, dir, "api/schemas/examples/thing-1.json", `{"name": "a"}`)
	writeSchema(t, dir, "build/zerogen.yaml", `# the project's zerogen runs
runs:
  - schemas: ../api/schemas
    out: ../internal/thing
    package: thing
    fixtures: true
    exclude: [examples/]
  - command: ts
    schemas: [../api/schemas]
    out: ../web/types
    exclude: examples
`)
	config := filepath.Join(dir, "build", "zerogen.yaml")
	code, _, errOut := runZerogen("check", "-c", config)
	if code != 1 || !strings.Contains(errOut, "missing: "+filepath.Join(dir, "internal", "thing", "types.go")) ||
		!strings.Contains(errOut, "missing: "+filepath.Join(dir, "web", "types", "schemas.d.ts")) ||
		!strings.HasSuffix(errOut, "zerogen: or run them all: zerogen generate -c "+config+"\n") {
		t.Fatalf("check before generate: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runZerogen("generate", "-c", config); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runZerogen("check", "--config", config); code != 0 {
		t.Fatalf("check after generate: exit %d\n%s", code, errOut)
	}
	writeSchema(t, dir, "api/schemas/thing.json", strings.Replace(thing, `"minLength":1`, `"minLength":2`, 1))
	if code, _, errOut := runZerogen("check", "-c", config); code != 1 || !strings.Contains(errOut, "stale: "+filepath.Join(dir, "web", "types", "schemas.d.ts")) {
		t.Fatalf("check after an edit: exit %d\n%s", code, errOut)
	}
}

// TestConfigErrors refuses a config file that is not one, with exit 2 and
// the file's name.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for body, want := range map[string]string{
		"runs: []\n":                          "no runs",
		"run:\n  - out: x\n":                  `unknown field "run"`,
		"runs:\n  - command: tsx\n":           `runs[0]: unknown command "tsx"`,
		"runs:\n  - out: {a: 1}\n":            "runs[0]: out: want a string, a list of strings, true or false",
		"runs:\n  - old: a\n    new: b\n":     "runs[0]: old and new are for command: compat",
		"runs:\n  - out: x\n    out: y\n":     `line 3, column 5: key "out" written twice`,
		"runs:\n  - schemas: x\n    bogus: 1": "runs[0]: bogus: want a string",
	} {
		path := filepath.Join(dir, "zerogen.yaml")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runZerogen("generate", "-c", path)
		if code != 2 || !strings.HasPrefix(errOut, "zerogen: "+path+": ") || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", body, code, errOut, want)
		}
	}
	// An unknown flag in a run is the command's own usage error.
	os.WriteFile(filepath.Join(dir, "zerogen.yaml"), []byte("runs:\n  - schemas: x\n    bogus: y\n"), 0o644)
	if code, _, errOut := runZerogen("generate", "-c", filepath.Join(dir, "zerogen.yaml")); code != 2 || !strings.Contains(errOut, "unknown flag: --bogus") {
		t.Errorf("unknown flag: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runZerogen("check", "-c", filepath.Join(dir, "nope.yaml")); code != 2 || !strings.Contains(errOut, "nope.yaml: no such file") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
}
