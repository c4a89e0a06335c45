package bundle

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
)

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
func Bundle(files []schema.File) ([]BundledRoot, error) {
	l, err := load(files)
	if err != nil {
		return nil, err
	}
	var out []BundledRoot
	for _, root := range l.Roots {
		data, err := l.bundle(root)
		if err != nil {
			return nil, err
		}
		out = append(out, BundledRoot{File: root.Name, Title: root.Schema.Title, ID: root.URL, Data: data})
	}
	return out, nil
}

// bundle writes one root with every document it reaches embedded.
func (l *loaded) bundle(root *schema.Doc) ([]byte, error) {
	deps, err := l.reachable(root)
	if err != nil {
		return nil, err
	}
	if root.Raw.Kind != rt.Object {
		return nil, &schema.Error{File: root.Name, Msg: "a root schema must be an object to be bundled"}
	}
	top := schema.Object()
	defs := schema.Object()
	for _, m := range root.Raw.Members {
		if m.Key == "$defs" {
			defs.Members = append(defs.Members, m.Val.Members...)
			continue
		}
		top.Members = append(top.Members, m)
	}
	if root.Raw.Get("$comment") == nil {
		// The mark that the file is zerogen's goes after $id, else after
		// $schema, else first: near the top, where zerogen looks for it.
		at := 0
		for i, m := range top.Members {
			if m.Key == "$id" || (m.Key == "$schema" && at == 0) {
				at = i + 1
			}
		}
		mark := schema.Member{Key: "$comment", Val: schema.String(bundleComment(root, deps))}
		top.Members = append(top.Members[:at], append([]schema.Member{mark}, top.Members[at:]...)...)
	}
	for _, d := range deps {
		if defs.Get(d.URL) != nil {
			return nil, &schema.Error{File: root.Name, Pointer: "/$defs/" + schema.PointerEscape(d.URL), Msg: "cannot embed " + d.Name + ": the key is taken"}
		}
		defs.Members = append(defs.Members, schema.Member{Key: d.URL, Val: d.Raw})
	}
	if len(defs.Members) > 0 {
		top.Members = append(top.Members, schema.Member{Key: "$defs", Val: defs})
	}
	var buf bytes.Buffer
	top.WriteIndented(&buf, "")
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

func bundleComment(root *schema.Doc, deps []*schema.Doc) string {
	names := []string{root.Name}
	for _, d := range deps {
		names = append(names, d.Name)
	}
	return "Bundled by zerogen from " + strings.Join(names, ", ") +
		": one self-contained document, every referenced file embedded under $defs with its own $id. Do not edit; run 'zerogen bundle' again."
}

// reachable lists the documents root refers to, directly or not, in
// first-reference order, root excluded.
func (l *loaded) reachable(root *schema.Doc) ([]*schema.Doc, error) {
	seen := map[*schema.Doc]bool{root: true}
	var out []*schema.Doc
	queue := []*schema.Doc{root}
	for len(queue) > 0 {
		doc := queue[0]
		queue = queue[1:]
		base, err := url.Parse(doc.URL)
		if err != nil {
			return nil, &schema.Error{File: doc.Name, Msg: "bad document URL " + doc.URL}
		}
		var refs []string
		if err := refTargets(doc, doc.Raw, base, "", &refs); err != nil {
			return nil, err
		}
		for _, u := range refs {
			dep := l.Docs[u]
			if dep == nil {
				return nil, &schema.Error{File: doc.Name, Msg: "$ref to " + u + ", which no schema file defines"}
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
func refTargets(doc *schema.Doc, n *schema.Value, base *url.URL, ptr string, out *[]string) error {
	if n == nil || n.Kind != rt.Object {
		return nil
	}
	if id := n.Get("$id"); id != nil && id.Kind == rt.String {
		u, err := base.Parse(id.Str)
		if err != nil {
			return &schema.Error{File: doc.Name, Pointer: ptr + "/$id", Msg: "bad $id: " + err.Error()}
		}
		base = u
	}
	if ref := n.Get("$ref"); ref != nil && ref.Kind == rt.String {
		u, err := base.Parse(ref.Str)
		if err != nil {
			return &schema.Error{File: doc.Name, Pointer: ptr + "/$ref", Msg: "bad $ref: " + err.Error()}
		}
		u.Fragment, u.RawFragment = "", ""
		*out = append(*out, u.String())
	}
	for _, m := range n.Members {
		at := ptr + "/" + schema.PointerEscape(m.Key)
		var subs []*schema.Value
		switch schema.Keywords[m.Key] {
		case schema.SubOne:
			subs = []*schema.Value{m.Val}
		case schema.SubList:
			subs = m.Val.Items
		case schema.SubMap:
			for _, mm := range m.Val.Members {
				if err := refTargets(doc, mm.Val, base, at+"/"+schema.PointerEscape(mm.Key), out); err != nil {
					return err
				}
			}
		}
		for i, s := range subs {
			p := at
			if schema.Keywords[m.Key] == schema.SubList {
				p = fmt.Sprintf("%s/%d", at, i)
			}
			if err := refTargets(doc, s, base, p, out); err != nil {
				return err
			}
		}
	}
	return nil
}
