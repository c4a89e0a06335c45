package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUpgradeWriteAndCheck(t *testing.T) {
	out := t.TempDir()
	args := []string{"upgrade", "--from", "../../schema/streamjson/v1", "--from-import", "github.com/zeroproject/zero/generated/streamjson/v1",
		"--schemas", "../../schema/streamjson/v2", "--out", out, "--package", "streamjsonv2"}
	code, _, errOut := runZerogen(append(args, "--check")...)
	if code != 1 || !strings.Contains(errOut, "missing: ") {
		t.Fatalf("check before writing: %d %s", code, errOut)
	}
	if code, _, errOut := runZerogen(args...); code != 0 {
		t.Fatalf("write: %d %s", code, errOut)
	}
	got := readFile(t, filepath.Join(out, "upgrade.go"))
	if want := readFile(t, "../../generated/streamjson/v2/upgrade.go"); got != want {
		t.Error("generated/streamjson/v2/upgrade.go differs from what zerogen upgrade writes; run 'make generate'")
	}
	if code, _, errOut := runZerogen(append(args, "--check")...); code != 0 {
		t.Fatalf("check after writing: %d %s", code, errOut)
	}
	os.WriteFile(filepath.Join(out, "upgrade.go"), []byte("package streamjsonv2\n"), 0o644)
	if code, _, errOut := runZerogen(append(args, "--check")...); code != 1 || !strings.Contains(errOut, "stale: ") {
		t.Fatalf("check after an edit: %d %s", code, errOut)
	}
}

func TestUpgradeRefusalNamesTheOldSchema(t *testing.T) {
	dir := projectSchemas(t)
	v2 := filepath.Join(dir, "streamjson", "v2", "output.json")
	writeSchema(t, dir, "streamjson/v2/output.json", strings.NewReplacer(`"apiModel": {`, `"apiModelName": {`, `"apiModel"]`, `"apiModelName"]`).Replace(readFile(t, v2)))
	code, _, errOut := runZerogen("upgrade", "--from", filepath.Join(dir, "streamjson", "v1"), "--from-import", "x/streamjson/v1",
		"--schemas", filepath.Join(dir, "streamjson", "v2"), "--out", t.TempDir(), "--package", "streamjsonv2")
	want := filepath.ToSlash(filepath.Join(dir, "streamjson", "v1")) + `/output.json#/$defs/runStart/properties/apiModel: field "apiModel" of RunStart has no counterpart in the new RunStart`
	if code != 1 || !strings.Contains(errOut, want) {
		t.Fatalf("exit %d, stderr %s\nwant %s", code, errOut, want)
	}
}
