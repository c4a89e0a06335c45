package schema

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The tests in this file hold every schema file to the project's rules:
// it compiles as draft 2020-12, it is a document a client author can read
// (titles, descriptions), and it stays inside the keywords zerogen supports.
//
// Run them with: go test ./schema/

const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// allowedKeywords are the only JSON Schema keywords the schema files may use.
var allowedKeywords = map[string]bool{
	"$schema": true, "$id": true, "$ref": true, "$defs": true,
	"title": true, "description": true, "examples": true, "deprecated": true,
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"const": true, "enum": true, "oneOf": true, "allOf": true,
	"pattern": true, "minLength": true, "maxLength": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"items": true, "minItems": true, "maxItems": true, "uniqueItems": true,
	"format": true, "default": true,
	// x-known-values declares the codes of an open vocabulary (error,
	// warning and block codes, risk categories, exit codes) with their
	// meanings, on a definition whose pattern or bounds keep it open to codes
	// added later. It is an annotation (see schema.KnownKeyword and
	// TestKnownValues): a standard anyOf of the known consts and the open
	// pattern would say the same, but zerogen would then give the field no
	// Go shape, and every code in Go would become raw JSON.
	KnownKeyword: true,
	// x-go-name names the Go field of a property whose key makes a poor Go
	// name (MCP's reserved "io.modelcontextprotocol/clientInfo" in _meta
	// would be IoModelcontextprotocolClientInfo); an annotation zerogen
	// reads, as oapi-codegen and go-swagger do.
	"x-go-name": true,
	// anyOf appears only where a protocol Zero speaks but does not own
	// allows alternatives that no constant tells apart: MCP's text and blob
	// resource contents (told apart by which member they carry) and its
	// request ids (a string or an integer; ajv's strict mode refuses a type
	// list). Zero's own unions are oneOf of objects with a "type" constant
	// (TestUnionsAreDiscriminated).
	"anyOf": true,
}

// acpKeywords are the keywords the ACP schemas may use beyond
// allowedKeywords, to say what ACP's official schema says:
//   - anyOf, for ACP's unions that no constant tells apart (an MCP server
//     is told apart by the presence of members, an embedded resource by
//     text or blob) and for its nullable references; zerogen keeps
//     such a value as raw JSON checked by its interpreter;
//   - x-deserialize-default-on-error and x-deserialize-skip-invalid-items,
//     ACP's marks for members a reader takes leniently (a value it cannot
//     use counts as absent; a list item it cannot use is dropped), which
//     Zero's ACP reader follows (internal/acp).
var acpKeywords = map[string]bool{
	"anyOf": true, "x-deserialize-default-on-error": true, "x-deserialize-skip-invalid-items": true,
}

// acpDiscriminators are the constant properties that tell ACP's unions
// apart: ACP names them after the union (sessionUpdate, outcome) rather
// than type.
var acpDiscriminators = []string{"type", "sessionUpdate", "outcome"}

var (
	goTypeName = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	camelCase  = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	snakeCase  = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	versionDir = regexp.MustCompile(`/v([1-9][0-9]*)$`)
	// foreignName matches the member names MCP itself fixes that are not
	// lowerCamelCase: _meta, $schema inside a schema object, and the
	// reverse-DNS keys of _meta (io.modelcontextprotocol/protocolVersion).
	foreignName = regexp.MustCompile(`^(_meta|\$schema|[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+/[a-z][A-Za-z0-9]*)$`)
)

// isMap reports whether s is an object whose member names the document's
// author chooses (no properties, additionalProperties a schema), such as
// the servers of an MCP config file or a server's environment variables.
func isMap(s map[string]any) bool {
	_, hasProps := s["properties"]
	sub, isSchema := s["additionalProperties"].(map[string]any)
	return !hasProps && isSchema && len(sub) > 0
}

func TestSchemasCompile(t *testing.T) {
	schemas := compileAll(t)
	t.Logf("compiled %d schema files", len(schemas))
}

func TestSchemaHeaders(t *testing.T) {
	for _, f := range loadSchemaFiles(t) {
		if got := f.Doc["$schema"]; got != draft2020 {
			t.Errorf("%s: $schema = %v, want %s", f.Path, got, draft2020)
		}
		if got := f.Doc["$id"]; got != f.ID {
			t.Errorf("%s: $id = %v, want %s (the base plus the file's path)", f.Path, got, f.ID)
		}
		if title, _ := f.Doc["title"].(string); !goTypeName.MatchString(title) {
			t.Errorf("%s: title %q is not a Go-style PascalCase type name", f.Path, title)
		}
		if d, _ := f.Doc["description"].(string); d == "" {
			t.Errorf("%s: the root has no description", f.Path)
		}
		if !versionDir.MatchString(f.Dir()) {
			t.Errorf("%s: not in a FAMILY/vN directory", f.Path)
		}
	}
}

func TestSchemaKeywordsAreSupported(t *testing.T) {
	for _, f := range loadSchemaFiles(t) {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			for kw := range s {
				if !allowedKeywords[kw] && !(f.IsACP() && acpKeywords[kw]) {
					t.Errorf("%s#%s: keyword %q is not supported", f.Path, ptr, kw)
				}
			}
			if _, ok := s["$schema"]; ok && ptr != "" {
				t.Errorf("%s#%s: $schema belongs at the root only", f.Path, ptr)
			}
			if _, ok := s["$id"]; ok && ptr != "" {
				t.Errorf("%s#%s: $id belongs at the root only", f.Path, ptr)
			}
		})
	}
}

func TestSchemaDescriptions(t *testing.T) {
	for _, f := range loadSchemaFiles(t) {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			for _, kw := range []string{"properties", "$defs"} {
				m, _ := s[kw].(map[string]any)
				for _, name := range sortedKeys(m) {
					sub, _ := m[name].(map[string]any)
					if d, _ := sub["description"].(string); strings.TrimSpace(d) == "" {
						t.Errorf("%s#%s/%s/%s: no description", f.Path, ptr, kw, name)
					}
				}
			}
		})
	}
}

// TestObjectSchemasAreClosed checks that every object schema says which
// members it admits: Zero's own documents are closed (additionalProperties:
// false), so that a misspelt member is an error. A vendor's documents are
// open instead (additionalProperties: true, said explicitly), because
// vendors add members without notice and Zero must keep reading; their
// schemas may also admit null for an object, as vendors send it.
func TestObjectSchemasAreClosed(t *testing.T) {
	for _, f := range loadSchemaFiles(t) {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			_, hasProps := s["properties"]
			if !isObject(s, f.IsVendor()) && !hasProps {
				return
			}
			if !isObject(s, f.IsVendor()) {
				t.Errorf("%s#%s: has properties but is not type object", f.Path, ptr)
			}
			switch {
			case f.IsVendor():
				if s["additionalProperties"] != true {
					t.Errorf("%s#%s: object schema without additionalProperties: true", f.Path, ptr)
				}
			case f.IsACP() && s["additionalProperties"] == false:
				// ACP lets peers add members to every object (its
				// extensibility rule), so Zero's ACP objects stay open and
				// keep the members they do not know.
				t.Errorf("%s#%s: an ACP object is open: no additionalProperties: false", f.Path, ptr)
			case f.IsACP():
			case f.IsForeign() || isMap(s):
				return
			case s["additionalProperties"] != false:
				t.Errorf("%s#%s: object schema without additionalProperties: false", f.Path, ptr)
			}
			props, _ := s["properties"].(map[string]any)
			req, _ := s["required"].([]any)
			for _, r := range req {
				if _, ok := props[r.(string)]; !ok {
					t.Errorf("%s#%s: required %q is not a property", f.Path, ptr, r)
				}
			}
		})
	}
}

// isObject reports whether s is an object schema: type "object", or, with
// orNull, type ["object", "null"].
func isObject(s map[string]any, orNull bool) bool {
	if s["type"] == "object" {
		return true
	}
	types, _ := s["type"].([]any)
	return orNull && len(types) == 2 && types[0] == "object" && types[1] == "null"
}

// TestTitles checks that titles are Go type names, unique within the Go
// package their file generates, and given to the right schemas: every
// object and enum is named, while primitive building blocks are not (they
// inline into the fields that use them).
func TestTitles(t *testing.T) {
	seen := map[string]string{} // dir + title -> where
	for _, f := range loadSchemaFiles(t) {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			title, hasTitle := s["title"].(string)
			where := f.Path + "#" + ptr
			if hasTitle {
				if !goTypeName.MatchString(title) {
					t.Errorf("%s: title %q is not a Go type name", where, title)
				}
				key := f.Dir() + " " + title
				if prev, dup := seen[key]; dup {
					t.Errorf("%s: title %q already used at %s in the same package", where, title, prev)
				}
				seen[key] = where
			}
			if !strings.HasPrefix(ptr, "/$defs/") || strings.Count(ptr, "/") != 2 {
				return
			}
			_, isEnum := s["enum"]
			types, _ := s["type"].([]any)
			named := isEnum || isObject(s, f.IsVendor()) || s["oneOf"] != nil || slices.Contains(types, any("object"))
			if named && !hasTitle {
				t.Errorf("%s: objects, unions and enums need a title (their Go type name)", where)
			}
			if !named && hasTitle {
				t.Errorf("%s: a primitive building block gets no title, so that it inlines", where)
			}
		})
	}
}

func TestPropertyNames(t *testing.T) {
	for _, f := range loadSchemaFiles(t) {
		want, style := camelCase, "lowerCamelCase"
		if f.IsTool() || f.IsVendor() {
			want, style = snakeCase, "snake_case" // as models and vendors name them
		}
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			props, _ := s["properties"].(map[string]any)
			for name := range props {
				if f.IsACP() && name == "_meta" {
					continue // ACP's extension member, on every object
				}
				if f.IsForeign() && foreignName.MatchString(name) {
					continue
				}
				if !want.MatchString(name) {
					t.Errorf("%s#%s: property %q is not %s", f.Path, ptr, name, style)
				}
			}
		})
	}
}

// TestToolSchemasAreSelfContained checks the rules for the schemas that are
// sent to model providers as tool parameter schemas.
func TestToolSchemasAreSelfContained(t *testing.T) {
	n := 0
	for _, f := range loadSchemaFiles(t) {
		if !f.IsTool() {
			continue
		}
		n++
		if f.Doc["type"] != "object" {
			t.Errorf("%s: a tool's arguments must be a top-level type object", f.Path)
		}
		if !strings.HasSuffix(f.Doc["title"].(string), "Args") {
			t.Errorf("%s: a tool's arguments title ends in Args", f.Path)
		}
		if props, _ := f.Doc["properties"].(map[string]any); props["schemaVersion"] != nil {
			t.Errorf("%s: tool arguments carry no schemaVersion", f.Path)
		}
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			for _, kw := range []string{"$ref", "$defs", "oneOf", "allOf"} {
				if _, ok := s[kw]; ok {
					t.Errorf("%s#%s: %s is not allowed in a tool schema (providers get the file as it is)", f.Path, ptr, kw)
				}
			}
		})
	}
	if n != 7 {
		t.Errorf("found %d tool schemas, want 7", n)
	}
}

// TestUnionsAreDiscriminated checks that every oneOf is a list of $refs to
// object schemas told apart by a constant "type" property.
func TestUnionsAreDiscriminated(t *testing.T) {
	files := loadSchemaFiles(t)
	for _, f := range files {
		visitSchemas("", f.Doc, func(ptr string, s map[string]any) {
			arr, ok := s["oneOf"].([]any)
			if !ok {
				return
			}
			where := f.Path + "#" + ptr
			consts := map[string]bool{}
			for i, m := range arr {
				member, _ := m.(map[string]any)
				ref, _ := member["$ref"].(string)
				if ref == "" || len(member) != 1 {
					t.Errorf("%s/oneOf/%d: a union member is a bare $ref", where, i)
					continue
				}
				_, _, target, err := resolveRef(files, f.ID, ref)
				if err != nil {
					t.Errorf("%s/oneOf/%d: %v", where, i, err)
					continue
				}
				c := discriminator(target)
				if f.IsACP() {
					c = acpDiscriminator(target)
				}
				if c == "" {
					t.Errorf("%s/oneOf/%d: %s has no required constant string property \"type\"", where, i, ref)
				}
				if consts[c] {
					t.Errorf("%s/oneOf/%d: type %q appears twice", where, i, c)
				}
				consts[c] = true
			}
		})
	}
}

// acpDiscriminator returns the constant value of the first of
// acpDiscriminators that s requires, or "" when it requires none.
func acpDiscriminator(s map[string]any) string {
	if s["type"] != "object" {
		return ""
	}
	req, _ := s["required"].([]any)
	props, _ := s["properties"].(map[string]any)
	for _, name := range acpDiscriminators {
		p, _ := props[name].(map[string]any)
		if c, ok := p["const"].(string); ok && slices.Contains(req, any(name)) {
			return c
		}
	}
	return ""
}

// discriminator returns the constant value of s's required "type"
// property, or "" when it has none.
func discriminator(s map[string]any) string {
	if s["type"] != "object" {
		return ""
	}
	req, _ := s["required"].([]any)
	if !slices.Contains(req, any("type")) {
		return ""
	}
	props, _ := s["properties"].(map[string]any)
	typ, _ := props["type"].(map[string]any)
	c, _ := typ["const"].(string)
	return c
}

// TestDocumentsCarrySchemaVersion checks every document a root schema
// describes (the root object, or each member of a root union): it requires
// schemaVersion equal to its directory's version, and lists schemaVersion,
// type and runId first, in that order, where it has them.
func TestDocumentsCarrySchemaVersion(t *testing.T) {
	files := loadSchemaFiles(t)
	for _, f := range files {
		if f.IsTool() || f.IsForeign() || f.IsVendor() || strings.HasSuffix(f.Path, "/defs.json") {
			continue // tool arguments, foreign formats and vendor streams are not Zero's documents
		}
		if f.IsACP() {
			checkJSONRPC(t, f)
			continue
		}
		version := versionDir.FindStringSubmatch(f.Dir())[1]
		for _, d := range documentVariants(t, files, f) {
			checkSchemaVersion(t, files, d, version)
			checkLeadingProperties(t, d)
		}
	}
}

// variant is one kind of document a root schema accepts.
type variant struct {
	file   schemaFile
	ptr    string
	schema map[string]any
}

func documentVariants(t *testing.T, files []schemaFile, f schemaFile) []variant {
	arr, ok := f.Doc["oneOf"].([]any)
	if !ok {
		return []variant{{f, "", f.Doc}}
	}
	var out []variant
	for _, m := range arr {
		ref, _ := m.(map[string]any)["$ref"].(string)
		tf, ptr, target, err := resolveRef(files, f.ID, ref)
		if err != nil {
			t.Errorf("%s: %v", f.Path, err)
			continue
		}
		out = append(out, variant{tf, ptr, target})
	}
	return out
}

// checkJSONRPC checks an ACP message file (one with a jsonrpc member):
// ACP messages carry "jsonrpc": "2.0" instead of a schemaVersion, as the
// first member, and require it. Params and result files carry neither.
func checkJSONRPC(t *testing.T, f schemaFile) {
	props, _ := f.Doc["properties"].(map[string]any)
	jr, ok := props["jsonrpc"].(map[string]any)
	if !ok {
		if _, has := props["schemaVersion"]; has {
			t.Errorf("%s: ACP documents carry no schemaVersion", f.Path)
		}
		return
	}
	req, _ := f.Doc["required"].([]any)
	if jr["const"] != "2.0" || !slices.Contains(req, any("jsonrpc")) {
		t.Errorf("%s: jsonrpc must be required with const \"2.0\"", f.Path)
	}
	if keys := f.Order["/properties"]; len(keys) == 0 || keys[0] != "jsonrpc" {
		t.Errorf("%s: properties start %v, want jsonrpc first", f.Path, keys)
	}
}

func checkSchemaVersion(t *testing.T, files []schemaFile, d variant, version string) {
	where := d.file.Path + "#" + d.ptr
	props, _ := d.schema["properties"].(map[string]any)
	sv, _ := props["schemaVersion"].(map[string]any)
	if ref, ok := sv["$ref"].(string); ok {
		var err error
		if _, _, sv, err = resolveRef(files, d.file.ID, ref); err != nil {
			t.Errorf("%s: schemaVersion: %v", where, err)
			return
		}
	}
	if c, _ := sv["const"].(json.Number); c.String() != version {
		t.Errorf("%s: schemaVersion const = %v, want %s", where, sv["const"], version)
	}
	req, _ := d.schema["required"].([]any)
	if !slices.Contains(req, any("schemaVersion")) {
		t.Errorf("%s: schemaVersion is not required", where)
	}
}

func checkLeadingProperties(t *testing.T, d variant) {
	keys := d.file.Order[d.ptr+"/properties"]
	var want []string
	for _, k := range []string{"schemaVersion", "type", "runId"} {
		if slices.Contains(keys, k) {
			want = append(want, k)
		}
	}
	if len(keys) < len(want) || !slices.Equal(keys[:len(want)], want) {
		t.Errorf("%s#%s: properties start %v, want %v first", d.file.Path, d.ptr, keys, want)
	}
}

// TestEmbeddedFS checks that FS holds exactly the schema files.
func TestEmbeddedFS(t *testing.T) {
	var embedded []string
	err := fs.WalkDir(FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			embedded = append(embedded, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range loadSchemaFiles(t) {
		want = append(want, f.Path)
	}
	if !slices.Equal(embedded, want) {
		t.Errorf("embedded files:\n%v\nwant:\n%v\n(update the go:embed line in embed.go)", embedded, want)
	}
}
