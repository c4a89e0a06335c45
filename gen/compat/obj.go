package compat

import (
	"fmt"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// compareObject compares properties, required and additionalProperties.
func (w *compatWalk) compareObject(fo, fn *facts, p compatPath) {
	if !fo.object && !fn.object {
		return
	}
	// When one side admits no object at all, its members say nothing: the
	// type change is the whole story, and compareTypes reports it.
	if !admitsType(fo.types, "object") || !admitsType(fn.types, "object") {
		return
	}
	names := map[string]bool{}
	for _, m := range []map[string]*jsonschema.Schema{fo.props, fn.props} {
		for k := range m {
			names[k] = true
		}
	}
	for _, m := range []map[string]string{fo.required, fn.required} {
		for k := range m {
			names[k] = true
		}
	}
	var removed, added []string
	for _, name := range mapKeysSorted(names) {
		op, np := fo.props[name], fn.props[name]
		switch {
		case op != nil && np != nil:
			w.compare(op, np, p.child(name))
			w.here(p.child(name), func() { w.compareRequired(fo, fn, name) })
		case op != nil:
			removed = append(removed, name)
		case np != nil:
			added = append(added, name)
		default:
			w.here(p.child(name), func() { w.compareRequired(fo, fn, name) })
		}
	}
	renames := w.renames(fo, fn, removed, added)
	for _, name := range removed {
		w.propertyRemoved(fo, fn, name, renames[name], p)
	}
	for _, name := range added {
		w.propertyAdded(fo, fn, name, renames[name], p)
	}
	w.compareExtra(fo, fn, p)
}

func (w *compatWalk) compareRequired(fo, fn *facts, name string) {
	oAt, oreq := fo.required[name]
	nAt, nreq := fn.required[name]
	switch {
	case !oreq && nreq:
		w.add(compatChange{kind: "required-added", at: nAt, narrows: true, detail: strconv.Quote(name) + " is now required"})
	case oreq && !nreq:
		w.add(compatChange{kind: "required-removed", at: oAt, old: true, widens: true, detail: strconv.Quote(name) + " is now optional"})
	}
}

// renames pairs each removed property with an added one whose schema is
// the same, as a hint that it was renamed: name → the other name.
func (w *compatWalk) renames(fo, fn *facts, removed, added []string) map[string]string {
	out := map[string]string{}
	for _, r := range removed {
		for _, a := range added {
			if _, taken := out[a]; taken {
				continue
			}
			_, oreq := fo.required[r]
			_, nreq := fn.required[a]
			if oreq == nreq && w.same(fo.props[r], fn.props[a]) {
				out[r], out[a] = a, r
				break
			}
		}
	}
	return out
}

// same reports whether comparing o and n finds no change.
func (w *compatWalk) same(o, n *jsonschema.Schema) bool {
	var found []compatChange
	saved := w.dry
	w.dry = &found
	w.compare(o, n, w.path)
	w.dry = saved
	return len(found) == 0
}

func (w *compatWalk) propertyRemoved(fo, fn *facts, name, renamedTo string, p compatPath) {
	_, oreq := fo.required[name]
	w.here(p.child(name), func() {
		switch {
		case fn.extra != nil && !fn.closed:
			w.compare(fo.props[name], fn.extra, p.child(name))
			w.compareRequired(fo, fn, name)
			return
		}
		detail := "optional field removed"
		if oreq {
			detail = "required field removed"
		}
		if renamedTo != "" {
			detail += fmt.Sprintf("; renamed to %q?", renamedTo)
		}
		// In a closed object, old documents that carry the field now fail;
		// a field an old reader requires is missing from new documents.
		w.add(compatChange{kind: "property-removed", at: schema.UnescapeLocation(fo.props[name].Location), old: true,
			narrows: fn.closed, widens: oreq || !fn.closed, detail: detail})
	})
}

func (w *compatWalk) propertyAdded(fo, fn *facts, name, renamedFrom string, p compatPath) {
	_, nreq := fn.required[name]
	w.here(p.child(name), func() {
		if fo.extra != nil && !fo.closed {
			w.compare(fo.extra, fn.props[name], p.child(name))
			w.compareRequired(fo, fn, name)
			return
		}
		detail := "optional field added"
		if nreq {
			detail = "required field added"
		}
		if renamedFrom != "" {
			detail += fmt.Sprintf("; renamed from %q?", renamedFrom)
		}
		// A closed old object rejects the new field; a required one is
		// missing from old documents. In an open old object the field
		// could hold anything before.
		w.add(compatChange{kind: "property-added", at: schema.UnescapeLocation(fn.props[name].Location),
			widens: fo.closed, narrows: nreq || !fo.closed, detail: detail})
	})
}

// extraState is what additionalProperties allows: nothing, anything, or
// what a schema allows.
func extraState(f *facts) string {
	switch {
	case f.closed:
		return "no other fields"
	case f.extra != nil:
		return "other fields under a schema"
	}
	return "any other fields"
}

func (w *compatWalk) compareExtra(fo, fn *facts, p compatPath) {
	if fo.extra != nil && fn.extra != nil {
		w.compare(fo.extra, fn.extra, p.child("*"))
		return
	}
	so, sn := extraState(fo), extraState(fn)
	if so == sn {
		return
	}
	loc, old := compatAt(fn.extraAt, fo.extraAt)
	if loc == "" {
		loc = schema.UnescapeLocation(fn.parts[0].Location)
	}
	// Allowing anything widens; closing the object narrows; a schema sits
	// between the two.
	widens := fo.closed || sn == "any other fields"
	narrows := fn.closed || so == "any other fields"
	w.add(compatChange{kind: "additional-properties-changed", at: loc, old: old, widens: widens, narrows: narrows, detail: so + " → " + sn})
}

// compareUnion pairs the variants of two oneOf or anyOf lists.
func (w *compatWalk) compareUnion(fo, fn *facts, p compatPath) {
	switch {
	case len(fo.union) == 0 && len(fn.union) == 0:
		return
	case len(fo.union) == 0 || len(fn.union) == 0:
		loc, old := compatAt(fn.unionAt, fo.unionAt)
		w.add(compatChange{kind: "type-changed", at: loc, old: old, widens: true, narrows: true,
			detail: fmt.Sprintf("a union of %d → a union of %d", len(fo.union), len(fn.union))})
		return
	}
	ol, nl := w.variantLabels(fo.union, fn.union)
	newBy := map[string]*jsonschema.Schema{}
	for i, v := range fn.union {
		newBy[nl[i]] = v
	}
	for i, ov := range fo.union {
		vp := compatPath{pointer: p.pointer, variant: joinVariant(p.variant, ol[i])}
		if nv := newBy[ol[i]]; nv != nil {
			delete(newBy, ol[i])
			w.compare(ov, nv, vp)
			continue
		}
		w.here(vp, func() {
			w.add(compatChange{kind: "variant-removed", at: w.lo.variantLoc(ov), old: true, narrows: true,
				detail: fmt.Sprintf("documents of variant %s%s are no longer valid", ol[i], w.lo.titleNote(ov, ol[i]))})
		})
	}
	for i, nv := range fn.union {
		if newBy[nl[i]] == nil {
			continue
		}
		vp := compatPath{pointer: p.pointer, variant: joinVariant(p.variant, nl[i])}
		w.here(vp, func() {
			w.add(compatChange{kind: "variant-added", at: w.ln.variantLoc(nv), widens: true,
				detail: fmt.Sprintf("new variant %s%s in a closed union", nl[i], w.ln.titleNote(nv, nl[i]))})
		})
	}
}

func joinVariant(parent, label string) string {
	if parent == "" {
		return label
	}
	return parent + "." + label
}

// variantLoc is where a variant is defined: its $ref target, when the
// variant is only a $ref.
func (l *loaded) variantLoc(v *jsonschema.Schema) string {
	if v.Ref != nil {
		return schema.UnescapeLocation(v.Ref.Location)
	}
	return schema.UnescapeLocation(v.Location)
}

// variantLabels names the variants of both lists so that equal names pair
// them: by the value of a discriminating const property both lists share,
// else by title when every variant has a distinct one, else by position.
func (w *compatWalk) variantLabels(ou, nu []*jsonschema.Schema) ([]string, []string) {
	od, nd := w.lo.discriminators(ou), w.ln.discriminators(nu)
	disc := ""
	for _, d := range []string{"type", "kind"} {
		if od[d] != nil && nd[d] != nil {
			disc = d
			break
		}
	}
	if disc == "" {
		for _, d := range mapKeysSorted(od) {
			if nd[d] != nil {
				disc = d
				break
			}
		}
	}
	if disc != "" {
		return od[disc], nd[disc]
	}
	ot, nt := w.lo.titles(ou), w.ln.titles(nu)
	if ot != nil && nt != nil {
		return ot, nt
	}
	return positions(len(ou)), positions(len(nu))
}

// discriminators returns, for each property that is required and a
// distinct string const in every variant, the variants' values.
func (l *loaded) discriminators(vs []*jsonschema.Schema) map[string][]string {
	out := map[string][]string{}
	for i, v := range vs {
		f := l.factsOf(v)
		for name, p := range f.props {
			if _, req := f.required[name]; !req {
				continue
			}
			pf := l.factsOf(p)
			if !pf.isConst || len(pf.values) != 1 {
				continue
			}
			val, err := strconv.Unquote(pf.values[0])
			if err != nil {
				continue
			}
			if i == 0 || len(out[name]) == i {
				out[name] = append(out[name], val)
			}
		}
	}
	for name, vals := range out {
		if len(vals) != len(vs) || !distinct(vals) {
			delete(out, name)
		}
	}
	return out
}

// titleNote is " (Title)" for a variant whose title is not its label.
func (l *loaded) titleNote(v *jsonschema.Schema, label string) string {
	for _, part := range l.factsOf(v).parts {
		if part.Title != "" && part.Title != label {
			return " (" + part.Title + ")"
		}
	}
	return ""
}

// titles returns the variants' titles when all are set and distinct.
func (l *loaded) titles(vs []*jsonschema.Schema) []string {
	var out []string
	for _, v := range vs {
		t := ""
		for _, part := range l.factsOf(v).parts {
			if part.Title != "" {
				t = part.Title
				break
			}
		}
		if t == "" {
			return nil
		}
		out = append(out, t)
	}
	if !distinct(out) {
		return nil
	}
	return out
}

func positions(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("#%d", i)
	}
	return out
}

func distinct(vs []string) bool {
	seen := map[string]bool{}
	for _, v := range vs {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}
