package schema

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// Options say what to load.
type Options struct {
	// Files are the schema files. Every file with a title, or that is more
	// than a container of $defs, is a root.
	Files []File
	// BaseURL names files that have no $id: BaseURL + Name. Default
	// "file:///schemas/".
	BaseURL string
	// LoadURL fetches schemas referred to by $ref that are not among Files
	// (for example a test suite's remote documents). Nil refuses them.
	LoadURL func(url string) ([]byte, error)
	// Roots names files (by Name) that are roots whatever they hold.
	Roots []string
	// DefaultDialect reads documents whose $schema names no dialect
	// (default 2020-12).
	DefaultDialect Dialect
	// AllowKeywords are keywords accepted as annotations beyond the
	// dialect's own and the known extension vocabularies.
	AllowKeywords []string
	// AssertFormats makes "format" assert in 2019-09 and 2020-12 too,
	// where it is an annotation unless the meta-schema turns on the
	// format-assertion vocabulary. Draft-04 to draft-07 assert it always,
	// as santhosh-tekuri/jsonschema/v5 and ajv with ajv-formats do.
	AssertFormats bool
	// Warn, when set, hears of what the loader accepts but the user may
	// not expect: a keyword of another dialect, which asserts nothing in
	// the document's own.
	Warn func(*Error)
}

// Loaded is a set of schema files compiled together: each file's ordered
// JSON tree beside the compiler's view of it.
type Loaded struct {
	Opts  Options
	Docs  map[string]*Doc // by document URL (and by BaseURL + Name when the file has an $id)
	Roots []*Doc          // the root files in name order

	compiler *jsonschema.Compiler
	allow    map[string]bool
	norms    normCache
	// nodes are the load-time nodes of the compiled schemas (see Node).
	nodes   map[*jsonschema.Schema]*Node
	nodesMu sync.Mutex

	// standIn and fromStandIn map the patterns RE2 cannot compile to the
	// stand-ins the compiler reads instead, and back (see patternStandIn).
	standIn, fromStandIn map[string]string
}

// Doc is one loaded schema document.
type Doc struct {
	Name   string // file name for messages
	URL    string
	Raw    *Value
	Data   []byte             // the bytes the compiler reads: the file, or its rewrite (see compileData)
	Schema *jsonschema.Schema // compiled root of the document
	IsRoot bool

	// Dialect is the draft the document is written in; MetaURL its
	// $schema; Vocab, when not nil, the vocabularies its meta-schema
	// turns on.
	Dialect Dialect
	MetaURL string
	Vocab   map[Vocabulary]bool
	// OpenAPI says the document is an OpenAPI 3.0 Schema Object (its
	// $schema names OpenAPI 3.0's schema, or it names none and the default
	// dialect is OpenAPI30): read as draft-04, with "nullable": true
	// adding null to the types its "type" names.
	OpenAPI bool

	views map[*Value]*Value // 2020-12 views of schema objects that differ

	idKey         string          // "id" in draft-04, else "$id"
	schemaObjects map[*Value]bool // the objects of Raw read as schemas
	standIns      bool            // a pattern RE2 cannot compile: the compiler reads stand-ins
	groups        map[string]bool // the pointers of groups of definitions ($defs/group)
}

// hasVocab reports whether the document's meta-schema has vocabulary v
// ("" is every annotation and extension, always on).
func (d *Doc) hasVocab(v Vocabulary) bool {
	return v == "" || d.Vocab == nil || d.Vocab[v]
}

// Load parses every file, reads each in its dialect (refusing unknown
// keywords with their position and a suggestion), then compiles the files
// together with santhosh-tekuri/jsonschema/v5, which resolves $ref across
// them and checks them against their meta-schemas.
func Load(opts Options) (l *Loaded, err error) {
	defer func() { err = Locate(err, opts.Files) }()
	if opts.BaseURL == "" {
		opts.BaseURL = "file:///schemas/"
	}
	if opts.DefaultDialect == 0 {
		opts.DefaultDialect = Draft2020
	}
	l = &Loaded{Opts: opts, Docs: map[string]*Doc{}, allow: map[string]bool{}, standIn: map[string]string{}, fromStandIn: map[string]string{}}
	for _, k := range opts.AllowKeywords {
		l.allow[k] = true
	}
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
	for _, f := range files {
		if err := l.prepare(byName[f.Name], 0); err != nil {
			return nil, err
		}
	}
	if err := l.checkRefsAndTypes(files); err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = opts.DefaultDialect.draft()
	c.ExtractAnnotations = true
	c.AssertFormat = false
	c.AssertContent = false
	c.LoadURL = l.loadURL
	l.compiler = c
	for _, f := range files {
		if err := c.AddResource(byName[f.Name].URL, bytes.NewReader(byName[f.Name].Data)); err != nil {
			return nil, l.compileError(f.Name, "", err)
		}
	}
	for _, f := range files {
		doc := byName[f.Name]
		s, err := c.Compile(doc.URL)
		if err != nil {
			return nil, l.compileError(f.Name, "", err)
		}
		doc.Schema = s
		if l.isRootFile(doc) {
			doc.IsRoot = true
			l.Roots = append(l.Roots, doc)
		}
	}
	for _, f := range files {
		l.walkNodes(byName[f.Name].Schema)
	}
	return l, nil
}

// parseDoc parses one document and registers it under its URL.
func (l *Loaded) parseDoc(name string, data []byte, defaultURL string) (*Doc, error) {
	data, err := toJSON(name, data)
	if err != nil {
		return nil, err
	}
	raw, err := Parse(data)
	if err != nil {
		return nil, &Error{File: name, Msg: "not valid JSON: " + err.Error()}
	}
	doc := &Doc{Name: name, URL: defaultURL, Raw: raw, Data: data, views: map[*Value]*Value{}, schemaObjects: map[*Value]bool{}, groups: map[string]bool{}}
	if s := raw.Get("$schema"); s != nil && s.Kind == rt.String {
		doc.MetaURL = s.Str
	}
	idKey, refHidesID := "$id", false
	d, openAPI, ok := metaDialect(doc.MetaURL)
	if doc.MetaURL == "" && l.Opts.DefaultDialect == OpenAPI30 {
		d, openAPI, ok = Draft4, true, true
	}
	if openAPI {
		doc.OpenAPI = true
		doc.Raw = openAPINullable(raw)
	}
	if ok && d < Draft2019 {
		refHidesID = true // before 2019-09, $ref hides its siblings
		if d == Draft4 {
			idKey = "id"
		}
	}
	if id := doc.Raw.Get(idKey); id != nil && id.Kind == rt.String && !(refHidesID && doc.Raw.Get("$ref") != nil) {
		// A file whose $id is a standard meta-schema's (a copy of the
		// draft-07 meta-schema, say) is read as the input it is: it keeps
		// its file URL, under which the compiler reads it rather than its
		// built-in meta-schema of that $id.
		if pu, err := url.Parse(id.Str); err == nil && pu.IsAbs() && !isStandardMetaURL(id.Str) {
			doc.URL = strings.TrimSuffix(id.Str, "#")
		}
	}
	doc.idKey = idKey
	doc.Data = compileData(doc, doc.Raw)
	l.Docs[doc.URL] = doc
	if doc.URL != defaultURL {
		l.Docs[defaultURL] = doc
	}
	return doc, nil
}

// compileData is what the compiler reads of doc, whose tree is raw: its bytes, except that a
// root $id naming a standard meta-schema is left out, so that the
// compiler reads the file rather than its built-in meta-schema of that
// $id, and resolves the file's references inside the file.
//
// An OpenAPI 3.0 document is given to the compiler as the draft-04
// document it means: its $schema names draft-04, and "nullable": true has
// added null to "type" (see openAPINullable). A pattern RE2 cannot compile
// is replaced by its stand-in (see withStandIns), once the document is read.
func compileData(doc *Doc, raw *Value) []byte {
	idKey := doc.idKey
	id := raw.Get(idKey)
	metaID := id != nil && id.Kind == rt.String && isStandardMetaURL(id.Str)
	if !metaID && !doc.OpenAPI {
		if raw != doc.Raw {
			return raw.Bytes()
		}
		return doc.Data
	}
	out := &Value{Kind: rt.Object}
	for _, m := range raw.Members {
		switch {
		case metaID && m.Key == idKey:
			continue
		case doc.OpenAPI && m.Key == "$schema":
			m.Val = String(Draft4.URL())
		}
		out.Members = append(out.Members, m)
	}
	return out.Bytes()
}

// prepare finds the document's dialect and vocabularies from its $schema,
// then reads it in that dialect.
func (l *Loaded) prepare(doc *Doc, depth int) error {
	if doc.Dialect != 0 {
		return nil
	}
	if err := l.findDialect(doc, depth); err != nil {
		return err
	}
	r := &reader{doc: doc, allow: l.allow, warnf: l.Opts.Warn}
	if err := r.read(doc.Raw, ""); err != nil {
		return err
	}
	if doc.standIns {
		doc.Data = compileData(doc, l.withStandIns(doc, doc.Raw))
	}
	return nil
}

// findDialect sets doc's dialect: the one its $schema names, or that of
// the custom meta-schema it names (whose $vocabulary also says which
// vocabularies are on).
func (l *Loaded) findDialect(doc *Doc, depth int) error {
	if doc.MetaURL == "" {
		doc.Dialect = l.Opts.DefaultDialect
		if doc.Dialect == OpenAPI30 {
			doc.Dialect = Draft4
		}
		return nil
	}
	if d, _, ok := metaDialect(doc.MetaURL); ok {
		doc.Dialect = d
		return nil
	}
	if depth > 8 {
		return &Error{File: doc.Name, Pointer: "/$schema", Msg: "meta-schemas name each other in a loop"}
	}
	meta, err := l.metaDoc(strings.TrimSuffix(doc.MetaURL, "#"), depth)
	if err != nil {
		return &Error{File: doc.Name, Pointer: "/$schema", Msg: fmt.Sprintf("unknown dialect %s: %v", doc.MetaURL, err)}
	}
	doc.Dialect = meta.Dialect
	if voc := meta.Raw.Get("$vocabulary"); voc != nil && meta.Dialect >= Draft2019 {
		doc.Vocab = map[Vocabulary]bool{VocabCore: true}
		prefix := "https://json-schema.org/draft/" + meta.Dialect.String() + "/vocab/"
		for _, m := range voc.Members {
			v := Vocabulary(strings.TrimPrefix(m.Key, prefix))
			// format-assertion turns format into an assertion even when
			// optional: the generator knows the formats it can assert.
			if strings.HasPrefix(m.Key, prefix) && (m.Val.Text == "true" || v == VocabFormatAssertion) {
				doc.Vocab[v] = true
			}
		}
		if meta.Dialect == Draft2019 && doc.Vocab[VocabApplicator] {
			doc.Vocab[VocabUnevaluated] = true
		}
	}
	return nil
}

// metaDoc finds a custom meta-schema among the files, or loads it.
func (l *Loaded) metaDoc(u string, depth int) (*Doc, error) {
	if d := l.Docs[u]; d != nil {
		return d, l.prepare(d, depth+1)
	}
	if l.Opts.LoadURL == nil {
		return nil, fmt.Errorf("no schema file has $id %s", u)
	}
	data, err := l.Opts.LoadURL(u)
	if err != nil {
		return nil, err
	}
	d, err := l.parseDoc(u, data, u)
	if err != nil {
		return nil, err
	}
	return d, l.prepare(d, depth+1)
}

func (l *Loaded) loadURL(u string) (io.ReadCloser, error) {
	if d := l.Docs[u]; d != nil && d.Data != nil {
		return io.NopCloser(bytes.NewReader(d.Data)), nil
	}
	if d := standardMeta(u); d != nil {
		return io.NopCloser(bytes.NewReader(d.Data)), nil // a $ref into a standard meta-schema
	}
	if l.Opts.LoadURL == nil {
		return nil, fmt.Errorf("no schema file has $id %s", u)
	}
	data, err := l.Opts.LoadURL(u)
	if err != nil {
		return nil, err
	}
	doc, err := l.parseDoc(u, data, u)
	if err != nil {
		return nil, err
	}
	if err := l.prepare(doc, 0); err != nil {
		return nil, err
	}
	return io.NopCloser(bytes.NewReader(doc.Data)), nil
}

// isRootFile reports whether a file defines a document of its own, rather
// than only holding $defs for others: it is named in Options.Roots, has a
// keyword other than annotations and $defs, or has a title and no $defs
// (a document of only annotations, such as {"title": "Anything"}).
func (l *Loaded) isRootFile(doc *Doc) bool {
	if slices.Contains(l.Opts.Roots, doc.Name) {
		return true
	}
	if doc.Raw.Kind != rt.Object {
		return true
	}
	if doc.Raw.Get("title") != nil && doc.Raw.Get("$defs") == nil && doc.Raw.Get("definitions") == nil {
		return true // only annotations: a document that admits much
	}
	for _, m := range doc.Raw.Members {
		if !Annotation[m.Key] && m.Key != "$defs" && m.Key != "definitions" && !strings.HasPrefix(m.Key, "x-") && !l.allow[m.Key] {
			return true
		}
	}
	return false
}

// Def is one entry of the $defs (or definitions) of an input file, or of a
// group of definitions one level down ($defs/group/entry): a named schema
// that generators may offer as a type of its own.
type Def struct {
	Doc     *Doc
	Key     string // the entry's name
	Pointer string // "/$defs/Name"
	Schema  *jsonschema.Schema
}

// Defs lists the top-level $defs and definitions entries of every input
// file, in file then document order, compiled.
func (l *Loaded) Defs() ([]Def, error) {
	var out []Def
	seen := map[*Doc]bool{}
	for _, f := range sortedFiles(l.Opts.Files) {
		doc := l.Docs[l.Opts.BaseURL+f.Name]
		if doc == nil || seen[doc] || doc.Raw.Kind != rt.Object {
			continue
		}
		seen[doc] = true
		for _, key := range []string{"$defs", "definitions"} {
			defs := doc.Raw.Get(key)
			if defs == nil || defs.Kind != rt.Object {
				continue
			}
			for _, m := range defs.Members {
				ptr := "/" + key + "/" + PointerEscape(m.Key)
				entries := []Member{m}
				var ptrs []string
				if doc.groups[ptr] {
					entries = m.Val.Members
					for _, e := range entries {
						ptrs = append(ptrs, ptr+"/"+PointerEscape(e.Key))
					}
				} else {
					ptrs = []string{ptr}
				}
				for i, e := range entries {
					s, err := l.compiler.Compile(doc.URL + "#" + (&url.URL{Fragment: ptrs[i]}).EscapedFragment())
					if err != nil {
						return nil, l.compileError(doc.Name, ptrs[i], err)
					}
					l.walkNodes(s)
					out = append(out, Def{Doc: doc, Key: e.Key, Pointer: ptrs[i], Schema: s})
				}
			}
		}
	}
	return out, nil
}

func sortedFiles(files []File) []File {
	out := append([]File(nil), files...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// FormatAsserted is the format that s asserts: its "format" where the
// document's dialect (draft-04 to -07), the format-assertion vocabulary or
// Options.AssertFormats makes it assert and the generated code knows it
// (rtimpl.KnownFormat); else "", an annotation.
func (l *Loaded) FormatAsserted(s *jsonschema.Schema) string {
	if s.Format == "" || !rtimpl.KnownFormat(s.Format) {
		return ""
	}
	doc, _, _ := l.RawFor(s)
	if doc == nil || !(doc.Dialect < Draft2019 || l.Opts.AssertFormats || doc.Vocab[VocabFormatAssertion]) {
		return ""
	}
	return s.Format
}

// DefKey is the key of the $defs (or definitions) entry at location loc
// (a compiled schema's Location), also of an entry of a group of
// definitions ($defs/group/key), or "" when loc is no such entry.
func (l *Loaded) DefKey(loc string) string {
	i := strings.LastIndex(loc, "#")
	if i < 0 {
		return ""
	}
	ptr, err := url.PathUnescape(loc[i+1:])
	if err != nil {
		return ""
	}
	ptr = l.withoutStandIns(ptr)
	j := strings.LastIndex(ptr, "/")
	if j < 0 {
		return ""
	}
	parent := ptr[:j]
	if doc := l.Docs[loc[:i]]; !strings.HasSuffix(parent, "/$defs") && !strings.HasSuffix(parent, "/definitions") && (doc == nil || !doc.groups[parent]) {
		return ""
	}
	return ptr[j+1:]
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
		doc = standardMeta(docURL)
	}
	if doc == nil {
		return nil, frag, nil
	}
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	ptr = l.withoutStandIns(ptr)
	raw := doc.Raw.Lookup(ptr)
	if v, ok := doc.views[raw]; ok {
		raw = v
	}
	return doc, ptr, raw
}

// Where names schema s for messages: its file as the user named it and its
// JSON Pointer, never the base URL files are given internally.
func (l *Loaded) Where(s *jsonschema.Schema) string {
	doc, ptr, _ := l.RawFor(s)
	if doc == nil {
		return s.Location
	}
	return doc.Name + "#" + ptr
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

// At compiles the schema at the JSON Pointer ptr ("" for the whole
// document) of the input file name.
func (l *Loaded) At(name, ptr string) (*jsonschema.Schema, *Doc, error) {
	var doc *Doc
	for _, d := range l.Docs {
		if d.Name == name && d.Schema != nil {
			doc = d
			break
		}
	}
	if doc == nil {
		return nil, nil, &Error{File: name, Msg: "no such schema file"}
	}
	if ptr == "" {
		return doc.Schema, doc, nil
	}
	s, err := l.compiler.Compile(doc.URL + "#" + (&url.URL{Fragment: ptr}).EscapedFragment())
	if err != nil {
		return nil, nil, l.compileError(name, ptr, err)
	}
	return s, doc, nil
}
