package ir

// SkipUnknown makes every struct that admits any unknown property skip
// such properties instead of keeping them: its Extra is dropped and
// SkipExtra set, so that decoding allocates nothing for members the schema
// does not name. Decoding then loses those members, so the types no longer
// encode back to the document they decoded: this is for documents a
// program only reads, such as a vendor's stream, whose schemas stay open
// because the vendor adds members. Structs whose additionalProperties has
// a schema of its own keep their Extra.
func (m *Model) SkipUnknown() {
	seen := map[*Type]bool{}
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Kind == KStruct && t.Extra != nil && t.Extra.Kind == KRaw && t.Extra.Node == nil {
			t.Extra, t.SkipExtra = nil, true
		}
		for _, f := range t.Fields {
			walk(f.Type)
		}
		for _, v := range t.Variants {
			walk(v)
		}
		for _, p := range t.Patterns {
			walk(p.Type)
		}
		for _, a := range t.Alts {
			walk(a.Type)
		}
		walk(t.Elem)
		walk(t.Extra)
	}
	for _, r := range m.Roots {
		walk(r)
	}
}
