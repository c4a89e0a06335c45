package gen

import (
	"strings"
	"testing"
)

func generate(t *testing.T, schema string) (map[string][]byte, error) {
	t.Helper()
	return Generate(Config{Package: "p", Files: []File{{Name: "s.json", Data: []byte(schema)}}, RootNames: map[string]string{"s.json": "Root"}})
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct{ schema, want string }{
		{`{"type":"object","requried":["a"]}`, `s.json#/requried: unknown keyword "requried" (did you mean "required"?)`},
		{`{"properties":{"a":{"minLenght":1}}}`, `s.json#/properties/a/minLenght: unknown keyword "minLenght" (did you mean "minLength"?)`},
		{`{"type":"object","allowTrailingComas":true}`, `s.json#/allowTrailingComas: unknown keyword "allowTrailingComas" (did you mean "allowTrailingCommas"?)`},
		{`{"$schema":"http://example.invalid/meta","type":"object"}`, `s.json#/$schema: unknown dialect http://example.invalid/meta`},
		{`{"type":"object","properties":{"a":{"type":"string"}}`, `s.json#: not valid JSON`},
		{`{"type":"strin"}`, `s.json#`},
		// Patterns are ECMA-262's: what ECMA-262 does not read is refused, at its pointer.
		{`{"properties":{"a":{"type":"string","pattern":"^(?i)b"}}}`, `s.json#/properties/a/pattern: pattern "^(?i)b": not an ECMA-262 regular expression: (? starts no ECMA-262 group`},
		{`{"patternProperties":{"\\Ay":{}}}`, `s.json#/patternProperties/\Ay: pattern "\\Ay": not an ECMA-262 regular expression: \A is no escape of ECMA-262 with the u flag`},
		{`{"pattern":"a{2,1}"}`, `s.json#/pattern: pattern "a{2,1}": not an ECMA-262 regular expression`},
		// A group of definitions holds schemas: a typo in one is still refused.
		{`{"$ref":"#/$defs/group/a","$defs":{"group":{"a":{"type":"string","minLenght":1}}}}`, `s.json#/$defs/group/a/minLenght: unknown keyword "minLenght" (did you mean "minLength"?)`},
		// A schema embedded in another dialect than its document's is refused, not half read.
		{`{"type":"object","properties":{"a":{"$id":"a.json","$schema":"https://json-schema.org/draft/2019-09/schema"}}}`,
			`s.json#/properties/a/$schema: an embedded schema in another dialect (https://json-schema.org/draft/2019-09/schema) than its document's (2020-12) is not supported`},
		// Without an $id a subschema is no resource: its $schema means
		// nothing, it is read in the document's dialect, and a draft-04
		// boolean exclusiveMinimum is then invalid, as jsonschema/v5 says
		// of AsyncAPI 2.0.0-rc1, which embeds the draft-04 meta-schema so.
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"d4":{"$schema":"http://json-schema.org/draft-04/schema#","id":"http://json-schema.org/draft-04/schema#","properties":{"m":{"type":"number","exclusiveMinimum":true}}}}}`,
			`s.json#/definitions/d4/properties/m/exclusiveMinimum: not valid against the meta-schema: expected number, but got boolean`},
	} {
		_, err := generate(t, tc.schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.schema, err, tc.want)
		}
	}
}

// TestKeywordPolicy accepts the annotation keywords of OpenAPI and of the
// VS Code and SchemaStore editor hints in every dialect, and others only
// when AllowKeywords names them.
func TestKeywordPolicy(t *testing.T) {
	for _, meta := range []string{"http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-07/schema#",
		"https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema"} {
		schema := `{"$schema":"` + meta + `","title":"Thing","type":"object","discriminator":{"propertyName":"kind"},
			"externalDocs":{"url":"https://example.test"},"xml":{"name":"thing"},"nullable":false,"example":{"kind":"a"},
			"markdownDescription":"**thing**","allowTrailingCommas":true,"defaultSnippets":[{"body":{}}],
			"properties":{"kind":{"type":"string","enum":["a"],"enumDescriptions":["the a"],"markdownEnumDescriptions":["*a*"],
				"deprecationMessage":"old","errorMessage":"bad","doNotSuggest":true,"suggestSortText":"1","format":"int64"},
				"n":{"type":"string","pattern":"^[0-9]+$","patternErrorMessage":"digits"}}}`
		if _, err := generate(t, schema); err != nil {
			t.Errorf("%s: %v", meta, err)
		}
	}
	custom := `{"title":"Thing","type":"object","vendorHint":{"a":1}}`
	if _, err := generate(t, custom); err == nil || !strings.Contains(err.Error(), `unknown keyword "vendorHint"`) {
		t.Errorf("an unknown keyword: got %v", err)
	}
	_, err := Generate(Config{Package: "p", Files: []File{{Name: "s.json", Data: []byte(custom)}}, AllowKeywords: []string{"vendorHint"}})
	if err != nil {
		t.Errorf("an allowed keyword: %v", err)
	}
}

// TestAnnotationOnlyRoots: a file of only annotations with a title is a
// root that admits what its schema admits.
func TestAnnotationOnlyRoots(t *testing.T) {
	files, err := Generate(Config{Package: "p", Files: []File{
		{Name: "anything.json", Data: []byte(`{"title":"Anything"}`)},
		{Name: "email.json", Data: []byte(`{"title":"Email","format":"email"}`)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	types := string(files["types.go"])
	for _, want := range []string{"type Anything struct", "type Email struct"} {
		if !strings.Contains(types, want) {
			t.Errorf("types.go lacks %q", want)
		}
	}
}

func TestDialect2020IsRead(t *testing.T) {
	for _, id := range []string{"https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#"} {
		if _, err := generate(t, `{"$schema":"`+id+`","title":"T","type":"string"}`); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

func TestExtensionsAndAnnotationsAreAllowed(t *testing.T) {
	_, err := generate(t, `{"title":"Thing","type":"object","x-go-hint":1,"$comment":"c","properties":{"a":{"type":"string","format":"date-time","examples":["x"],"deprecated":true}}}`)
	if err != nil {
		t.Fatal(err)
	}
}

// TestPackageNameCollision: a type titled as the Value interface of a
// union or the Values list of an enum keeps its title, and the helper takes
// the next free name (the collide golden case compiles and runs such a
// package).
func TestPackageNameCollision(t *testing.T) {
	for _, tc := range []struct {
		schema string
		want   []string
	}{
		{`{"title":"Root","type":"object","properties":{
			"u":{"title":"Shape","oneOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}]},
			"v":{"title":"ShapeValue","type":"object"}},
			"$defs":{"a":{"title":"A","type":"object","required":["k"],"properties":{"k":{"const":"a"}}},
				"b":{"title":"B","type":"object","required":["k"],"properties":{"k":{"const":"b"}}}}}`,
			[]string{"type ShapeValue struct", "type ShapeValue2 interface", "Value ShapeValue2\n"}},
		{`{"title":"Root","type":"object","properties":{
			"e":{"title":"Level","enum":["a"]},
			"v":{"title":"LevelValues","type":"object"},
			"w":{"title":"LevelValues2","type":"object"}}}`,
			[]string{"type LevelValues struct", "type LevelValues2 struct", "var LevelValues3 = []Level{LevelA}"}},
	} {
		files, err := generate(t, tc.schema)
		if err != nil {
			t.Fatal(err)
		}
		types := string(files["types.go"])
		for _, w := range tc.want {
			if !strings.Contains(types, w) {
				t.Errorf("types.go lacks %q:\n%s", w, types)
			}
		}
	}
}

// TestXGoNameRefusals refuses an x-go-name that is not an exported Go
// identifier, or that names a member already named, at the property.
func TestXGoNameRefusals(t *testing.T) {
	for _, tc := range []struct{ schema, want string }{
		{`{"title":"Root","type":"object","properties":{"a":{"type":"string","x-go-name":"lower"}}}`,
			`s.json#/properties/a: x-go-name: "lower" is not an exported Go identifier`},
		{`{"title":"Root","type":"object","properties":{"a":{"type":"string","x-go-name":7}}}`,
			`s.json#/properties/a: x-go-name: 7 is not an exported Go identifier`},
		{`{"title":"Root","type":"object","properties":{"a":{"type":"string","x-go-name":"Validate"}}}`,
			`s.json#/properties/a: x-go-name: Validate is already the name of another member`},
		{`{"title":"Root","type":"object","properties":{"a":{"type":"string","x-go-name":"B"},"b":{"type":"string","x-go-name":"B"}}}`,
			`s.json#/properties/b: x-go-name: B is already the name of another member`},
	} {
		_, err := generate(t, tc.schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

// TestXGoTypeRefusals refuses an x-go-type or x-go-type-import that
// cannot name a Go type, at the schema that holds it.
func TestXGoTypeRefusals(t *testing.T) {
	prop := func(annots string) string {
		return `{"title":"Root","type":"object","properties":{"a":{"type":"string",` + annots + `}}}`
	}
	for _, tc := range []struct{ schema, want string }{
		{prop(`"x-go-type":7`), `s.json#/properties/a: x-go-type: 7 is not a string naming a Go type`},
		{prop(`"x-go-type":"*big.Int","x-go-type-import":"math/big"`), `x-go-type: "*big.Int" is not a Go type name`},
		{prop(`"x-go-type":"big.int","x-go-type-import":"math/big"`), `x-go-type: "big.int" is not a Go type name`},
		{prop(`"x-go-type":"a.b.C","x-go-type-import":"x/a"`), `x-go-type: "a.b.C" is not a Go type name`},
		{prop(`"x-go-type":"uuid.UUID"`), `x-go-type: uuid.UUID is declared in another package: give its import path in x-go-type-import`},
		{prop(`"x-go-type":"UUID","x-go-type-import":"github.com/google/uuid"`), `x-go-type: UUID names no package, but x-go-type-import gives one: write it as pkg.UUID`},
		{prop(`"x-go-type-import":"github.com/google/uuid"`), `x-go-type-import without x-go-type`},
		{prop(`"x-go-type":"uuid.UUID","x-go-type-import":"github.com//uuid"`), `x-go-type-import: "github.com//uuid" is not a Go import path`},
		{prop(`"x-go-type":"uuid.UUID","x-go-type-import":{"path":"github.com/google/uuid","alias":"u"}`), `x-go-type-import: alias: want an import path, or {path: ..., name: ...}`},
		{prop(`"x-go-type":"yaml.Node","x-go-type-import":"gopkg.in/yaml.v3"`), ``},
		{prop(`"x-go-type":"u.UUID","x-go-type-import":"github.com/google/uuid"`),
			`x-go-type: the package of u.UUID is u, but x-go-type-import imports github.com/google/uuid as uuid; give the import a name: {path: github.com/google/uuid, name: u}`},
		{prop(`"x-go-type":"u.UUID","x-go-type-import":{"path":"github.com/google/uuid","name":"u"}`), ``},
		{prop(`"x-go-type":"chi.Router","x-go-type-import":"github.com/go-chi/chi/v5"`), ``},
	} {
		_, err := generate(t, tc.schema)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.schema, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

// TestXGoTypePlaces puts a user's type on a root and on a required const
// property: the root wraps it, and the property is stored, not dropped as
// a const.
func TestXGoTypePlaces(t *testing.T) {
	out, err := generate(t, `{"title":"Stamp","type":"string","x-go-type":"time.Time","x-go-type-import":"time"}`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out["types.go"]), "\tValue time.Time\n") {
		t.Errorf("root:\n%s", out["types.go"])
	}
	out, err = generate(t, `{"title":"Root","type":"object","required":["v"],"properties":{"v":{"const":"2026-01-01T00:00:00Z","x-go-type":"time.Time","x-go-type-import":"time"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out["types.go"]), "\tV time.Time\n") {
		t.Errorf("const property:\n%s", out["types.go"])
	}
}

// TestDefaultNames names the constant of a default after its type and
// field, and gives way to a name the package already has.
func TestDefaultNames(t *testing.T) {
	out, err := generate(t, `{"title":"Order","type":"object","properties":{
		"priority":{"$ref":"#/$defs/p","default":"default"},"appendJSONUnchecked":{"type":"integer","default":2}},
		"$defs":{"p":{"title":"OrderPriority","enum":["default","rush"]}}}`)
	if err != nil {
		t.Fatal(err)
	}
	types := string(out["types.go"])
	for _, want := range []string{
		"OrderPriorityDefault OrderPriority = \"default\"", // the enum's constant keeps its name
		"const OrderPriorityDefault2 OrderPriority = OrderPriorityDefault",
		"\tAppendJSONUnchecked2 rt.Opt[int64]",
		"const OrderAppendJSONUnchecked2Default int64 = 2",
	} {
		if !strings.Contains(types, want) {
			t.Errorf("types.go lacks %q:\n%s", want, types)
		}
	}
}

// TestXGoTypeUnderInterpreter warns of an x-go-type that has no effect:
// its schema is only checked by the interpreter, inside an rt.Raw.
func TestXGoTypeUnderInterpreter(t *testing.T) {
	var warnings []string
	_, err := Generate(Config{Package: "p", Warn: func(e *Error) { warnings = append(warnings, e.Error()) },
		Files: []File{{Name: "s.json", Data: []byte(`{"title":"Root","type":"object","properties":{
			"a":{"not":{"type":"string","x-go-type":"time.Time","x-go-type-import":"time"}}}}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "s.json#/properties/a/not: x-go-type has no effect here"
	if len(warnings) != 1 || !strings.Contains(warnings[0], want) {
		t.Errorf("warnings %q, want one with %q", warnings, want)
	}
}

// TestSubschemaDialect reads a subschema whose $schema names another
// dialect but that has no $id in its document's dialect, as validators do:
// $schema names the dialect of a resource's root alone. zerogen says so.
func TestSubschemaDialect(t *testing.T) {
	var warnings []string
	out, err := Generate(Config{Package: "p", Warn: func(e *Error) { warnings = append(warnings, e.Error()) },
		Files: []File{{Name: "s.json", Data: []byte(`{"$schema":"http://json-schema.org/draft-07/schema#","title":"Root","type":"object",
			"properties":{"a":{"$ref":"#/definitions/d4"}},
			"definitions":{"d4":{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"integer"}}}}}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "s.json#/definitions/d4/$schema: $schema names another dialect (http://json-schema.org/draft-04/schema#) than the document's (draft-07) in a subschema that is not the root of a resource (it has no $id)"
	if len(warnings) != 1 || !strings.Contains(warnings[0], want) {
		t.Errorf("warnings %q, want one with %q", warnings, want)
	}
	if !strings.Contains(string(out["types.go"]), "N rt.Opt[int64]") {
		t.Errorf("types.go:\n%s", out["types.go"])
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	schema := `{"title":"R","type":"object","properties":{"b":{"anyOf":[{"type":"string"},{"minimum":1}]},"a":{"patternProperties":{"^x":{},"^y":{"type":"string"}}}}}`
	first, err := generate(t, schema)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		again, _ := generate(t, schema)
		for name := range first {
			if string(first[name]) != string(again[name]) {
				t.Fatalf("%s differs between runs", name)
			}
		}
	}
}

// TestDefTypes makes a type of every $defs entry of a file whose root only
// lists message kinds. Tree and Other both declare the dynamic anchor
// "node": each, read alone, binds it to itself, so Other's kids are Others
// while Tree's are Trees. Forest reaches the reference from a resource
// that declares no anchor, so the scope decides: it stays in the
// interpreter as a whole.
func TestDefTypes(t *testing.T) {
	files, err := Generate(Config{Package: "p", DefTypes: true, Roots: []string{"s.json"}, Files: []File{{Name: "s.json", Data: []byte(`{
		"anyOf": [{"$ref": "#/$defs/Ping"}, {"$ref": "#/$defs/Names"}],
		"$defs": {
			"Ping": {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "ping"}, "n": {"type": "integer"}}},
			"Names": {"type": "object", "additionalProperties": {"type": "string"}},
			"Tree": {"$id": "tree", "$dynamicAnchor": "node", "type": "object", "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}},
			"Other": {"$id": "other", "$dynamicAnchor": "node", "$ref": "tree", "required": ["kids"]},
			"Forest": {"type": "array", "items": {"$ref": "tree"}}
		}}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	types := squash(string(files["types.go"]))
	for _, want := range []string{"type S struct", "type Ping struct", "type Names struct {\n\tValue map[string]string",
		"type Tree struct {\n\tKids rt.Opt[[]Tree]", "type Other struct {\n\tKids []Other", "type Forest struct {\n\tValue rt.Raw"} {
		if !strings.Contains(types, want) {
			t.Errorf("types.go lacks %q", want)
		}
	}
	decode := string(files["decode.go"])
	for _, name := range []string{"Ping", "Names", "Tree", "Other", "Forest"} {
		if !strings.Contains(decode, "func (x *"+name+") UnmarshalJSON(") {
			t.Errorf("%s has no UnmarshalJSON", name)
		}
	}
}

// TestStaticDynamicRef types a $dynamicRef as a $ref to its static target
// when one schema resource alone declares its anchor, keeps it in the
// interpreter when a second resource the root reaches declares it too, and
// types it as a $ref to the root when the root declares the anchor itself.
func TestStaticDynamicRef(t *testing.T) {
	tree := `"tree": {"$id": "tree", "$dynamicAnchor": "node", "type": "object", "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}}`
	for _, c := range []struct {
		schema, want string
	}{
		{`{"title": "Root", "type": "object", "properties": {"t": {"$ref": "tree"}}, "$defs": {` + tree + `}}`,
			"type Tree struct {\n\tKids rt.Opt[[]Tree]"},
		{`{"title": "Root", "type": "object", "properties": {"t": {"$ref": "tree"}, "o": {"$ref": "other"}}, "$defs": {` + tree + `,
			"other": {"$id": "other", "$dynamicAnchor": "node", "$ref": "tree", "required": ["kids"]}}}`,
			"type Root struct {\n\tValue rt.Raw"},
		// the root declares the anchor too: it is the outermost resource of
		// every scope it starts, so "#node" is the root wherever it is met
		{`{"title": "Root", "$dynamicAnchor": "node", "type": "object", "properties": {"t": {"$ref": "tree"}, "o": {"$ref": "other"}}, "$defs": {` + tree + `,
			"other": {"$id": "other", "$dynamicAnchor": "node", "$ref": "tree", "required": ["kids"]}}}`,
			"type Tree struct {\n\tKids rt.Opt[[]Root]"},
	} {
		files, err := generate(t, c.schema)
		if err != nil {
			t.Fatal(err)
		}
		if types := squash(string(files["types.go"])); !strings.Contains(types, c.want) {
			t.Errorf("types.go lacks %q:\n%s", c.want, types)
		}
	}
}

// TestRefBeside reads a $ref beside properties as one more allOf part from
// 2019-09 on (the struct holds the members of both), and as the $ref alone
// in draft-07, where $ref hides its siblings.
func TestRefBeside(t *testing.T) {
	for _, c := range []struct {
		dialect, want string
	}{
		{"https://json-schema.org/draft/2020-12/schema", "N *RootN"},
		{"https://json-schema.org/draft/2019-09/schema", "N *RootN"},
		{"http://json-schema.org/draft-07/schema#", "N *A"},
	} {
		files, err := generate(t, `{"$schema": "`+c.dialect+`", "title": "Root", "type": "object",
			"properties": {"n": {"$ref": "#/definitions/a", "properties": {"b": {"type": "integer"}}}},
			"definitions": {"a": {"title": "A", "type": "object", "properties": {"a": {"type": "string"}}}}}`)
		if err != nil {
			t.Fatal(err)
		}
		types := squash(string(files["types.go"]))
		if !strings.Contains(types, c.want) {
			t.Errorf("%s: types.go lacks %q:\n%s", c.dialect, c.want, types)
		}
		if merged := strings.Contains(types, "type RootN struct {\n\tB rt.Opt[int64]\n\tA rt.Opt[string]"); merged != (c.want == "N *RootN") {
			t.Errorf("%s: merged struct %v:\n%s", c.dialect, merged, types)
		}
	}
}

// TestDefTypesTitleCollision names by their keys two $defs entries that
// share a title under DefTypes (as AsyncAPI's bindings do), while the same
// schemas without DefTypes are still refused, naming both.
func TestDefTypesTitleCollision(t *testing.T) {
	schema := `{"title": "Root", "type": "object", "properties": {
		"k": {"$ref": "#/definitions/bindings-kafka-0.5.0-server"},
		"m": {"$ref": "#/definitions/bindings-mqtt-0.2.0-server"},
		"o": {"title": "Server Schema", "type": "object", "properties": {"z": {"type": "boolean"}}}},
		"definitions": {
			"bindings-kafka-0.5.0-server": {"title": "Server Schema", "type": "object", "properties": {"a": {"type": "string"}}},
			"bindings-mqtt-0.2.0-server": {"title": "Server Schema", "type": "object", "properties": {"b": {"type": "integer"}}}
		}}`
	for _, defTypes := range []bool{false, true} {
		files, err := Generate(Config{Package: "p", DefTypes: defTypes, Files: []File{{Name: "s.json", Data: []byte(schema)}}})
		if err != nil {
			t.Fatal(err)
		}
		types := squash(string(files["types.go"]))
		for _, want := range []string{"type BindingsKafka050Server struct {\n\tA rt.Opt[string]", "type BindingsMqtt020Server struct {\n\tB rt.Opt[int64]",
			"type ServerSchema struct {\n\tZ rt.Opt[bool]", "K *BindingsKafka050Server", "M *BindingsMqtt020Server"} {
			if !strings.Contains(types, want) {
				t.Errorf("DefTypes %v: types.go lacks %q:\n%s", defTypes, want, types)
			}
		}
	}
}

// TestInputWithMetaSchemaID reads a file whose $id is a standard
// meta-schema's as the input it is, not as the built-in meta-schema of that
// $id: its own definitions (which the standard one lacks) are found, and
// its properties make the struct.
func TestInputWithMetaSchemaID(t *testing.T) {
	for _, id := range []string{"http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"} {
		files, err := generate(t, `{"$schema": "`+id+`", "$id": "`+id+`", "title": "M", "type": "object",
			"properties": {"p": {"$ref": "#/definitions/onlyHere"}, "q": {"$ref": "#"}},
			"definitions": {"onlyHere": {"type": "string", "maxLength": 3}}}`)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		types := squash(string(files["types.go"]))
		for _, want := range []string{"type M struct {\n\tP rt.Opt[OnlyHere]", "Q *M", "type OnlyHere string"} {
			if !strings.Contains(types, want) {
				t.Errorf("%s: types.go lacks %q:\n%s", id, want, types)
			}
		}
	}
}

// TestOpenAPINullable: in the OpenAPI 3.0 dialect (named by $schema or
// as the default dialect) "nullable": true beside "type" makes the Go type
// nullable; in JSON Schema's dialects it stays an annotation.
func TestOpenAPINullable(t *testing.T) {
	const body = `"title": "Pet", "type": "object", "required": ["name"], "properties": {
		"name": {"type": "string", "nullable": true},
		"age": {"type": "integer", "nullable": true},
		"kind": {"type": "string", "nullable": true, "enum": ["cat", "dog", null]},
		"owner": {"$ref": "#/definitions/Owner"}},
		"definitions": {"Owner": {"type": "object", "nullable": true, "properties": {"id": {"type": "string"}}}}}`
	for _, tc := range []struct {
		name, schema string
		dialect      Dialect
		want         []string
	}{
		{"$schema", `{"$schema": "https://spec.openapis.org/oas/3.0/schema/2021-09-28", ` + body, 0,
			[]string{"Name rt.Nullable[string]", "Age rt.Opt[rt.Nullable[int64]]", "Owner rt.Opt[rt.Nullable[Owner]]"}},
		{"default dialect", `{` + body, OpenAPI30, []string{"Name rt.Nullable[string]", "Age rt.Opt[rt.Nullable[int64]]"}},
		{"JSON Schema", `{"$schema": "http://json-schema.org/draft-04/schema#", ` + body, 0, []string{"Name string", "Age rt.Opt[int64]", "Owner *Owner"}},
	} {
		files, err := Generate(Config{Package: "p", Files: []File{{Name: "s.json", Data: []byte(tc.schema)}}, DefaultDialect: tc.dialect})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		types := strings.Join(strings.Fields(squash(string(files["types.go"]))), " ")
		for _, want := range tc.want {
			if !strings.Contains(types, " "+want+" ") {
				t.Errorf("%s: types.go lacks %q:\n%s", tc.name, want, types)
			}
		}
	}
}

// TestDiscriminatorChoosesTag: of two properties that both tell the
// variants apart, the one an OpenAPI discriminator names is the union's
// tag; without it, the first.
func TestDiscriminatorChoosesTag(t *testing.T) {
	const defs = `"$defs": {
		"A": {"type": "object", "required": ["v", "kind"], "properties": {"v": {"const": "1"}, "kind": {"const": "a"}}},
		"B": {"type": "object", "required": ["v", "kind"], "properties": {"v": {"const": "2"}, "kind": {"const": "b"}}}}}`
	for _, tc := range []struct{ disc, want string }{
		{``, `LeadString(d, "v"`},
		{`"discriminator": {"propertyName": "kind"},`, `LeadString(d, "kind"`},
	} {
		files, err := generate(t, `{"title": "U", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}], `+tc.disc+defs)
		if err != nil {
			t.Fatal(err)
		}
		if dec := string(files["decode.go"]); !strings.Contains(dec, tc.want) {
			t.Errorf("discriminator %q: decode.go lacks %q", tc.disc, tc.want)
		}
	}
}

// squash drops comment lines, so that tests can look for declarations.
func squash(src string) string {
	var out []string
	for _, ln := range strings.Split(src, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(ln), "//") {
			out = append(out, ln)
		}
	}
	return strings.Join(out, "\n")
}

// TestAllowKeywordKeepsRealKeywords: --allow-keyword cannot turn a keyword
// of the dialect into an annotation.
func TestAllowKeywordKeepsRealKeywords(t *testing.T) {
	files, err := Generate(Config{Package: "p", AllowKeywords: []string{"enum"},
		Files: []File{{Name: "s.json", Data: []byte(`{"title":"N","enum":[17,"seventeen"]}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	// An enum of a string and an integer: a sum of an enum per kind.
	types := string(files["types.go"])
	for _, want := range []string{`NValueStringSeventeen NValueString = "seventeen"`, `NValueInt17 NValueInt = 17`} {
		if !strings.Contains(types, want) {
			t.Errorf("the enum is not checked: types.go lacks %s:\n%s", want, types)
		}
	}
}

// TestUnionNames names a union by where it is used, with a number after
// it when a $defs key has that name, and leaves out of its variants a
// union built for a schema that then kept the interpreter (no "is"
// method of a union the package does not declare).
func TestUnionNames(t *testing.T) {
	out, err := generate(t, `{"title":"Op","type":"object","properties":{
		"address":{"anyOf":[{"$ref":"#/$defs/opAddress"},{"$ref":"#/$defs/ref"}]},
		"x":{"allOf":[{"anyOf":[{"$ref":"#/$defs/opAddress"},{"$ref":"#/$defs/ref"}]},{"type":"object"}]},
		"y":{"allOf":[{"anyOf":[{"$ref":"#/$defs/ref"},{"$ref":"#/$defs/opAddress"}]},{"type":"object"}]}},
		"$defs":{
			"opAddress":{"type":"object","required":["location"],"properties":{"location":{"type":"string"}}},
			"ref":{"type":"object","required":["$ref"],"properties":{"$ref":{"type":"string"}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	types := string(out["types.go"])
	for _, want := range []string{"type OpAddress struct", "type OpAddress2 struct", "func (*OpAddress) isOpAddress2()"} {
		if !strings.Contains(types, want) {
			t.Errorf("no %q in\n%s", want, types)
		}
	}
	if strings.Contains(types, ") is()") {
		t.Errorf("a variant joins a union the package does not declare:\n%s", types)
	}
}

// TestNamedScalars makes a type of each constrained string, integer and
// number of $defs by default, shared by the fields that refer to it, and
// leaves unconstrained and nullable ones plain (a format, even one that
// only annotates, names the type); with PlainScalars every
// field is the plain Go type.
func TestNamedScalars(t *testing.T) {
	const schema = `{"title":"Order","type":"object","required":["id"],
		"properties":{"id":{"$ref":"#/$defs/id"},"parent":{"$ref":"#/$defs/id"},"qty":{"$ref":"#/$defs/count"},
			"price":{"$ref":"#/$defs/price"},"note":{"$ref":"#/$defs/note"},"maybe":{"$ref":"#/$defs/maybeId"},
			"ext":{"$ref":"#/$defs/extId"}},
		"$defs":{"id":{"type":"string","format":"uuid","maxLength":36},"count":{"type":"integer","minimum":1},
			"price":{"type":"number","exclusiveMinimum":0},"note":{"type":"string"},
			"maybeId":{"type":["string","null"],"maxLength":36},"extId":{"type":"string","format":"uuid"}}}`
	named := []string{"type ID string", "type Count int64", "type Price float64",
		"type ExtID string", "\tExt    rt.Opt[ExtID]\n",
		"\tID     ID\n", "\tParent rt.Opt[ID]\n", "\tQty    rt.Opt[Count]\n", "\tPrice  rt.Opt[Price]\n"}
	plain := []string{"\tExt    rt.Opt[string]\n", "\tID     string\n", "\tParent rt.Opt[string]\n", "\tQty    rt.Opt[int64]\n", "\tPrice  rt.Opt[float64]\n"}
	always := []string{"\tNote   rt.Opt[string]\n", "\tMaybe  rt.Opt[rt.Nullable[string]]\n"}
	for _, plainScalars := range []bool{false, true} {
		out, err := Generate(Config{Package: "p", PlainScalars: plainScalars, Files: []File{{Name: "s.json", Data: []byte(schema)}}})
		if err != nil {
			t.Fatal(err)
		}
		types, val := string(out["types.go"]), string(out["validate.go"])
		has, hasNot := named, plain
		if plainScalars {
			has, hasNot = plain, named
		}
		for _, want := range append(has, always...) {
			if !strings.Contains(types, want) {
				t.Errorf("PlainScalars %v: types.go lacks %q:\n%s", plainScalars, want, types)
			}
		}
		for _, unwanted := range append(hasNot, "type Note ", "type MaybeID ") {
			if strings.Contains(types, unwanted) {
				t.Errorf("PlainScalars %v: types.go has %q:\n%s", plainScalars, unwanted, types)
			}
		}
		if got := strings.Contains(val, "func (v ID) Validate() error"); got == plainScalars {
			t.Errorf("PlainScalars %v: ID has Validate: %v\n%s", plainScalars, got, val)
		}
	}
}
