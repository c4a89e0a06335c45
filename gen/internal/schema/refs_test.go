package schema

import (
	"strings"
	"testing"
)

// TestBadRefAndType refuses a $ref that names nothing and a type that is
// no JSON type at the pointer of the keyword's own value, suggesting the
// nearest name, without a meta-schema path or an internal URL.
func TestBadRefAndType(t *testing.T) {
	common := File{Name: "defs/common.json", Data: []byte(`{"$defs": {"Address": {"$anchor": "address", "type": "object"}}}`)}
	for _, c := range []struct{ name, schema, want string }{
		{"pointer in the file", `{"title": "O", "properties": {"a": {"$ref": "#/$defs/Adress"}}, "$defs": {"Address": {}}}`,
			`order.json#/properties/a/$ref: $ref "#/$defs/Adress" names nothing: order.json has no /$defs/Adress (did you mean "#/$defs/Address"?)`},
		{"pointer in another file", `{"title": "O", "properties": {"a": {"$ref": "defs/common.json#/$defs/Adress/properties"}}}`,
			`order.json#/properties/a/$ref: $ref "defs/common.json#/$defs/Adress/properties" names nothing: defs/common.json has no /$defs/Adress (did you mean "defs/common.json#/$defs/Address/properties"?)`},
		{"missing file", `{"title": "O", "items": {"$ref": "defs/comon.json"}}`,
			`order.json#/items/$ref: $ref "defs/comon.json" names the file defs/comon.json, which is not among the schema files (did you mean "./defs/common.json"?)`},
		{"anchor", `{"title": "O", "items": {"$ref": "defs/common.json#adress"}}`,
			`order.json#/items/$ref: $ref "defs/common.json#adress" names the anchor "adress", which defs/common.json does not declare (did you mean "defs/common.json#address"?)`},
		{"type", `{"title": "O", "properties": {"a": {"type": "strng"}}}`,
			`order.json#/properties/a/type: unknown type "strng" (did you mean "string"?); the types are array, boolean, integer, null, number, object, string`},
		{"meta-schema", `{"title": "O", "properties": {"a": {"minLength": "3"}}}`,
			`order.json#/properties/a/minLength: not valid against the meta-schema: expected integer, but got string`},
		{"type in a list", `{"title": "O", "items": [{"type": ["integer", "nul"]}], "$schema": "http://json-schema.org/draft-07/schema#"}`,
			`order.json#/items/0/type/1: unknown type "nul" (did you mean "null"?)`},
	} {
		_, err := Load(Options{Files: []File{common, {Name: "order.json", Data: []byte(c.schema)}}})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	// What resolves is not refused: anchors, embedded $ids, escaped
	// pointers, $ref beside siblings a draft-07 $ref hides.
	for _, ok := range []string{
		`{"title": "O", "items": {"$ref": "defs/common.json#address"}}`,
		`{"title": "O", "properties": {"a": {"$ref": "#/$defs/a~1b"}}, "$defs": {"a/b": {}}}`,
		`{"title": "O", "properties": {"a": {"$ref": "https://x.test/inner.json#/$defs/c"}}, "$defs": {"in": {"$id": "https://x.test/inner.json", "$defs": {"c": {}}}}}`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "title": "O", "properties": {"a": {"$ref": "#/definitions/x", "$id": "#nothing"}}, "definitions": {"x": {}}}`,
		`{"title": "O", "properties": {"$ref": {"type": "string"}}}`,
	} {
		if _, err := Load(Options{Files: []File{common, {Name: "order.json", Data: []byte(ok)}}}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
