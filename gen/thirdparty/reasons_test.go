package thirdparty

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
)

// rawReasons sorts the rt.Raw fields of a model's named structs (not the
// Value of wrappers) by why the field's schema has no Go shape.
func rawReasons(t *testing.T, m *ir.Model, l *schema.Loaded) (fields, raw int, why map[string]int) {
	why = map[string]int{}
	seen := map[*ir.Type]bool{} // a $defs struct is both a root and a type
	for _, typ := range append(append([]*ir.Type(nil), m.Roots...), m.Types...) {
		if typ.Kind != ir.KStruct || typ.IsWrapper() || seen[typ] {
			continue
		}
		seen[typ] = true
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

// reason names what keeps a schema from having a Go shape.
func reason(l *schema.Loaded, t *ir.Type) string {
	if t.Schema == nil {
		return "no schema"
	}
	s := deref(l, t.Schema)
	keys := keywords(l, s)
	switch {
	case len(keys) == 0:
		return "open: the schema allows any value"
	case t.Node == nil && contains(keys, "anyOf"):
		return "open: a branch of the anyOf admits any value (an extension point beside the known variants)"
	case contains(keys, "anyOf") || contains(keys, "oneOf"):
		return unionReason(l, s)
	case contains(keys, "allOf"):
		return "allOf the generator does not merge"
	case contains(keys, "type") && len(s.Types) > 1:
		return "several types"
	}
	return "keywords " + strings.Join(keys, ", ")
}

// keywords lists the keywords of s that constrain values, sorted.
func keywords(l *schema.Loaded, s *jsonschema.Schema) []string {
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
	return keys
}

// deref follows the schemas that only stand for another: a lone $ref, or
// a lone allOf, anyOf or oneOf of one schema.
func deref(l *schema.Loaded, s *jsonschema.Schema) *jsonschema.Schema {
	for {
		keys := keywords(l, s)
		switch {
		case len(keys) != 1:
			return s
		case keys[0] == "$ref" && s.Ref != nil:
			s = s.Ref
		case keys[0] == "allOf" && len(s.AllOf) == 1:
			s = s.AllOf[0]
		case keys[0] == "anyOf" && len(s.AnyOf) == 1:
			s = s.AnyOf[0]
		case keys[0] == "oneOf" && len(s.OneOf) == 1:
			s = s.OneOf[0]
		default:
			return s
		}
	}
}

// unionReason says why an anyOf or oneOf has no Go shape, from what its
// branches are.
func unionReason(l *schema.Loaded, s *jsonschema.Schema) string {
	list, kw := s.AnyOf, "anyOf"
	if len(s.OneOf) > 0 {
		list, kw = s.OneOf, "oneOf"
	}
	kinds := map[string]int{}
	null := ""
	for _, br := range list {
		br = deref(l, br)
		keys := keywords(l, br)
		switch {
		case len(keys) == 1 && len(br.Types) == 1 && br.Types[0] == "null":
			null = " (or null)"
			continue
		case contains(keys, "not"):
			return kw + " with a branch that says not (an open variant beside tagged ones)"
		case contains(keys, "anyOf") || contains(keys, "oneOf"):
			return unionReason(l, br) + null
		}
		kinds[kindOf(br, keys)]++
	}
	switch {
	case len(kinds) == 1 && kinds["object"] > 1:
		return kw + " of objects without a const tag, told apart only by their required members" + null
	case kinds["array"] > 1:
		return kw + " of several arrays (one JSON kind, told apart only by their items)"
	}
	return kw + " the generator does not type"
}

// kindOf is the JSON kind a branch admits, as far as its keywords say.
func kindOf(s *jsonschema.Schema, keys []string) string {
	switch {
	case len(s.Types) == 1:
		return s.Types[0]
	case contains(keys, "properties") || contains(keys, "required"):
		return "object"
	case contains(keys, "items"):
		return "array"
	}
	return "any"
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
