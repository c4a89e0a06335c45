package schema

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

// Options say what to load.
type Options struct {
	// Files are the schema files. Every file that is more than a container
	// of $defs is a root.
	Files []File
	// BaseURL names files that have no $id: BaseURL + Name. Default
	// "file:///schemas/".
	BaseURL string
	// LoadURL fetches schemas referred to by $ref that are not among Files
	// (for example a test suite's remote documents). Nil refuses them.
	LoadURL func(url string) ([]byte, error)
	// Roots, when set, limits which files are roots (by Name).
	Roots []string
}

// Loaded is a set of schema files compiled together: each file's ordered
// JSON tree beside the compiler's view of it.
type Loaded struct {
	Opts  Options
	Docs  map[string]*Doc // by document URL (and by BaseURL + Name when the file has an $id)
	Roots []*Doc          // the root files in name order
}

// Doc is one loaded schema document.
type Doc struct {
	Name   string // file name for messages
	URL    string
	Raw    *Value
	Data   []byte
	Schema *jsonschema.Schema // compiled root of the document
	IsRoot bool
}

// Load parses every file, refuses unknown and unsupported keywords with
// their position, then compiles the files together with
// santhosh-tekuri/jsonschema/v5 (which resolves $ref across them and checks
// them against the 2020-12 meta-schema).
func Load(opts Options) (*Loaded, error) {
	if opts.BaseURL == "" {
		opts.BaseURL = "file:///schemas/"
	}
	l := &Loaded{Opts: opts, Docs: map[string]*Doc{}}
	files := append([]File(nil), opts.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	byName := map[string]*Doc{}
	for _, f := range files {
		doc, err := l.parseDoc(f.Name, f.Data, opts.BaseURL+f.Name)
		if err != nil {
			return nil, err
		}
		byName[f.Name] = doc
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.ExtractAnnotations = true
	c.AssertFormat = false
	c.AssertContent = false
	c.LoadURL = l.loadURL
	for _, f := range files {
		if err := c.AddResource(byName[f.Name].URL, bytes.NewReader(f.Data)); err != nil {
			return nil, &Error{File: f.Name, Msg: cleanCompileError(err)}
		}
	}
	for _, f := range files {
		doc := byName[f.Name]
		s, err := c.Compile(doc.URL)
		if err != nil {
			return nil, &Error{File: f.Name, Msg: cleanCompileError(err)}
		}
		doc.Schema = s
		if l.isRootFile(doc) {
			doc.IsRoot = true
			l.Roots = append(l.Roots, doc)
		}
	}
	return l, nil
}

// parseDoc parses and checks one document's keywords and registers it.
func (l *Loaded) parseDoc(name string, data []byte, defaultURL string) (*Doc, error) {
	raw, err := Parse(data)
	if err != nil {
		return nil, &Error{File: name, Msg: "not valid JSON: " + err.Error()}
	}
	u := defaultURL
	if id := raw.Get("$id"); id != nil && id.Kind == rt.String {
		if pu, err := url.Parse(id.Str); err == nil && pu.IsAbs() {
			u = strings.TrimSuffix(id.Str, "#")
		}
	}
	if err := checkKeywords(name, raw, ""); err != nil {
		return nil, err
	}
	doc := &Doc{Name: name, URL: u, Raw: raw, Data: data}
	l.Docs[u] = doc
	if u != defaultURL {
		l.Docs[defaultURL] = doc
	}
	return doc, nil
}

func (l *Loaded) loadURL(u string) (io.ReadCloser, error) {
	if l.Opts.LoadURL == nil {
		return nil, fmt.Errorf("no schema file has $id %s", u)
	}
	data, err := l.Opts.LoadURL(u)
	if err != nil {
		return nil, err
	}
	if _, ok := l.Docs[u]; !ok {
		if _, err := l.parseDoc(u, data, u); err != nil {
			return nil, err
		}
	}
	return io.NopCloser(bytes.NewReader(data)), nil
}

// isRootFile reports whether a file defines a document of its own, rather
// than only holding $defs for others.
func (l *Loaded) isRootFile(doc *Doc) bool {
	if len(l.Opts.Roots) > 0 {
		for _, r := range l.Opts.Roots {
			if r == doc.Name {
				return true
			}
		}
		return false
	}
	if doc.Raw.Kind != rt.Object {
		return true
	}
	for _, m := range doc.Raw.Members {
		if !Annotation[m.Key] && m.Key != "$defs" {
			return true
		}
	}
	return false
}

// RawFor finds the document, JSON Pointer and raw JSON of a compiled
// schema from its location. The document and value are nil for a schema
// outside the loaded files (such as a meta-schema).
func (l *Loaded) RawFor(s *jsonschema.Schema) (*Doc, string, *Value) {
	loc := s.Location
	i := strings.LastIndex(loc, "#")
	docURL, frag := loc, ""
	if i >= 0 {
		docURL, frag = loc[:i], loc[i+1:]
	}
	doc := l.Docs[docURL]
	if doc == nil {
		return nil, frag, nil
	}
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	return doc, ptr, doc.Raw.Lookup(ptr)
}

// ErrAt is an error at schema s, located in its file when it has one.
func (l *Loaded) ErrAt(s *jsonschema.Schema, format string, args ...any) error {
	doc, ptr, _ := l.RawFor(s)
	name := s.Location
	if doc != nil {
		name = doc.Name
	}
	return &Error{File: name, Pointer: ptr, Msg: fmt.Sprintf(format, args...)}
}

func cleanCompileError(err error) string {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "jsonschema: ", "")
	return strings.TrimSpace(msg)
}
