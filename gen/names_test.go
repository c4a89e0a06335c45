package gen

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// typeNames lists the types a generated types.go declares, in order.
func typeNames(t *testing.T, files map[string][]byte) []string {
	t.Helper()
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^type (\w+) `).FindAllStringSubmatch(string(files["types.go"]), -1) {
		out = append(out, m[1])
	}
	return out
}

func generateFiles(t *testing.T, files ...File) map[string][]byte {
	t.Helper()
	out, err := Generate(Config{Package: "p", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTitleCollisionsGetDistinctNames: schemas that share a title (GeoJSON,
// CycloneDX and AsyncAPI 3.0 do) are named Tools, Tools2, ... in the order
// of their JSON Pointers as strings (/properties/more/items before
// /properties/spare), whatever order they are reached in; a $defs entry
// among them takes its key.
func TestTitleCollisionsGetDistinctNames(t *testing.T) {
	schema := `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "Feature", "type": "object", "properties": {
		"spare": {"title": "Tools", "type": "object", "properties": {"saw": {"type": "integer"}}},
		"tools": {"title": "Tools", "type": "object", "properties": {"hammer": {"type": "string"}}},
		"kit": {"$ref": "#/definitions/kit"},
		"more": {"type": "array", "items": {"title": "Tools", "type": "object", "properties": {"drill": {"type": "boolean"}}}}},
		"definitions": {"kit": {"title": "Tools", "type": "object", "properties": {"box": {"type": "string"}}}}}`
	files := generateFiles(t, File{Name: "feature.json", Data: []byte(schema)})
	types := regexp.MustCompile(` +`).ReplaceAllString(squash(string(files["types.go"])), " ") // no alignment
	for _, want := range []string{
		"type Feature struct {\n\tSpare *Tools2\n\tTools *Tools3\n\tKit *Kit\n\tMore rt.Opt[[]Tools]",
		"type Tools struct {\n\tDrill rt.Opt[bool]", "type Tools2 struct {\n\tSaw rt.Opt[int64]",
		"type Kit struct {\n\tBox rt.Opt[string]", "type Tools3 struct {\n\tHammer rt.Opt[string]",
	} {
		if !strings.Contains(types, want) {
			t.Errorf("types.go lacks %q:\n%s", want, types)
		}
	}
}

// TestRootWithoutTitle names a root schema without a title after its file.
func TestRootWithoutTitle(t *testing.T) {
	files := generateFiles(t, File{Name: "orders/order-status.json", Data: []byte(`{"type": "object", "properties": {"s": {"type": "string"}}}`)})
	if got := typeNames(t, files); !slices.Equal(got, []string{"OrderStatus"}) {
		t.Errorf("types %v, want OrderStatus", got)
	}
}

// TestNamesDoNotDrift: adding a property renames no existing type. An
// untitled $defs entry is named by its key (OrderItem2 when a title took
// OrderItem), never by a use; an inline schema by where it is written
// (OrderOld), not by the first property that reaches it through a $ref.
func TestNamesDoNotDrift(t *testing.T) {
	before := `{"title": "Order", "type": "object", "properties": {
		"items": {"type": "array", "items": {"$ref": "#/$defs/OrderItem"}},
		"old": {"type": "object", "properties": {"at": {"type": "string"}}}%s},
		"$defs": {"OrderItem": {"type": "object", "properties": {"sku": {"type": "string"}}},
			"line": {"title": "Order Item", "type": "object", "properties": {"n": {"type": "integer"}}}}}`
	base := strings.Replace(strings.Replace(before, "%s", "", 1), `"items": {"type"`, `"line": {"$ref": "#/$defs/line"}, "items": {"type"`, 1)
	grown := strings.Replace(strings.Replace(before, "%s", `, "zeta": {"type": "object", "properties": {"z": {"type": "integer"}}}`, 1),
		`"items": {"type"`, `"archived": {"$ref": "#/properties/old"}, "ap": {"type": "object", "properties": {"p": {"type": "integer"}}}, "line": {"$ref": "#/$defs/line"}, "items": {"type"`, 1)
	names := func(schema string) []string {
		got := typeNames(t, generateFiles(t, File{Name: "order.json", Data: []byte(schema)}))
		slices.Sort(got)
		return got
	}
	was, now := names(base), names(grown)
	for _, n := range was {
		if !slices.Contains(now, n) {
			t.Errorf("type %s of %v is gone after adding properties: %v", n, was, now)
		}
	}
	for _, want := range []string{"Order", "OrderItem", "OrderItem2", "OrderOld"} {
		if !slices.Contains(was, want) {
			t.Errorf("types %v lack %s", was, want)
		}
	}
}
