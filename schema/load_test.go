package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// idBase is the prefix of every schema's $id; the rest is the file's path
// below this directory.
const idBase = "https://schemas.zero.dev/"

// schemaFile is one schema file of this directory, decoded.
type schemaFile struct {
	Path  string              // slash-separated path below this directory, e.g. "streamjson/v1/output.json"
	ID    string              // the $id the file must have: idBase + Path
	Raw   []byte              // the file's bytes
	Doc   map[string]any      // the decoded file (numbers as json.Number)
	Order map[string][]string // JSON Pointer of each object in Doc -> its keys in file order
}

// Dir is the Go package the file's types are generated into, e.g. "streamjson/v1".
func (f schemaFile) Dir() string { return f.Path[:strings.LastIndex(f.Path, "/")] }

// IsTool reports whether the file is a tool-argument schema.
func (f schemaFile) IsTool() bool { return strings.HasPrefix(f.Path, "tools/") }

// IsACP reports whether the file is one of Zero's Agent Client Protocol
// schemas, which follow ACP's conventions where JSON-RPC and ACP need them
// (see acpKeywords).
func (f schemaFile) IsACP() bool { return strings.HasPrefix(f.Path, "acp/") }

// IsForeign reports whether the file describes documents of a format Zero
// speaks but does not own: MCP's messages, and the mcpServers file other
// agents read too. Their shapes are fixed by others, so they carry no
// schemaVersion, MCP's objects stay open as the protocol declares them
// (a closed reader would refuse valid messages from newer servers), and
// MCP's own member names (_meta and its reverse-DNS keys) are kept.
// mcpconfig is closed all the same: it is a file Zero reads strictly.
func (f schemaFile) IsForeign() bool {
	return strings.HasPrefix(f.Path, "mcp/") || strings.HasPrefix(f.Path, "mcpconfig/")
}

// IsVendor reports whether the file describes a document a model vendor
// writes (a streamed chunk or event), which Zero reads but does not define.
func (f schemaFile) IsVendor() bool {
	return strings.HasPrefix(f.Path, "openai/") || strings.HasPrefix(f.Path, "anthropic/")
}

// loadSchemaFiles reads every *.json file below this directory except test
// data, sorted by path.
func loadSchemaFiles(t *testing.T) []schemaFile {
	t.Helper()
	var files []schemaFile
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.Ext(path) != ".json" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		v, order, err := decodeOrdered(raw)
		if err != nil {
			return fmt.Errorf("decode %s: %w", path, err)
		}
		doc, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: top level is not an object", path)
		}
		rel := filepath.ToSlash(path)
		files = append(files, schemaFile{Path: rel, ID: idBase + rel, Raw: raw, Doc: doc, Order: order})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no schema files found")
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files
}

// newCompiler returns a draft 2020-12 compiler that knows every schema file
// by its $id and does not assert formats.
func newCompiler(t *testing.T, files []schemaFile) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = false
	for _, f := range files {
		id, _ := f.Doc["$id"].(string)
		if id == "" {
			id = f.ID
		}
		if err := c.AddResource(id, bytes.NewReader(f.Raw)); err != nil {
			t.Fatalf("add %s: %v", f.Path, err)
		}
	}
	return c
}

// compileAll compiles every schema file and returns them by path.
func compileAll(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	files := loadSchemaFiles(t)
	c := newCompiler(t, files)
	out := make(map[string]*jsonschema.Schema, len(files))
	for _, f := range files {
		s, err := c.Compile(f.ID)
		if err != nil {
			t.Fatalf("compile %s: %v", f.Path, err)
		}
		out[f.Path] = s
	}
	return out
}

// decodeJSON decodes one JSON value the way jsonschema expects it: numbers
// as json.Number, and nothing after the value.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

// decodeOrdered decodes data like decodeJSON and also records, for every
// object, its keys in the order they appear, by the object's JSON Pointer.
func decodeOrdered(data []byte) (any, map[string][]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	order := map[string][]string{}
	v, err := decodeValue(dec, "", order)
	if err != nil {
		return nil, nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, order, nil
}

func decodeValue(dec *json.Decoder, ptr string, order map[string][]string) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		return decodeObject(dec, ptr, order)
	case json.Delim('['):
		return decodeArray(dec, ptr, order)
	}
	return tok, nil
}

func decodeObject(dec *json.Decoder, ptr string, order map[string][]string) (any, error) {
	obj := map[string]any{}
	keys := []string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string)
		if _, dup := obj[key]; dup {
			return nil, fmt.Errorf("%s: duplicate key %q", ptr, key)
		}
		v, err := decodeValue(dec, ptr+"/"+escapePointer(key), order)
		if err != nil {
			return nil, err
		}
		obj[key] = v
		keys = append(keys, key)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	order[ptr] = keys
	return obj, nil
}

func decodeArray(dec *json.Decoder, ptr string, order map[string][]string) (any, error) {
	arr := []any{}
	for i := 0; dec.More(); i++ {
		v, err := decodeValue(dec, ptr+"/"+strconv.Itoa(i), order)
		if err != nil {
			return nil, err
		}
		arr = append(arr, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return arr, nil
}

// escapePointer escapes one JSON Pointer reference token (RFC 6901).
func escapePointer(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

// visitSchemas calls fn for every schema object in doc (doc itself, and
// every subschema reachable through the applicator keywords Zero uses),
// with its JSON Pointer.
func visitSchemas(ptr string, node any, fn func(ptr string, s map[string]any)) {
	s, ok := node.(map[string]any)
	if !ok {
		return
	}
	fn(ptr, s)
	for _, kw := range []string{"properties", "$defs"} {
		m, _ := s[kw].(map[string]any)
		for _, name := range sortedKeys(m) {
			visitSchemas(ptr+"/"+kw+"/"+escapePointer(name), m[name], fn)
		}
	}
	for _, kw := range []string{"items", "additionalProperties"} {
		visitSchemas(ptr+"/"+kw, s[kw], fn)
	}
	for _, kw := range []string{"oneOf", "allOf"} {
		arr, _ := s[kw].([]any)
		for i, sub := range arr {
			visitSchemas(ptr+"/"+kw+"/"+strconv.Itoa(i), sub, fn)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// resolveRef finds the schema that ref, written in the file with id base,
// points to: the target file and the JSON Pointer within it.
func resolveRef(files []schemaFile, base, ref string) (schemaFile, string, map[string]any, error) {
	b, err := url.Parse(base)
	if err != nil {
		return schemaFile{}, "", nil, err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return schemaFile{}, "", nil, err
	}
	u := b.ResolveReference(r)
	frag := u.Fragment
	u.Fragment = ""
	for _, f := range files {
		if f.ID != u.String() {
			continue
		}
		node, err := lookupPointer(f.Doc, frag)
		if err != nil {
			return schemaFile{}, "", nil, fmt.Errorf("%s: %w", ref, err)
		}
		return f, frag, node, nil
	}
	return schemaFile{}, "", nil, fmt.Errorf("%s: no schema file has $id %s", ref, u)
}

// lookupPointer returns the object at the JSON Pointer ptr in doc.
func lookupPointer(doc map[string]any, ptr string) (map[string]any, error) {
	if ptr == "" {
		return doc, nil
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, fmt.Errorf("fragment %q is not a JSON Pointer", ptr)
	}
	var node any = doc
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil, fmt.Errorf("pointer %q: bad index %q", ptr, tok)
			}
			node = n[i]
		default:
			node = nil
		}
		if node == nil {
			return nil, fmt.Errorf("pointer %q: %q not found", ptr, tok)
		}
	}
	obj, ok := node.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("pointer %q: not a schema object", ptr)
	}
	return obj, nil
}

// leafErrors returns the innermost causes of a validation error: the
// failures of single keywords.
func leafErrors(err *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(err.Causes) == 0 {
		return []*jsonschema.ValidationError{err}
	}
	var out []*jsonschema.ValidationError
	for _, c := range err.Causes {
		out = append(out, leafErrors(c)...)
	}
	return out
}

// seedDir is where the original protocol text lives, beside the repository.
var seedDir = filepath.Join("..", "..", "shared", "seed")
