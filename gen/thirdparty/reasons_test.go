package thirdparty

import (
	"fmt"
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
			reason = "open"
		}
		why[reason]++
	}
	return fields, raw, why
}

// TestRawReasons logs, per third-party schema, the struct fields left as
// rt.Raw and why (for the table in reports/corpus.md).
func TestRawReasons(t *testing.T) {
	table, err := protocolReasons(t)
	if err != nil {
		t.Skip(err)
	}
	t.Log("\n" + table)
}

// protocolReasons loads MCP's and ACP's schemas from the shared reference
// data with every definition a type and renders, per schema, its named
// types, struct fields and those left as rt.Raw by reason. It returns an
// error when the shared data is not there.
func protocolReasons(t *testing.T) (string, error) {
	shared := filepath.Join("..", "..", "..", "shared", "thirdparty")
	if _, err := os.Stat(shared); err != nil {
		return "", fmt.Errorf("SKIPPED, NOT RUN: the third-party schemas are not at %s (%v)", shared, err)
	}
	var b strings.Builder
	b.WriteString("| schema | named types | struct fields | rt.Raw | why rt.Raw |\n| --- | ---: | ---: | ---: | --- |\n")
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
		fmt.Fprintf(&b, "| %s | %d | %d | %d (%.1f%%) | %s |\n", p.dir, len(m.Types), fields, raw,
			100*float64(raw)/float64(fields), byReason(why))
	}
	return b.String(), nil
}

// byReason lists counts by reason, the largest first.
func byReason(why map[string]int) string {
	reasons := make([]string, 0, len(why))
	for w := range why {
		reasons = append(reasons, w)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if why[reasons[i]] != why[reasons[j]] {
			return why[reasons[i]] > why[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	parts := make([]string, len(reasons))
	for i, w := range reasons {
		parts[i] = w + ": " + itoa(why[w])
	}
	return strings.ReplaceAll(strings.Join(parts, "; "), "|", `\|`)
}

func itoa(n int) string { return strconv.Itoa(n) }
