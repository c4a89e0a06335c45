package thirdparty

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
)

// rawReasons counts the fields of a model's named structs (not the Value
// of wrappers) and sorts those left as rt.Raw by the reason the generator
// gives (ir.Model.RawValues, which zerogen --raw-report prints).
func rawReasons(m *ir.Model) (fields, raw int, why map[string]int) {
	why = map[string]int{}
	seen := map[*ir.Type]bool{} // a $defs struct is both a root and a type
	for _, typ := range append(append([]*ir.Type(nil), m.Roots...), m.Types...) {
		if typ.Kind != ir.KStruct || typ.IsWrapper() || seen[typ] {
			continue
		}
		seen[typ] = true
		for _, f := range typ.Fields {
			if f.Const == "" {
				fields++
			}
		}
	}
	for _, r := range m.RawValues() {
		if !r.Field {
			continue
		}
		raw++
		reason := r.Reason
		if r.Open() {
			reason = "open: the schema admits any value"
		}
		why[reason]++
	}
	return fields, raw, why
}

// TestRawReasons logs, per third-party schema, the struct fields left as
// rt.Raw and why (for the table in reports/corpus.md).
func TestRawReasons(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared", "thirdparty")
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("SKIPPED, NOT RUN: the third-party schemas are not at %s (%v)", shared, err)
	}
	for _, p := range protocols {
		data, err := os.ReadFile(filepath.Join(shared, filepath.FromSlash(p.dir), "schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		_, m, err := ir.Load(schema.Options{Files: []schema.File{{Name: "schema.json", Data: data}}, Roots: []string{"schema.json"}},
			ir.Options{Package: p.pkg, RootNames: map[string]string{"schema.json": "Protocol"}, DefTypes: true})
		if err != nil {
			t.Fatalf("%s: %v", p.dir, err)
		}
		fields, raw, why := rawReasons(m)
		if fields == 0 {
			t.Fatalf("%s: no struct fields", p.dir)
		}
		var lines []string
		for r, n := range why {
			lines = append(lines, r+": "+itoa(n))
		}
		sort.Strings(lines)
		t.Logf("%s: %d named types; %d of %d fields rt.Raw (%.1f%%)\n\t%s", p.dir, len(m.Types), raw, fields,
			100*float64(raw)/float64(fields), strings.Join(lines, "\n\t"))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
