package schema

import (
	"github.com/zeroproject/zero/internal/nearest"

	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
)

// This file checks, before the compiler sees them, the two mistakes whose
// compiler messages name a meta-schema path or an internal URL instead of
// the user's: a $ref that names nothing among the files, and a type name
// that is no JSON type. Each error is at the pointer of the keyword's own
// value and suggests the nearest name.

// jsonTypes are the names "type" takes.
var jsonTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// resource is a schema resource: a document, or a subschema with an $id
// of its own, and the anchors declared in it.
type resource struct {
	doc     *Doc
	ptr     string // where the resource starts in doc
	val     *Value
	anchors []string
}

// refSite is one $ref: where it is written and the base URL it resolves
// against.
type refSite struct {
	doc      *Doc
	ptr, ref string
	base     *url.URL
}

// refCheck collects the resources and $refs of the input files.
type refCheck struct {
	base      string
	resources map[string]*resource
	refs      []refSite
	files     []string
}

// checkRefsAndTypes walks every input file's schemas, refusing an unknown
// type name, then every $ref that resolves into an input file but names
// nothing there.
func (l *Loaded) checkRefsAndTypes(files []File) error {
	c := &refCheck{base: l.Opts.BaseURL, resources: map[string]*resource{}}
	for _, f := range files {
		c.files = append(c.files, f.Name)
	}
	for _, f := range files {
		doc := l.Docs[l.Opts.BaseURL+f.Name]
		if doc == nil {
			continue
		}
		u, err := url.Parse(doc.URL)
		if err != nil {
			continue
		}
		r := &resource{doc: doc, val: doc.Raw}
		c.resources[doc.URL] = r
		c.resources[l.Opts.BaseURL+f.Name] = r
		if err := c.walk(doc, doc.Raw, "", u, r); err != nil {
			return err
		}
	}
	for _, s := range c.refs {
		if err := c.check(s); err != nil {
			return err
		}
	}
	return nil
}

// walk visits the schema v at ptr, under base, inside resource r.
func (c *refCheck) walk(doc *Doc, v *Value, ptr string, base *url.URL, r *resource) error {
	if v.Kind != rt.Object {
		return nil
	}
	d := doc.Dialect
	idKey := "$id"
	if d == Draft4 {
		idKey = "id"
	}
	ref := v.Get("$ref")
	hidden := d < Draft2019 && ref != nil // $ref hides its siblings
	if id := v.Get(idKey); !hidden && id != nil && id.Kind == rt.String {
		if strings.HasPrefix(id.Str, "#") {
			r.anchors = append(r.anchors, id.Str[1:])
		} else if u, err := base.Parse(id.Str); err == nil {
			u.Fragment = ""
			base = u
			if ptr != "" {
				r = &resource{doc: doc, ptr: ptr, val: v}
				c.resources[u.String()] = r
			}
		}
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if a := v.Get(k); !hidden && a != nil && a.Kind == rt.String {
			r.anchors = append(r.anchors, a.Str)
		}
	}
	if ref != nil && ref.Kind == rt.String {
		c.refs = append(c.refs, refSite{doc: doc, ptr: ptr + "/$ref", ref: ref.Str, base: base})
	}
	if t := v.Get("type"); t != nil { // the meta-schema checks it even where $ref hides it
		if err := checkType(doc, t, ptr+"/type"); err != nil {
			return err
		}
	}
	if hidden {
		return nil
	}
	for _, m := range v.Members {
		spec, ok := dialectKeyword(d, m.Key)
		if !ok {
			continue
		}
		at := ptr + "/" + PointerEscape(m.Key)
		if err := c.sub(doc, m.Val, at, spec.sub, base, r); err != nil {
			return err
		}
	}
	return nil
}

func (c *refCheck) sub(doc *Doc, v *Value, at string, kind SubKind, base *url.URL, r *resource) error {
	switch kind {
	case SubOne:
		return c.walk(doc, v, at, base, r)
	case SubOneOrList:
		if v.Kind == rt.Array {
			return c.sub(doc, v, at, SubList, base, r)
		}
		return c.walk(doc, v, at, base, r)
	case SubList:
		for i, it := range v.Items {
			if err := c.walk(doc, it, at+"/"+strconv.Itoa(i), base, r); err != nil {
				return err
			}
		}
	case SubMap, SubDeps:
		for _, m := range v.Members {
			if err := c.walk(doc, m.Val, at+"/"+PointerEscape(m.Key), base, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkType refuses a type name that is no JSON type.
func checkType(doc *Doc, t *Value, at string) error {
	names, ptrs := []*Value{t}, []string{at}
	if t.Kind == rt.Array {
		names, ptrs = t.Items, nil
		for i := range t.Items {
			ptrs = append(ptrs, at+"/"+strconv.Itoa(i))
		}
	}
	for i, n := range names {
		if n.Kind != rt.String || containsString(jsonTypes, n.Str) {
			continue // the meta-schema says what else is wrong
		}
		msg := fmt.Sprintf("unknown type %q", n.Str)
		if s := nearest.Name(n.Str, jsonTypes); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		return &Error{File: doc.Name, Pointer: ptrs[i], Msg: msg + "; the types are " + strings.Join(jsonTypes, ", ")}
	}
	return nil
}

// check refuses a $ref into an input file that names nothing there, or to
// a file name under the schema directory that no input file has.
func (c *refCheck) check(s refSite) error {
	u, err := s.base.Parse(s.ref)
	if err != nil {
		return &Error{File: s.doc.Name, Pointer: s.ptr, Msg: fmt.Sprintf("$ref %q is not a URI reference: %v", s.ref, err)}
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	r := c.resources[u.String()]
	if r == nil {
		if !strings.HasPrefix(u.String(), c.base) {
			return nil // another URL: --ref-dir, a meta-schema, or the compiler's error
		}
		name := strings.TrimPrefix(u.String(), c.base)
		msg := fmt.Sprintf("$ref %q names the file %s, which is not among the schema files", s.ref, name)
		if n := nearest.Name(name, c.files); n != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", relativeRef(s.doc.Name, n))
		}
		return &Error{File: s.doc.Name, Pointer: s.ptr, Msg: msg}
	}
	if frag == "" {
		return nil
	}
	if !strings.HasPrefix(frag, "/") {
		if containsString(r.anchors, frag) {
			return nil
		}
		msg := fmt.Sprintf("$ref %q names the anchor %q, which %s does not declare", s.ref, frag, r.where())
		if n := nearest.Name(frag, r.anchors); n != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", strings.TrimSuffix(s.ref, frag)+n)
		}
		return &Error{File: s.doc.Name, Pointer: s.ptr, Msg: msg}
	}
	found, missing, parent := lookupPrefix(r.val, frag)
	if found {
		return nil
	}
	msg := fmt.Sprintf("$ref %q names nothing: %s has no %s", s.ref, r.where(), missing)
	if parent != nil && parent.Kind == rt.Object {
		var keys []string
		for _, m := range parent.Members {
			keys = append(keys, m.Key)
		}
		tok := missing[strings.LastIndex(missing, "/")+1:]
		if n := nearest.Name(unescapeToken(tok), keys); n != "" {
			fixed := missing[:strings.LastIndex(missing, "/")+1] + PointerEscape(n) + strings.TrimPrefix(frag, missing)
			msg += fmt.Sprintf(" (did you mean %q?)", strings.TrimSuffix(s.ref, "#"+frag)+"#"+fixed)
		}
	}
	return &Error{File: s.doc.Name, Pointer: s.ptr, Msg: msg}
}

// where names the resource in a message: its file, and its place there
// when it is a subschema.
func (r *resource) where() string {
	if r.ptr == "" {
		return r.doc.Name
	}
	return r.doc.Name + "#" + r.ptr
}

// lookupPrefix follows ptr in v. When it fails, missing is the pointer up
// to and including the first token not found, and parent the value that
// lacks it.
func lookupPrefix(v *Value, ptr string) (found bool, missing string, parent *Value) {
	toks := strings.Split(ptr[1:], "/")
	at := ""
	for _, tok := range toks {
		at += "/" + tok
		next := v.Lookup("/" + tok)
		if next == nil {
			return false, at, v
		}
		v = next
	}
	return true, "", nil
}

func unescapeToken(t string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
}

// relativeRef is how the file named from writes a $ref to the file named
// to (both relative to the schema directory).
func relativeRef(from, to string) string {
	fd := strings.Split(from, "/")
	fd = fd[:len(fd)-1]
	td := strings.Split(to, "/")
	for len(fd) > 0 && len(td) > 1 && fd[0] == td[0] {
		fd, td = fd[1:], td[1:]
	}
	if len(fd) == 0 {
		return "./" + strings.Join(td, "/")
	}
	return strings.Repeat("../", len(fd)) + strings.Join(td, "/")
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// compileError is a compiler error as an *Error of the file name, in the
// user's terms: a schema that fails its meta-schema is located at the
// failing value (the first of the deepest causes) instead of a meta-schema
// path, the file that failed is named when it is another input file, and
// input files are named by their names rather than internal URLs.
func (l *Loaded) compileError(name, ptr string, err error) error {
	var se *jsonschema.SchemaError
	if errors.As(err, &se) {
		if d := l.Docs[strings.TrimSuffix(se.SchemaURL, "#")]; d != nil && d.Name != "" {
			name = d.Name
		}
		var ve *jsonschema.ValidationError
		if errors.As(se.Err, &ve) {
			leaf := ve
			for len(leaf.Causes) > 0 {
				leaf = leaf.Causes[0]
			}
			return &Error{File: name, Pointer: UnescapeLocation(leaf.InstanceLocation),
				Msg: "not valid against the meta-schema: " + l.cleanURLs(leaf.Message)}
		}
		return &Error{File: name, Pointer: ptr, Msg: l.cleanURLs(cleanCompileError(se.Err))}
	}
	return &Error{File: name, Pointer: ptr, Msg: l.cleanURLs(cleanCompileError(err))}
}

// cleanURLs names input files without an $id by their names.
func (l *Loaded) cleanURLs(msg string) string {
	return strings.ReplaceAll(msg, l.Opts.BaseURL, "")
}
