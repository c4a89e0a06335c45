package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDialectFlags covers --default-dialect, --allow-keyword and --root.
func TestDialectFlags(t *testing.T) {
	dir := t.TempDir()
	// No $schema: read as draft-07 with --default-dialect, where items as
	// an array is a tuple and "definitions" holds the named schemas.
	writeSchema(t, dir, "line.json", `{"title":"Line","type":"array","items":[{"$ref":"#/definitions/n"},{"$ref":"#/definitions/n"}],
		"additionalItems":false,"definitions":{"n":{"type":"number","minimum":-180,"maximum":180}},"x-note":1,"vendorHint":true}`)
	writeSchema(t, dir, "anything.json", `{"description":"any value"}`)
	out := filepath.Join(dir, "out")

	code, _, errOut := runZerogen("--schemas", dir, "--out", out, "--package", "p", "--default-dialect", "draft-07")
	if code != 1 || !strings.Contains(errOut, `unknown keyword "vendorHint"`) || !strings.Contains(errOut, "--allow-keyword vendorHint") {
		t.Fatalf("unknown keyword: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runZerogen("--schemas", dir, "--out", out, "--package", "p", "--default-dialect", "draft-07",
		"--allow-keyword", "vendorHint", "--root", "anything.json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	types, err := os.ReadFile(filepath.Join(out, "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"type Line struct", "type Anything struct"} {
		if !strings.Contains(string(types), want) {
			t.Errorf("types.go lacks %q", want)
		}
	}

	// Read as 2020-12 (the default), the same file is refused by name.
	code, _, errOut = runZerogen("--schemas", dir, "--out", out, "--package", "p", "--allow-keyword", "vendorHint", "--check")
	if code != 1 || !strings.Contains(errOut, `keyword "additionalItems" is not part of 2020-12`) {
		t.Errorf("2020-12: exit %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{{"--default-dialect", "draft-05"}, {"--root", "missing.json"}} {
		code, _, errOut = runZerogen(append([]string{"--schemas", dir, "--out", out, "--package", "p"}, args...)...)
		if code != 2 || !strings.HasPrefix(errOut, "zerogen: ") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

// TestRefDir reads a $ref to a URL outside the schema files from the
// directory --ref-dir maps it to, and refuses one it does not map.
func TestRefDir(t *testing.T) {
	dir, vendored := t.TempDir(), t.TempDir()
	writeSchema(t, dir, "order.json", `{"title":"Order","type":"object","properties":{"id":{"$ref":"https://example.invalid/common/id.json"}}}`)
	if err := os.MkdirAll(filepath.Join(vendored, "common"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeSchema(t, vendored, "common/id.json", `{"type":"string","maxLength":8}`)
	out := filepath.Join(dir, "out")
	code, _, errOut := runZerogen("--schemas", dir, "--out", out, "--package", "p")
	if code != 1 || !strings.Contains(errOut, "no schema file has $id https://example.invalid/common/id.json") || !strings.Contains(errOut, "--ref-dir") {
		t.Fatalf("without --ref-dir: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runZerogen("--schemas", dir, "--out", out, "--package", "p", "--ref-dir", "https://example.invalid/="+vendored)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	types, err := os.ReadFile(filepath.Join(out, "types.go"))
	if err != nil || !strings.Contains(string(types), "rt.Opt[string]") {
		t.Errorf("types.go: %v\n%s", err, types)
	}
	for _, bad := range []string{"https://example.invalid/", "example.invalid=" + vendored, "https://example.invalid/=" + filepath.Join(dir, "nope")} {
		if code, _, errOut := runZerogen("--schemas", dir, "--out", out, "--package", "p", "--ref-dir", bad); code != 2 {
			t.Errorf("--ref-dir %s: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
	writeSchema(t, dir, "order.json", `{"title":"Order","type":"object","properties":{"id":{"$ref":"https://example.invalid/../secret.json"}}}`)
	if code, _, errOut := runZerogen("--schemas", dir, "--out", out, "--package", "p", "--ref-dir", "https://example.invalid/="+vendored); code != 1 || !strings.Contains(errOut, "secret") {
		t.Errorf("a URL leaving the directory: exit %d, stderr %q", code, errOut)
	}
}
