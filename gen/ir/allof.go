package ir

import (
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// allOf merges an allOf of object schemas, with the properties the schema
// declares beside it, into one struct when that is exact: every part is a
// struct that admits unknown properties (so no part rejects a property
// another part declares), and a property declared by two parts has one
// Go shape that says both (mergeField). The schema itself says nothing
// else but "type": "object", "properties" and "required".
func (b *builder) allOf(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	own := false
	for k := range keys {
		switch {
		case k == "allOf":
		case k == "type" && len(s.Types) == 1 && s.Types[0] == "object":
		case k == "properties" || k == "required":
			own = true
		default:
			return false, nil
		}
	}
	parts, ok, err := b.allOfParts(s, keys, own)
	if !ok || err != nil {
		return false, err
	}
	t.Kind = KStruct
	t.Extra = &Type{Kind: KRaw, Loc: s.Location}
	byName := map[string]*Field{}
	for _, pt := range parts {
		if !openStruct(pt) {
			return false, nil
		}
		for _, f := range pt.Fields {
			if o := byName[f.JSON]; o != nil {
				if !mergeField(o, f) {
					return false, nil
				}
				continue
			}
			merged := *f // its Go name is chosen among the merged struct's members
			byName[f.JSON] = &merged
			t.Fields = append(t.Fields, &merged)
		}
	}
	return len(t.Fields) <= 64, nil
}

// allOfParts types the parts of an allOf: the properties s declares itself
// (when own), then each schema of the list.
func (b *builder) allOfParts(s *jsonschema.Schema, keys map[string]*schema.Value, own bool) ([]*Type, bool, error) {
	var parts []*Type
	if own {
		ot := &Type{Loc: s.Location, Schema: s}
		if ok, err := b.object(s, ot, keys); !ok || err != nil {
			return nil, false, err
		}
		parts = append(parts, ot)
	}
	for _, part := range s.AllOf {
		pt, err := b.typeOf(part)
		if err != nil {
			return nil, false, err
		}
		parts = append(parts, pt)
	}
	return parts, true, nil
}

// openStruct reports whether t is a struct that admits any unknown
// property and says nothing about the object as a whole.
func openStruct(t *Type) bool {
	return t.Kind == KStruct && !t.Nullable && !t.Wrapper && t.ObjSize == nil && len(t.Patterns) == 0 &&
		t.Extra != nil && t.Extra.Kind == KRaw && t.Extra.Node == nil
}

// mergeField makes o, a property one part of an allOf declares, say what
// f, the same property in another part, says too. It reports false when
// no single Go shape says both: the two are merged only when they are the
// same type, one admits any value, or one is a const the other's plain
// type admits.
func mergeField(o, f *Field) bool {
	req := o.Required || f.Required
	switch {
	case o.Const != "" || f.Const != "":
		if o.Const == "" {
			if !admitsConst(o.Type, f.Const) {
				return false
			}
			doc := o.Doc
			*o = *f
			o.Doc = firstNonEmpty(doc, f.Doc)
		} else if f.Const != "" && f.Const != o.Const || f.Const == "" && !admitsConst(f.Type, o.Const) {
			return false
		}
	case o.Type == f.Type || IsOpen(f.Type):
	case IsOpen(o.Type):
		o.Type = f.Type
	default:
		return false
	}
	o.Required = req
	o.Doc = firstNonEmpty(o.Doc, f.Doc)
	o.Deprecated = o.Deprecated || f.Deprecated
	return true
}

// admitsConst reports whether every constraint of t is met by the JSON
// value whose canonical text is c; only types without bounds are judged.
func admitsConst(t *Type, c string) bool {
	if t == nil || c == "" {
		return false
	}
	if IsOpen(t) {
		return true
	}
	switch t.Kind {
	case KString:
		return c[0] == '"' && t.MinLen == 0 && t.MaxLen < 0 && t.Pattern == ""
	case KBool:
		return c == "true" || c == "false"
	case KInt:
		d, ok := jsonnum.Parse(c)
		ib := t.Int
		return ok && d.IsInt() && !ib.HasMin && !ib.HasMax && ib.Mult <= 1 && !ib.Empty
	case KFloat:
		_, ok := jsonnum.Parse(c)
		return ok && t.Num.Empty()
	}
	return false
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
