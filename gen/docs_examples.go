package gen

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// docExamples finds an example of every named type and every field: the
// schema's own examples first, then the values the generated valid
// fixtures hold, examples-derived documents before the maximal ones
// before the rest.
type docExamples struct {
	l      *loaded
	types  map[*Type]*rawNode
	fields map[*Field]*rawNode
}

func newDocExamples(l *loaded, m *Model) (*docExamples, error) {
	x := &docExamples{l: l, types: map[*Type]*rawNode{}, fields: map[*Field]*rawNode{}}
	x.fromSchemas(m)
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
func (x *docExamples) fromSchemas(m *Model) {
	for _, t := range m.Types {
		if t.schema == nil {
			continue
		}
		_, _, raw := x.l.rawFor(t.schema)
		if ex := raw.get("examples"); ex != nil && len(ex.items) > 0 && !isWrapper(t) {
			x.types[t] = ex.items[0]
		}
		if t.Kind != KStruct {
			continue
		}
		props := raw.get("properties")
		for _, f := range t.Fields {
			if ex := props.get(f.JSON).get("examples"); ex != nil && len(ex.items) > 0 {
				x.fields[f] = ex.items[0]
			}
		}
	}
}

// walk records the values of doc, a document of type t.
func (x *docExamples) walk(t *Type, doc *rawNode) {
	if t == nil || doc == nil {
		return
	}
	if t.Name != "" && x.types[t] == nil && !isWrapper(t) {
		x.types[t] = doc
	}
	switch t.Kind {
	case KStruct:
		for _, f := range t.Fields {
			v := doc
			if f.JSON != "" || !isWrapper(t) {
				v = doc.get(f.JSON)
				if doc.kind != rt.Object {
					v = nil
				}
			}
			if v != nil && x.fields[f] == nil {
				x.fields[f] = v
			}
			x.walk(f.Type, v)
		}
	case KUnion:
		disc := doc.get(t.Disc)
		for _, v := range t.Variants {
			if disc != nil && canonOf(disc) == v.DiscValue {
				x.walk(v, doc)
			}
		}
	case KArray:
		for _, it := range doc.items {
			x.walk(t.Elem, it)
		}
	case KMap:
		for _, m := range doc.members {
			x.walk(t.Elem, m.val)
		}
	}
}

type fixtureDoc struct {
	root *Type
	name string
	doc  *rawNode
	used bool
}

// validFixtures generates the fixtures in memory and returns the valid
// documents of every root with their case names.
func validFixtures(l *loaded, m *Model) ([]*fixtureDoc, error) {
	files, err := fixtures(l, m)
	if err != nil {
		return nil, err
	}
	var man manifest
	if err := json.Unmarshal(files[FixtureDir+"manifest.json"], &man); err != nil {
		return nil, err
	}
	var out []*fixtureDoc
	for i, r := range man.Roots {
		lines := bytes.Split(bytes.TrimSuffix(files[FixtureDir+r.Valid.File], []byte("\n")), []byte("\n"))
		for _, c := range r.Valid.Cases {
			if c.Line < 1 || c.Line > len(lines) {
				continue
			}
			doc, err := parseRaw(lines[c.Line-1])
			if err != nil {
				continue
			}
			out = append(out, &fixtureDoc{root: m.Roots[i], name: c.Name, doc: doc})
		}
	}
	return out, nil
}
