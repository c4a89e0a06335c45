package bundle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/internal/schematest"
	"github.com/zeroproject/zero/gen/ir"
)

// compileAlone compiles one document with nothing else available.
func compileAlone(t *testing.T, id string, data []byte) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) { return nil, fmt.Errorf("bundle reached outside itself: %s", u) }
	if err := c.AddResource(id, bytes.NewReader(data)); err != nil {
		t.Fatalf("add %s: %v", id, err)
	}
	s, err := c.Compile(id)
	if err != nil {
		t.Fatalf("compile %s alone: %v", id, err)
	}
	return s
}

// compileSet compiles root of a set with all its files, as the project does.
func compileSet(t *testing.T, files []schema.File, rootURL string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	for _, f := range files {
		var doc struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(f.Data, &doc); err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(doc.ID, bytes.NewReader(f.Data)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile(rootURL)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// verdict validates one JSON text; parse failures count as invalid.
func verdict(s *jsonschema.Schema, doc []byte) bool {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	return d.Decode(&v) == nil && s.Validate(v) == nil
}

// sampleDocs returns the shared documents and every generated fixture of
// one root: the documents both validators must agree on.
func sampleDocs(t *testing.T, set schema.SchemaSet, root BundledRoot) [][]byte {
	t.Helper()
	var docs [][]byte
	var shared []struct {
		Schema string          `json:"schema"`
		Doc    json.RawMessage `json:"doc"`
	}
	data, err := os.ReadFile("../../schema/testdata/documents.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &shared); err != nil {
		t.Fatal(err)
	}
	for _, c := range shared {
		if c.Schema == set.Dir()+"/"+root.File {
			docs = append(docs, c.Doc)
		}
	}
	for _, kind := range []string{"valid", "invalid"} {
		path := fmt.Sprintf("../../generated/%s/testdata/fixtures/%s.%s.jsonl", set.Dir(), ir.GoName(root.Title), kind)
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) && skipsUnknown(set) {
			continue // no fixtures: the shared documents stand in
		}
		if err != nil {
			t.Fatalf("fixtures of %s: %v", root.File, err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			docs = append(docs, append([]byte(nil), sc.Bytes()...))
		}
		f.Close()
	}
	return docs
}

// skipsUnknown reports whether the set is generated with --skip-unknown
// (the vendor stream formats), which goes without fixtures: its types drop
// unknown members, so fixtures could not round-trip through them.
func skipsUnknown(set schema.SchemaSet) bool {
	gen, err := os.ReadFile("../../zero.go")
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(gen)) {
		if strings.Contains(line, " --out generated/"+set.Dir()+" ") {
			return strings.Contains(line, " --skip-unknown")
		}
	}
	return false
}

// TestBundlesCompileAloneWithTheSameVerdicts bundles every root of the
// project, compiles each bundle with nothing else loaded, and checks that it
// accepts and rejects exactly what the unbundled files do, on the shared
// documents and on every generated fixture.
func TestBundlesCompileAloneWithTheSameVerdicts(t *testing.T) {
	for _, set := range schematest.ProjectSets(t) {
		roots, err := Bundle(set.Files)
		if err != nil {
			t.Fatalf("%s: %v", set.Dir(), err)
		}
		for _, root := range roots {
			bundled := compileAlone(t, root.ID, root.Data)
			plain := compileSet(t, set.Files, root.ID)
			docs := sampleDocs(t, set, root)
			valid := 0
			for _, doc := range docs {
				b, p := verdict(bundled, doc), verdict(plain, doc)
				if b != p {
					t.Errorf("%s/%s: bundle says valid=%v, schema files say %v for %s", set.Dir(), root.File, b, p, doc)
				}
				if p {
					valid++
				}
			}
			if len(docs) < 3 || valid == 0 || valid == len(docs) {
				t.Errorf("%s/%s: %d documents, %d valid: want both kinds", set.Dir(), root.File, len(docs), valid)
			}
		}
	}
}

// TestBundleEmbedsEveryReachableFile bundles a root that reaches three
// files through relative references, one of them behind a nested $id, and
// one referring back to the root.
func TestBundleEmbedsEveryReachableFile(t *testing.T) {
	files := []schema.File{
		{Name: "root.json", Data: []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://x.test/a/root.json","title":"Root",
			"type":"object","additionalProperties":false,"properties":{"n":{"$ref":"num.json#/$defs/n"},"s":{"$ref":"sub/str.json"}}}`)},
		{Name: "num.json", Data: []byte(`{"$id":"https://x.test/a/num.json","$defs":{"n":{"type":"integer","maximum":9}}}`)},
		{Name: "sub/str.json", Data: []byte(`{"$id":"https://x.test/a/sub/str.json","type":"string",
			"not":{"$id":"https://x.test/b/inner.json","$ref":"deep.json"}}`)},
		{Name: "b/deep.json", Data: []byte(`{"$id":"https://x.test/b/deep.json","const":"forbidden"}`)},
		{Name: "unused.json", Data: []byte(`{"$id":"https://x.test/a/unused.json","$defs":{"u":{"type":"null"}}}`)},
	}
	roots, err := Bundle(files)
	if err != nil {
		t.Fatal(err)
	}
	var root BundledRoot
	for _, r := range roots {
		if r.File == "root.json" {
			root = r
		}
	}
	var doc struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(root.Data, &doc); err != nil {
		t.Fatalf("%v\n%s", err, root.Data)
	}
	var keys []string
	for k := range doc.Defs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := "https://x.test/a/num.json https://x.test/a/sub/str.json https://x.test/b/deep.json"
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("embedded %s, want %s", got, want)
	}
	s := compileAlone(t, root.ID, root.Data)
	for doc, want := range map[string]bool{`{"n":9,"s":"ok"}`: true, `{"n":10}`: false, `{"s":"forbidden"}`: false, `{"s":1}`: false} {
		if got := verdict(s, []byte(doc)); got != want {
			t.Errorf("%s: valid=%v, want %v", doc, got, want)
		}
	}
}

func TestBundleRefusesATakenKey(t *testing.T) {
	files := []schema.File{
		{Name: "root.json", Data: []byte(`{"$id":"https://x.test/root.json","title":"Root","$ref":"d.json",
			"$defs":{"https://x.test/d.json":{"type":"string"}}}`)},
		{Name: "d.json", Data: []byte(`{"$id":"https://x.test/d.json","type":"string"}`)},
	}
	_, err := Bundle(files)
	if err == nil || !strings.Contains(err.Error(), "root.json#/$defs/https:~1~1x.test~1d.json: cannot embed d.json") {
		t.Fatalf("got %v", err)
	}
}

func TestBundlesPackage(t *testing.T) {
	out, err := Bundles("bundles", schematest.ProjectSets(t))
	if err != nil {
		t.Fatal(err)
	}
	src := string(out[BundleFile])
	for _, want := range []string{"// Code generated by zerogen. DO NOT EDIT.\n", "package bundles", "//go:embed acp anthropic execresult mcp mcpconfig openai replay session streamjson tools\n",
		`{Family: "streamjson", Version: 2, Root: "output", Title: "Output", ID: "https://schemas.zero.dev/streamjson/v2/output.json", Path: "streamjson/v2/output.json"}`} {
		if !strings.Contains(src, want) {
			t.Errorf("bundles.go lacks %q", want)
		}
	}
	if _, ok := out["streamjson/v1/input.json"]; !ok {
		t.Error("no streamjson/v1/input.json bundle")
	}
	if _, ok := out["streamjson/v1/defs.json"]; ok {
		t.Error("defs.json is not a root but got a bundle")
	}
}
