package docs

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/zeroproject/zero/gen/fixtures"
	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

// docExamples finds an example of every named type and every field: the
// schema's own examples first, then the values the generated valid
// fixtures hold, examples-derived documents before the maximal ones
// before the rest.
type docExamples struct {
	l      *schema.Loaded
	types  map[*ir.Type]*schema.Value
	fields map[*ir.Field]*schema.Value
}

func newDocExamples(l *schema.Loaded, m *ir.Model) (*docExamples, error) {
	x := &docExamples{l: l, types: map[*ir.Type]*schema.Value{}, fields: map[*ir.Field]*schema.Value{}}
	x.fromSchemas(m)
	for _, t := range m.Types {
		// A type's own example documents its fields too (a union variant
		// that no fixture document reaches).
		if ex := x.types[t]; ex != nil && t.Kind == ir.KStruct {
			x.walk(t, ex)
		}
	}
	docs, err := validFixtures(l, m)
	if err != nil {
		return nil, err
	}
	for _, rank := range []func(name string) bool{
		func(n string) bool { return strings.HasPrefix(n, "examples/") },
		func(n string) bool { return strings.HasSuffix(n, "maximal") },
		func(n string) bool { return true },
	} {
		for _, d := range docs {
			if rank(d.name) && !d.used {
				d.used = true
				x.walk(d.root, d.doc)
			}
		}
	}
	return x, nil
}

// fromSchemas takes the first entry of each type's and each property's
// examples keyword.
func (x *docExamples) fromSchemas(m *ir.Model) {
	for _, t := range m.Types {
		if t.Schema == nil {
			continue
		}
		_, _, raw := x.l.RawFor(t.Schema)
		if ex := raw.Get("examples"); ex != nil && len(ex.Items) > 0 && !t.IsWrapper() {
			x.types[t] = ex.Items[0]
		}
		if t.Kind != ir.KStruct {
			continue
		}
		props := raw.Get("properties")
		for _, f := range t.Fields {
			if ex := props.Get(f.JSON).Get("examples"); ex != nil && len(ex.Items) > 0 {
				x.fields[f] = ex.Items[0]
			}
		}
	}
}

// walk records the values of doc, a document of type t.
func (x *docExamples) walk(t *ir.Type, doc *schema.Value) {
	if t == nil || doc == nil {
		return
	}
	if t.Name != "" && x.types[t] == nil && !t.IsWrapper() {
		x.types[t] = doc
	}
	switch t.Kind {
	case ir.KStruct:
		for _, f := range t.Fields {
			v := doc
			if f.JSON != "" || !t.IsWrapper() {
				v = doc.Get(f.JSON)
				if doc.Kind != rt.Object {
					v = nil
				}
			}
			if v != nil && x.fields[f] == nil {
				x.fields[f] = v
			}
			x.walk(f.Type, v)
		}
	case ir.KUnion:
		disc := doc.Get(t.Disc)
		for _, v := range t.Variants {
			if disc != nil && disc.Canonical() == v.DiscValue {
				x.walk(v, doc)
			}
		}
		if t.Match != "" && disc != nil && disc.Kind == rt.String {
			if v := t.TaggedVariant(disc.Str); v != nil {
				x.walk(v, doc)
			}
		}
	case ir.KArray:
		for _, it := range doc.Items {
			x.walk(t.Elem, it)
		}
	case ir.KMap:
		for _, m := range doc.Members {
			x.walk(t.Elem, m.Val)
		}
	}
}

type fixtureDoc struct {
	root *ir.Type
	name string
	doc  *schema.Value
	used bool
}

// validFixtures generates the fixtures in memory and returns the valid
// documents of every root with their case names.
func validFixtures(l *schema.Loaded, m *ir.Model) ([]*fixtureDoc, error) {
	files, err := fixtures.Generate(l, m)
	if err != nil {
		return nil, err
	}
	var man fixtures.Manifest
	if err := json.Unmarshal(files[fixtures.FixtureDir+"manifest.json"], &man); err != nil {
		return nil, err
	}
	var out []*fixtureDoc
	for i, r := range man.Roots {
		lines := bytes.Split(bytes.TrimSuffix(files[fixtures.FixtureDir+r.Valid.File], []byte("\n")), []byte("\n"))
		for _, c := range r.Valid.Cases {
			if c.Line < 1 || c.Line > len(lines) {
				continue
			}
			doc, err := schema.Parse(lines[c.Line-1])
			if err != nil {
				continue
			}
			out = append(out, &fixtureDoc{root: m.Roots[i], name: c.Name, doc: doc})
		}
	}
	return out, nil
}
