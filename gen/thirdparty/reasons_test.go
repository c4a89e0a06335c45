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

// rawReasons sorts the rt.Raw fields of a model's named structs (not the
// Value of wrappers) by why the field's schema has no Go shape.
func rawReasons(t *testing.T, m *ir.Model, l *schema.Loaded) (fields, raw int, why map[string]int) {
	why = map[string]int{}
	for _, typ := range append(append([]*ir.Type(nil), m.Roots...), m.Types...) {
		if typ.Kind != ir.KStruct || typ.IsWrapper() {
			continue
		}
		for _, f := range typ.Fields {
			if f.Const != "" {
				continue
			}
			fields++
			if f.Type == nil || f.Type.Kind != ir.KRaw {
				continue
			}
			raw++
			why[reason(l, f.Type)]++
		}
	}
	return fields, raw, why
}

// reason names the keywords that keep a schema from having a Go shape.
func reason(l *schema.Loaded, t *ir.Type) string {
	if t.Schema == nil {
		return "no schema"
	}
	s := t.Schema
	for s.Ref != nil {
		_, _, raw := l.RawFor(s)
		if raw == nil || len(raw.Members) != 1 {
			break
		}
		s = s.Ref
	}
	_, _, raw := l.RawFor(s)
	var keys []string
	if raw != nil {
		for _, m := range raw.Members {
			if !schema.Annotation[m.Key] && !strings.HasPrefix(m.Key, "x-") && m.Key != "$defs" {
				keys = append(keys, m.Key)
			}
		}
	}
	sort.Strings(keys)
	switch {
	case len(keys) == 0:
		return "open: the schema allows any value"
	case contains(keys, "anyOf") || contains(keys, "oneOf"):
		return "anyOf/oneOf the generator does not type"
	case contains(keys, "allOf"):
		return "allOf the generator does not merge"
	case contains(keys, "type") && len(s.Types) > 1:
		return "several types"
	}
	return "keywords " + strings.Join(keys, ", ")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestRawReasons logs, per third-party schema, the struct fields left as
// rt.Raw and why (for the table in docs/zerogen.md).
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
		l, m, err := ir.Load(schema.Options{Files: []schema.File{{Name: "schema.json", Data: data}}, Roots: []string{"schema.json"}},
			ir.Options{Package: p.pkg, RootNames: map[string]string{"schema.json": "Protocol"}, DefTypes: true})
		if err != nil {
			t.Fatalf("%s: %v", p.dir, err)
		}
		fields, raw, why := rawReasons(t, m, l)
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
