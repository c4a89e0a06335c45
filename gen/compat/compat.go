package compat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// Role is the side of a protocol a compatibility report speaks for.
type Role string

// The roles.
const (
	// Consumer reads documents. It breaks when the new schema widens: new
	// producers may write documents that the old schema, and so a consumer
	// built on it, rejects (a new event type, a new field, a new enum value).
	Consumer Role = "consumer"
	// Producer writes documents. It breaks when the new schema narrows:
	// documents an old producer writes may fail the new schema (a newly
	// required field, a removed field or enum value, a tighter constraint).
	Producer Role = "producer"
)

// Change is one difference between two versions of a set of schemas,
// listed once however many roots and places in a document it affects.
type Change struct {
	Kind string // what changed, such as "const-changed" or "variant-added"
	// Sites are where the change shows in documents: each root it affects,
	// with the pointer and union variants there, in the order found.
	Sites []Site
	// Schema is the changed keyword's location: "FILE#POINTER" relative to
	// the new schema directory, or to the old one when Old is set (the
	// keyword is gone).
	Schema string
	Old    bool
	Detail string // a short human-readable account, "1 → 2"
	// Widens: the new schema accepts documents the old one rejects.
	// Narrows: the new schema rejects documents the old one accepts.
	Widens, Narrows bool
}

// Site is one place in documents that a change affects.
type Site struct {
	Root string // the root's file name, "output.json"
	// Pointer is the JSON Pointer of the changed value inside a document
	// ("/schemaVersion"; "" for the whole document), and Variants the union
	// variants it is in ("run_start"), one entry per place it occurs.
	Pointer  string
	Variants []string
}

// Breaks reports whether the change breaks role.
func (c Change) Breaks(r Role) bool {
	if r == Consumer {
		return c.Widens
	}
	return c.Narrows
}

// Report lists the changes from one version of a schema family to the
// next, each once.
type Report struct {
	Old, New string // labels of the two versions, for the report's heading
	Changes  []Change
}

// Breaking counts the changes that break role.
func (r *Report) Breaking(role Role) int {
	n := 0
	for _, c := range r.Changes {
		if c.Breaks(role) {
			n++
		}
	}
	return n
}

// Compat compares two versions of a set of schema files, root by root
// (roots are paired by file name; a root left without a partner is paired
// with one of the other version that has its $id, else its title, as a
// renamed root), working on the compiled schemas: $refs
// are followed, allOf parts merged, union variants paired by their
// discriminating const property (or title, or position), object properties
// by name. Annotations (title, description, examples) are not compared.
func Compat(oldFiles, newFiles []schema.File) (*Report, error) {
	lo, err := load(oldFiles)
	if err != nil {
		return nil, fmt.Errorf("old: %w", err)
	}
	ln, err := load(newFiles)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	w := &compatWalk{lo: lo, ln: ln, groups: map[string]int{}}
	newRoots := map[string]*schema.Doc{}
	for _, d := range ln.Roots {
		newRoots[d.Name] = d
	}
	partner := pairRoots(lo.Roots, newRoots, lo.Opts.BaseURL)
	for _, od := range lo.Roots {
		nd := partner[od]
		w.root = od.Name
		w.oldBase, w.newBase = dirURL(od.URL), ""
		if nd == nil {
			w.add(compatChange{kind: "root-removed", at: od.URL, old: true, detail: "the root schema is gone", narrows: true})
			continue
		}
		w.newBase = dirURL(nd.URL)
		if nd.Name != od.Name {
			w.root = nd.Name
			w.add(compatChange{kind: "root-renamed", at: nd.URL, detail: od.Name + " → " + nd.Name + renamedBy(od, nd)})
		}
		w.compare(od.Schema, nd.Schema, compatPath{})
	}
	for _, name := range mapKeysSorted(newRoots) {
		w.root, w.newBase = name, dirURL(newRoots[name].URL)
		w.add(compatChange{kind: "root-added", at: newRoots[name].URL, detail: "a new root schema"})
	}
	return &Report{Changes: w.list}, nil
}

func dirURL(u string) string {
	return u[:strings.LastIndex(u, "/")+1]
}

// Text renders the report for role: one block per change, saying whether
// it breaks role and why, with every place it shows in documents, then a
// summary line.
func (r *Report) Text(role Role) string {
	var b strings.Builder
	fmt.Fprintf(&b, "compat %s → %s for a %s\n", r.Old, r.New, role)
	for _, c := range r.Changes {
		verdict := "ok      "
		if c.Breaks(role) {
			verdict = "BREAKING"
		}
		fmt.Fprintf(&b, "\n%s %s: %s\n", verdict, c.Kind, c.Detail)
		for i, s := range c.Sites {
			lead := "  at "
			if i > 0 {
				lead = "     "
			}
			fmt.Fprintf(&b, "%s%s %s\n", lead, s.Root, s.Where())
		}
		where := "schema"
		if c.Old {
			where = "old schema"
		}
		fmt.Fprintf(&b, "  %s %s; %s\n", where, c.Schema, c.Why(role))
	}
	fmt.Fprintf(&b, "\n%s\n", r.Summary(role))
	return b.String()
}

// Summary is the report's last line.
func (r *Report) Summary(role Role) string {
	return fmt.Sprintf("%d changes, %d breaking for a %s", len(r.Changes), r.Breaking(role), role)
}

// Where is the site's place in a document: its pointer ("/" for the
// document itself) and the union variants it occurs in.
func (c Site) Where() string {
	p := c.Pointer
	if p == "" {
		p = "/"
	}
	if len(c.Variants) > 0 && !(len(c.Variants) == 1 && c.Variants[0] == "") {
		p += " (" + strings.Join(c.Variants, ", ") + ")"
	}
	return p
}

// Where lists every place the change shows: "ROOT POINTER (VARIANTS)",
// separated by "; ".
func (c Change) Where() string {
	var parts []string
	for _, s := range c.Sites {
		parts = append(parts, s.Root+" "+s.Where())
	}
	return strings.Join(parts, "; ")
}

// Why explains the verdict for role.
func (c Change) Why(role Role) string {
	switch {
	case role == Consumer && c.Widens:
		return "new documents can fail the old schema"
	case role == Producer && c.Narrows:
		return "old documents can fail the new schema"
	case c.Widens:
		return "it only admits more documents"
	case c.Narrows:
		return "it only admits fewer documents"
	}
	return "the same documents are valid"
}

// compatChange is a change found at one place, before grouping.
type compatChange struct {
	kind, at, detail string
	old              bool
	widens, narrows  bool
}

// compatPath is where the walk is in a document.
type compatPath struct {
	pointer string
	variant string
}

func (p compatPath) child(name string) compatPath {
	return compatPath{pointer: p.pointer + "/" + schema.PointerEscape(name), variant: p.variant}
}

// compatWalk compares two compiled roots and groups the changes it finds.
type compatWalk struct {
	lo, ln           *loaded
	root             string
	oldBase, newBase string
	path             compatPath
	stack            map[[2]string]bool
	groups           map[string]int
	list             []Change
	dry              *[]compatChange // set while testing for a rename
}

// add records a change at the current path, merging it with the same
// change at other places.
func (w *compatWalk) add(c compatChange) {
	if w.dry != nil {
		*w.dry = append(*w.dry, c)
		return
	}
	base, l := w.newBase, w.ln
	if c.old {
		base, l = w.oldBase, w.lo
	}
	schema := strings.TrimPrefix(c.at, base)
	if doc, frag, ok := strings.Cut(c.at, "#"); ok || doc == c.at {
		if d := l.Docs[doc]; d != nil {
			schema = d.Name + "#" + frag // the same keyword has one name whichever root reaches it
		}
	}
	if !strings.Contains(schema, "#") {
		schema += "#"
	}
	key := strings.Join([]string{c.kind, schema, c.detail, fmt.Sprint(c.old, c.widens, c.narrows)}, "\x00")
	i, ok := w.groups[key]
	if !ok {
		i = len(w.list)
		w.groups[key] = i
		w.list = append(w.list, Change{Kind: c.kind, Schema: schema, Old: c.old, Detail: c.detail, Widens: c.widens, Narrows: c.narrows})
	}
	ch := &w.list[i]
	for j := range ch.Sites {
		s := &ch.Sites[j]
		if s.Root == w.root && s.Pointer == w.path.pointer {
			if !slices.Contains(s.Variants, w.path.variant) {
				s.Variants = append(s.Variants, w.path.variant)
			}
			return
		}
	}
	ch.Sites = append(ch.Sites, Site{Root: w.root, Pointer: w.path.pointer, Variants: []string{w.path.variant}})
}

// pairRoots finds each old root's counterpart among the new ones: the
// root of the same file name, else, among those left, the one with the
// same $id, else the one with the same title (when one only has it). It
// leaves in newRoots the new roots without a counterpart.
func pairRoots(old []*schema.Doc, newRoots map[string]*schema.Doc, base string) map[*schema.Doc]*schema.Doc {
	out := map[*schema.Doc]*schema.Doc{}
	left := map[*schema.Doc]bool{}
	for _, d := range newRoots {
		left[d] = true
	}
	var unpaired []*schema.Doc
	for _, od := range old {
		if nd := newRoots[od.Name]; nd != nil {
			out[od] = nd
			delete(left, nd)
			continue
		}
		unpaired = append(unpaired, od)
	}
	for _, same := range []func(a, b *schema.Doc) bool{
		func(a, b *schema.Doc) bool { return hasID(a, base) && a.URL == b.URL },
		func(a, b *schema.Doc) bool { return a.Schema.Title != "" && a.Schema.Title == b.Schema.Title },
	} {
		for _, od := range unpaired {
			if out[od] != nil {
				continue
			}
			var match []*schema.Doc
			for nd := range left {
				if same(od, nd) {
					match = append(match, nd)
				}
			}
			if len(match) == 1 {
				out[od] = match[0]
				delete(left, match[0])
			}
		}
	}
	for _, nd := range out {
		delete(newRoots, nd.Name)
	}
	return out
}

// hasID reports whether the document names itself with an $id (its URL
// is not the one made from its file name).
func hasID(d *schema.Doc, base string) bool {
	return d.URL != base+d.Name
}

// renamedBy says how a renamed root was paired.
func renamedBy(od, nd *schema.Doc) string {
	if od.URL == nd.URL {
		return " (same $id)"
	}
	return fmt.Sprintf(" (same title %s)", od.Schema.Title)
}

// Pair names the two schemas one comparison of ComparePairs takes: each
// a file name with an optional JSON Pointer into it ("schema.json#/$defs/X",
// "prompt_request.json").
type Pair struct{ Old, New string }

// ComparePairs compares chosen schemas of two sets instead of every root
// by file name: a subset of a large schema (the messages one program
// uses), or schemas that sit at different places in the two sets (a $defs
// entry of one bundled file against a root file of the other). Each pair's
// changes are reported under the root "NEW ← OLD".
func ComparePairs(oldFiles, newFiles []schema.File, pairs []Pair) (*Report, error) {
	lo, err := load(oldFiles)
	if err != nil {
		return nil, fmt.Errorf("old: %w", err)
	}
	ln, err := load(newFiles)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	w := &compatWalk{lo: lo, ln: ln, groups: map[string]int{}}
	for _, p := range pairs {
		oldS, od, err := lo.at(p.Old)
		if err != nil {
			return nil, fmt.Errorf("old: %w", err)
		}
		ns, nd, err := ln.at(p.New)
		if err != nil {
			return nil, fmt.Errorf("new: %w", err)
		}
		w.root = p.New + " ← " + p.Old
		w.oldBase, w.newBase = dirURL(od.URL), dirURL(nd.URL)
		w.compare(oldS, ns, compatPath{})
	}
	return &Report{Changes: w.list}, nil
}
