package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// event has a date-time and a uuid in 2020-12, where format is only an
// annotation, and an ipv4 in a draft-07 file, where it asserts.
const (
	event = `{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Event","type":"object",
"properties":{"at":{"type":"string","format":"date-time"},"id":{"type":["string","null"],"format":"uuid"},
"host":{"$ref":"host.json"},"mail":{"type":"string","format":"email"}}}`
	host = `{"$schema":"http://json-schema.org/draft-07/schema#","type":"string","format":"ipv4"}`
)

// TestFormatTypesFlag checks --format-types and its config key: the
// fields get the Go types of their formats, and a warning names each
// schema whose format the flag asserts although the dialect does not.
func TestFormatTypesFlag(t *testing.T) {
	dir := t.TempDir()
	writeSchema(t, dir, "schemas/event.json", event)
	writeSchema(t, dir, "schemas/host.json", host)
	types := func(out string) string {
		b, err := os.ReadFile(filepath.Join(out, "types.go"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	code, _, errOut := runZerogen("--schemas", filepath.Join(dir, "schemas"), "--out", filepath.Join(dir, "plain"), "--package", "plain")
	if got := types(filepath.Join(dir, "plain")); code != 0 || strings.Contains(errOut, "--format-types") || !strings.Contains(got, "At   rt.Opt[string]") {
		t.Fatalf("without the flag: exit %d, stderr %q\n%s", code, errOut, got)
	}

	writeSchema(t, dir, "zerogen.yaml", "runs:\n  - schemas: schemas\n    out: typed\n    package: typed\n    format-types: true\n")
	code, _, errOut = runZerogen("generate", "-c", filepath.Join(dir, "zerogen.yaml"))
	got := types(filepath.Join(dir, "typed"))
	for _, want := range []string{"At   rt.Opt[time.Time]", "ID   rt.Opt[rt.Nullable[rt.UUID]]", "Host rt.Opt[netip.Addr]", "Mail rt.Opt[string]"} {
		if !strings.Contains(got, want) {
			t.Errorf("format-types: true: types.go lacks %q:\n%s", want, got)
		}
	}
	warnings := strings.Count(errOut, "but --format-types gives the value the Go type")
	if code != 0 || warnings != 2 || !strings.Contains(errOut, "event.json#/properties/at: format \"date-time\" is only an annotation") ||
		!strings.Contains(errOut, "event.json#/properties/id: format \"uuid\"") {
		t.Errorf("format-types: true: exit %d, %d warnings, stderr:\n%s", code, warnings, errOut)
	}
	code, _, errOut = runZerogen("--schemas", filepath.Join(dir, "schemas"), "--out", filepath.Join(dir, "asserted"), "--package", "asserted", "--format-types", "--assert-formats")
	if code != 0 || strings.Contains(errOut, "but --format-types") {
		t.Errorf("--format-types --assert-formats: exit %d, stderr:\n%s", code, errOut)
	}
}
