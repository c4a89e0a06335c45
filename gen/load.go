package gen

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/zeroproject/zero/rt"
)

// File is one schema file given to the generator.
type File struct {
	// Name is the file's path relative to the schema directory, with
	// forward slashes ("streamjson/v1/output.json"). Error messages use it.
	Name string
	Data []byte
}

// Config says what to generate.
type Config struct {
	// Package is the Go package name of the output.
	Package string
	// Files are the schema files. Every file that is more than a container
	// of $defs is a root: it gets a Go type with decoders and encoders.
	Files []File
	// BaseURL names files that have no $id: BaseURL + Name. Default
	// "file:///schemas/".
	BaseURL string
	// LoadURL fetches schemas referred to by $ref that are not among Files
	// (for example a test suite's remote documents). Nil refuses them.
	LoadURL func(url string) ([]byte, error)
	// Roots, when set, limits which files are roots (by Name), and RootNames
	// give the Go name of a root whose schema has no title.
	Roots     []string
	RootNames map[string]string
	// Fixtures also generates test fixtures and the test that runs them.
	Fixtures bool
}

// loaded is the result of the load stage.
type loaded struct {
	cfg     *Config
	docs    map[string]*rawDoc // by document URL
	byName  map[string]*rawDoc
	roots   []*rawDoc
	compile *jsonschema.Compiler
}

type rawDoc struct {
	name   string // file name for messages
	url    string
	raw    *rawNode
	data   []byte
	schema *jsonschema.Schema // compiled root of the document
	isRoot bool
}

// GenError is a generation failure located at a schema position.
type GenError struct {
	File    string // schema file name
	Pointer string // JSON Pointer inside the file
	Msg     string
}

func (e *GenError) Error() string {
	return e.File + "#" + e.Pointer + ": " + e.Msg
}

func load(cfg *Config) (*loaded, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = "file:///schemas/"
	}
	l := &loaded{cfg: cfg, docs: map[string]*rawDoc{}, byName: map[string]*rawDoc{}}
	files := append([]File(nil), cfg.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	for _, f := range files {
		doc, err := l.parseDoc(f.Name, f.Data, cfg.BaseURL+f.Name)
		if err != nil {
			return nil, err
		}
		l.byName[f.Name] = doc
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.ExtractAnnotations = true
	c.AssertFormat = false
	c.AssertContent = false
	c.LoadURL = l.loadURL
	for _, f := range files {
		doc := l.byName[f.Name]
		if err := c.AddResource(doc.url, bytes.NewReader(f.Data)); err != nil {
			return nil, &GenError{File: f.Name, Msg: cleanCompileError(err)}
		}
	}
	l.compile = c
	for _, f := range files {
		doc := l.byName[f.Name]
		s, err := c.Compile(doc.url)
		if err != nil {
			return nil, &GenError{File: f.Name, Msg: cleanCompileError(err)}
		}
		doc.schema = s
		if l.isRootFile(doc) {
			doc.isRoot = true
			l.roots = append(l.roots, doc)
		}
	}
	return l, nil
}

// parseDoc parses and checks one document's keywords and registers it.
func (l *loaded) parseDoc(name string, data []byte, defaultURL string) (*rawDoc, error) {
	raw, err := parseRaw(data)
	if err != nil {
		return nil, &GenError{File: name, Msg: "not valid JSON: " + err.Error()}
	}
	u := defaultURL
	if id := raw.get("$id"); id != nil && id.kind == rt.String {
		if pu, err := url.Parse(id.str); err == nil && pu.IsAbs() {
			u = strings.TrimSuffix(id.str, "#")
		}
	}
	if err := checkKeywords(name, raw, ""); err != nil {
		return nil, err
	}
	doc := &rawDoc{name: name, url: u, raw: raw, data: data}
	l.docs[u] = doc
	if u != defaultURL {
		l.docs[defaultURL] = doc
	}
	return doc, nil
}

func (l *loaded) loadURL(u string) (io.ReadCloser, error) {
	if l.cfg.LoadURL == nil {
		return nil, fmt.Errorf("no schema file has $id %s", u)
	}
	data, err := l.cfg.LoadURL(u)
	if err != nil {
		return nil, err
	}
	if _, ok := l.docs[u]; !ok {
		if _, err := l.parseDoc(u, data, u); err != nil {
			return nil, err
		}
	}
	return io.NopCloser(bytes.NewReader(data)), nil
}

// isRootFile reports whether a file defines a document of its own, rather
// than only holding $defs for others.
func (l *loaded) isRootFile(doc *rawDoc) bool {
	if len(l.cfg.Roots) > 0 {
		for _, r := range l.cfg.Roots {
			if r == doc.name {
				return true
			}
		}
		return false
	}
	if doc.raw.kind != rt.Object {
		return true
	}
	for _, m := range doc.raw.members {
		if !annotationKeyword[m.key] && m.key != "$defs" {
			return true
		}
	}
	return false
}

// rawFor finds the raw JSON of a compiled schema from its location.
func (l *loaded) rawFor(s *jsonschema.Schema) (*rawDoc, string, *rawNode) {
	loc := s.Location
	i := strings.LastIndex(loc, "#")
	docURL, frag := loc, ""
	if i >= 0 {
		docURL, frag = loc[:i], loc[i+1:]
	}
	doc := l.docs[docURL]
	if doc == nil {
		return nil, frag, nil
	}
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	return doc, ptr, doc.raw.lookup(ptr)
}

func cleanCompileError(err error) string {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "jsonschema: ", "")
	return strings.TrimSpace(msg)
}
