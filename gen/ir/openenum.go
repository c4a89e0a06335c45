package ir

import (
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// openEnum recognises an open enumeration written as an anyOf of consts
// beside one plain branch that admits them all ({"type": "string"}, or
// {"type": "integer"}): any value of the plain branch is valid, so the
// type is that branch's, and the consts become its vocabulary (constants
// and a list, as x-known-values declares them). Only anyOf: a oneOf would
// refuse each const, since it matches two branches.
func (b *builder) openEnum(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if len(keys) != 1 || keys["anyOf"] == nil || len(s.AnyOf) < 2 {
		return false, nil
	}
	var open *jsonschema.Schema
	var consts []*jsonschema.Schema
	var texts []string
	for _, br := range s.AnyOf {
		if c, ok := b.constOnly(br); ok {
			consts, texts = append(consts, br), append(texts, c)
			continue
		}
		if open != nil {
			return false, nil
		}
		open = br
	}
	if open == nil || len(consts) == 0 {
		return false, nil
	}
	ot, err := b.typeOf(open)
	if err != nil || ot.Kind != KString && ot.Kind != KInt || ot.Nullable || ot.Vocab != nil {
		return false, err
	}
	for _, c := range texts {
		if !admitsConst(ot, c) {
			return false, nil
		}
	}
	own := *t
	*t = *ot
	t.Loc, t.Schema, t.Doc, t.Deprecated, t.Name, t.DefName = own.Loc, own.Schema, own.Doc, own.Deprecated, "", ""
	if v := b.openVocab(s, consts, texts, t.Kind == KInt); v != nil {
		t.Vocab = v
		b.model.Vocabs = append(b.model.Vocabs, v)
		sortVocabs(b.model.Vocabs)
	}
	return true, nil
}

// constOnly reports whether s only says const (with a type that admits
// it), and gives the const's canonical text.
func (b *builder) constOnly(s *jsonschema.Schema) (string, bool) {
	keys, _ := b.constraintKeys(s)
	c := keys["const"]
	if c == nil || !(len(keys) == 1 || len(keys) == 2 && keys["type"] != nil && typeAdmits(s.Types, c)) {
		return "", false
	}
	canon, err := rtimpl.Canonical(c.Text)
	return canon, err == nil
}

// openVocab is the vocabulary of an open enumeration at s whose declared
// values are the consts (canonical texts) of the branches; nil when the
// schema has no name for it or two values would get one Go name.
func (b *builder) openVocab(s *jsonschema.Schema, branches []*jsonschema.Schema, texts []string, isInt bool) *Vocab {
	sn := b.l.Node(s)
	doc, ptr := sn.Doc, sn.Ptr
	v := &Vocab{Doc: s.Description, Loc: doc.Name + "#" + ptr, Int: isInt, Inferred: true}
	switch {
	case s.Title != "":
		v.Name = GoName(s.Title)
	case defKey(ptr) != "":
		v.Name = GoName(defKey(ptr))
	default:
		return nil
	}
	seen := map[string]bool{}
	for i, br := range branches {
		kv := &KnownValue{JSON: texts[i], Doc: strings.TrimSpace(br.Description)}
		if br.Title != "" {
			kv.Title = GoName(br.Title)
		}
		if isInt {
			d, ok := jsonnum.Parse(texts[i])
			r := d.Rat()
			if !ok || !d.IsInt() || !r.Num().IsInt64() {
				return nil
			}
			kv.Int = r.Num().Int64()
			kv.JSON = strconv.FormatInt(kv.Int, 10)
			kv.Go = v.Name + firstNonEmpty(kv.Title, constSuffix(KIntEnum, kv.JSON))
		} else {
			kv.Str, _ = strconv.Unquote(texts[i])
			kv.Go = v.Name + firstNonEmpty(kv.Title, GoName(kv.Str))
		}
		if seen[kv.Go] || kv.Go == v.Name {
			return nil
		}
		seen[kv.Go] = true
		v.Values = append(v.Values, kv)
	}
	return v
}
