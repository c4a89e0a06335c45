package gen

import (
	"bytes"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// SchemaSet is the schema files of one document family and version, as
// they sit under schema/FAMILY/vN/.
type SchemaSet struct {
	Family  string // "streamjson"
	Version int    // 2
	Files   []File // names relative to the version directory ("output.json")
}

// Dir is the set's directory relative to the schema root ("streamjson/v2").
func (s SchemaSet) Dir() string { return fmt.Sprintf("%s/v%d", s.Family, s.Version) }

// BundledRoot is one root schema made self-contained.
type BundledRoot struct {
	File  string // the root's file name ("output.json")
	Title string // its title, the Go and TypeScript type name
	ID    string // its $id, kept by the bundle
	Data  []byte // the bundle: indented JSON ending in a newline
}

// Bundle makes every root file of files self-contained: the root document
// stays as it is, and every other document it refers to, directly or
// through others, is embedded as an entry of the root's $defs, keyed by its
// absolute URI and keeping its own $id. That is the bundling the 2020-12
// specification describes (section 9.3.1): each embedded $id starts a new
// schema resource, so the relative $refs of every file resolve inside the
// one document, and a validator needs nothing else to compile it.
//
// The files must load as for Generate; roots come in file name order.
func Bundle(files []File) ([]BundledRoot, error) {
	l, err := load(&Config{Files: files})
	if err != nil {
		return nil, err
	}
	var out []BundledRoot
	for _, root := range l.roots {
		data, err := l.bundle(root)
		if err != nil {
			return nil, err
		}
		out = append(out, BundledRoot{File: root.name, Title: root.schema.Title, ID: root.url, Data: data})
	}
	return out, nil
}

// bundle writes one root with every document it reaches embedded.
func (l *loaded) bundle(root *rawDoc) ([]byte, error) {
	deps, err := l.reachable(root)
	if err != nil {
		return nil, err
	}
	if root.raw.kind != rt.Object {
		return nil, &GenError{File: root.name, Msg: "a root schema must be an object to be bundled"}
	}
	top := &rawNode{kind: rt.Object}
	defs := &rawNode{kind: rt.Object}
	for _, m := range root.raw.members {
		if m.key == "$defs" {
			defs.members = append(defs.members, m.val.members...)
			continue
		}
		top.members = append(top.members, m)
		if m.key == "$id" && root.raw.get("$comment") == nil {
			top.members = append(top.members, member{"$comment", rawString(bundleComment(root, deps))})
		}
	}
	for _, d := range deps {
		if defs.get(d.url) != nil {
			return nil, &GenError{File: root.name, Pointer: "/$defs/" + pointerEscape(d.url), Msg: "cannot embed " + d.name + ": the key is taken"}
		}
		defs.members = append(defs.members, member{d.url, d.raw})
	}
	if len(defs.members) > 0 {
		top.members = append(top.members, member{"$defs", defs})
	}
	var buf bytes.Buffer
	writeIndented(&buf, top, "")
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

func bundleComment(root *rawDoc, deps []*rawDoc) string {
	names := []string{root.name}
	for _, d := range deps {
		names = append(names, d.name)
	}
	return "Bundled by zerogen from " + strings.Join(names, ", ") +
		": one self-contained document, every referenced file embedded under $defs with its own $id. Do not edit; run 'make generate'."
}

// reachable lists the documents root refers to, directly or not, in
// first-reference order, root excluded.
func (l *loaded) reachable(root *rawDoc) ([]*rawDoc, error) {
	seen := map[*rawDoc]bool{root: true}
	var out []*rawDoc
	queue := []*rawDoc{root}
	for len(queue) > 0 {
		doc := queue[0]
		queue = queue[1:]
		base, err := url.Parse(doc.url)
		if err != nil {
			return nil, &GenError{File: doc.name, Msg: "bad document URL " + doc.url}
		}
		var refs []string
		if err := refTargets(doc, doc.raw, base, "", &refs); err != nil {
			return nil, err
		}
		for _, u := range refs {
			dep := l.docs[u]
			if dep == nil {
				return nil, &GenError{File: doc.name, Msg: "$ref to " + u + ", which no schema file defines"}
			}
			if !seen[dep] {
				seen[dep] = true
				out = append(out, dep)
				queue = append(queue, dep)
			}
		}
	}
	return out, nil
}

// refTargets appends the document URL of every $ref under n (a schema at
// ptr), resolving against base and any $id on the way.
func refTargets(doc *rawDoc, n *rawNode, base *url.URL, ptr string, out *[]string) error {
	if n == nil || n.kind != rt.Object {
		return nil
	}
	if id := n.get("$id"); id != nil && id.kind == rt.String {
		u, err := base.Parse(id.str)
		if err != nil {
			return &GenError{File: doc.name, Pointer: ptr + "/$id", Msg: "bad $id: " + err.Error()}
		}
		base = u
	}
	if ref := n.get("$ref"); ref != nil && ref.kind == rt.String {
		u, err := base.Parse(ref.str)
		if err != nil {
			return &GenError{File: doc.name, Pointer: ptr + "/$ref", Msg: "bad $ref: " + err.Error()}
		}
		u.Fragment, u.RawFragment = "", ""
		*out = append(*out, u.String())
	}
	for _, m := range n.members {
		at := ptr + "/" + pointerEscape(m.key)
		var subs []*rawNode
		switch schemaKeywords[m.key] {
		case subOne:
			subs = []*rawNode{m.val}
		case subList:
			subs = m.val.items
		case subMap:
			for _, mm := range m.val.members {
				if err := refTargets(doc, mm.val, base, at+"/"+pointerEscape(mm.key), out); err != nil {
					return err
				}
			}
		}
		for i, s := range subs {
			p := at
			if schemaKeywords[m.key] == subList {
				p = fmt.Sprintf("%s/%d", at, i)
			}
			if err := refTargets(doc, s, base, p, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// rawString is a string node with its JSON text.
func rawString(s string) *rawNode {
	return &rawNode{kind: rt.String, str: s, text: string(rt.AppendString(nil, s))}
}

// writeIndented writes n as JSON indented by two spaces, members in their
// order, scalars exactly as they were written; a value whose one-line form
// fits in 100 columns stays on one line.
func writeIndented(buf *bytes.Buffer, n *rawNode, indent string) {
	if c := compactJSON(n); len(indent)+len(c) <= 100 {
		buf.WriteString(c)
		return
	}
	switch n.kind {
	case rt.Object:
		if len(n.members) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i, m := range n.members {
			buf.WriteString(indent + "  ")
			buf.WriteString(rawString(m.key).text)
			buf.WriteString(": ")
			writeIndented(buf, m.val, indent+"  ")
			if i < len(n.members)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "}")
	case rt.Array:
		if len(n.items) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteString("[\n")
		for i, it := range n.items {
			buf.WriteString(indent + "  ")
			writeIndented(buf, it, indent+"  ")
			if i < len(n.items)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "]")
	default:
		buf.WriteString(n.text)
	}
}

// sortSets orders sets by family, then version.
func sortSets(sets []SchemaSet) []SchemaSet {
	out := append([]SchemaSet(nil), sets...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Family != out[j].Family {
			return out[i].Family < out[j].Family
		}
		return out[i].Version < out[j].Version
	})
	return out
}

// compactJSON is n on one line, with a space after each colon and comma.
func compactJSON(n *rawNode) string {
	var b strings.Builder
	var walk func(n *rawNode)
	walk = func(n *rawNode) {
		switch n.kind {
		case rt.Object:
			b.WriteByte('{')
			for i, m := range n.members {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(rawString(m.key).text)
				b.WriteString(": ")
				walk(m.val)
			}
			b.WriteByte('}')
		case rt.Array:
			b.WriteByte('[')
			for i, it := range n.items {
				if i > 0 {
					b.WriteString(", ")
				}
				walk(it)
			}
			b.WriteByte(']')
		default:
			b.WriteString(n.text)
		}
	}
	walk(n)
	return b.String()
}
