package ir

import (
	"reflect"
	"sort"
	"testing"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/internal/schematest"
)

// shapesOf says which per-kind field groups of Type each kind may fill,
// and which fields of a group it shares with another kind.
var shapesOf = map[Kind][]string{
	KStruct:  {"StructShape"},
	KMap:     {"StructShape.ObjSize", "ListShape.Elem"},
	KUnion:   {"UnionShape"},
	KSum:     {"SumShape"},
	KEnum:    {"EnumShape"},
	KIntEnum: {"EnumShape"},
	KString:  {"StringShape"},
	KInt:     {"NumberShape.Int"},
	KFloat:   {"NumberShape.Num"},
	KArray:   {"ListShape"},
	KTuple:   {"StructShape.Fields", "ListShape"},
}

// TestShapesByKind builds the model of every schema set of the
// repository and checks that each type fills only the field groups of its
// kind: the split of Type by kind holds on real schemas.
func TestShapesByKind(t *testing.T) {
	kinds := schema.SchemaSet{Family: "kinds", Files: []schema.File{{Name: "kinds.json", Data: []byte(`{
		"title": "Kinds", "type": "object",
		"properties": {
			"level": {"type": "integer", "enum": [1, 2, 3], "minimum": 1},
			"ratio": {"type": "number", "maximum": 1},
			"tags": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 4},
			"ids": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}, "maxItems": 3, "uniqueItems": true},
			"id": {"type": ["string", "integer"]},
			"color": {"type": "string", "enum": ["red", "green"]},
			"shape": {"oneOf": [
				{"type": "object", "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}, "required": ["kind"]},
				{"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}}, "required": ["kind"]}]},
			"pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false},
			"any": {"not": {"type": "null"}}
		}}`)}}}
	for _, set := range append(schematest.ProjectSets(t), kinds) {
		_, m, err := Load(schema.Options{Files: set.Files}, Options{Package: "p", DefTypes: true})
		if err != nil {
			t.Fatalf("%s: %v", set.Dir(), err)
		}
		seen := map[*Type]bool{}
		var walk func(t *Type)
		walk = func(typ *Type) {
			if typ == nil || seen[typ] {
				return
			}
			seen[typ] = true
			for _, bad := range outsideKind(typ) {
				t.Errorf("%s: %s (kind %d) sets %s", set.Dir(), typ.Loc, typ.Kind, bad)
			}
			for _, f := range typ.Fields {
				walk(f.Type)
			}
			for _, p := range typ.Patterns {
				walk(p.Type)
			}
			for _, a := range typ.Alts {
				walk(a.Type)
			}
			for _, v := range append(typ.Variants, typ.Unions...) {
				walk(v)
			}
			walk(typ.Elem)
			walk(typ.Extra)
			walk(typ.Alias)
		}
		for _, r := range append(m.Roots, m.Types...) {
			walk(r)
		}
	}
}

// outsideKind lists the fields of per-kind groups that t sets though its
// kind does not fill them.
func outsideKind(t *Type) []string {
	allowed := map[string]bool{}
	for _, s := range shapesOf[t.Kind] {
		allowed[s] = true
	}
	var out []string
	v := reflect.ValueOf(t).Elem()
	for i := range v.NumField() {
		g := v.Type().Field(i)
		if !g.Anonymous || allowed[g.Name] {
			continue
		}
		for j := range g.Type.NumField() {
			name := g.Name + "." + g.Type.Field(j).Name
			f := v.Field(i).Field(j)
			if name == "StringShape.MaxLen" && f.Int() < 0 {
				continue // no maximum, as a string type without one says it
			}
			if !allowed[name] && !f.IsZero() {
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out
}
