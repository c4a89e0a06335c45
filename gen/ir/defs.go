package ir

import "slices"

// defTypes gives every $defs entry of the input files whose type is a
// struct, union or enum a name of its own (its title, else its key), so
// that a schema set whose root only lists message kinds still yields a Go
// type per message. Structs and unions become roots, with the decoders and
// encoders of a root, so that each message can be read on its own; other
// shapes are wrapped in a root struct of the entry's name. An entry already
// named keeps its name.
func (b *builder) defTypes() error {
	defs, err := b.l.Defs()
	if err != nil {
		return err
	}
	for _, d := range defs {
		t, err := b.rootType(d.Schema) // the interpreter as a whole when the scope matters
		if err != nil {
			return err
		}
		if t.Kind != KStruct && t.Kind != KUnion && t.Kind != KEnum && t.Kind != KIntEnum || t.Nullable {
			// Any other shape is wrapped in a struct of its name, as a root
			// without a struct shape is.
			name := GoName(d.Key)
			if d.Schema.Title != "" {
				name = GoName(d.Schema.Title)
			}
			if t.Name == name {
				continue // a nullable enum keeps its name; no wrapper
			}
			w := &Type{Kind: KStruct, Name: name, Doc: t.Doc, Loc: t.Loc, Schema: d.Schema,
				StructShape: StructShape{Wrapper: true, Fields: []*Field{{JSON: "", Go: "Value", Type: t, Required: true, Doc: "Value is the document."}}}}
			b.model.Roots = append(b.model.Roots, w)
			continue
		}
		if t.Name == "" {
			t.Name = GoName(d.Key)
		}
		if t.Kind == KEnum || t.Kind == KIntEnum || slices.Contains(b.model.Roots, t) {
			b.defs = append(b.defs, t)
			continue
		}
		b.model.Roots = append(b.model.Roots, t)
	}
	return nil
}
