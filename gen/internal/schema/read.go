package schema

import (
	"fmt"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// reader checks the keywords of one document in its dialect and builds,
// for every schema object in it, the 2020-12 view the generator reads.
type reader struct {
	doc   *Doc
	allow map[string]bool // --allow-keyword names: annotations
	meta  bool            // an embedded standard meta-schema
	warnf func(*Error)    // Options.Warn
}

// read walks the schema v at ptr.
func (r *reader) read(v *Value, ptr string) error {
	if v.Kind == rt.Bool {
		if r.doc.Dialect == Draft4 {
			return &Error{File: r.doc.Name, Pointer: ptr, Msg: "a boolean schema is not part of draft-04"}
		}
		return nil
	}
	if v.Kind != rt.Object {
		return nil
	}
	if r.isGroup(v, ptr) {
		// A group of definitions one level down ("$defs": {"group": {"a":
		// {...}}}): legal, since "$ref": "#/$defs/group/a" is a JSON
		// Pointer, and common. Its members are schemas; it is none.
		r.doc.groups[ptr] = true
		for _, m := range v.Members {
			if err := r.read(m.Val, ptr+"/"+PointerEscape(m.Key)); err != nil {
				return err
			}
		}
		return nil
	}
	r.doc.schemaObjects[v] = true
	if ptr != "" {
		if s := v.Get("$schema"); s != nil && s.Kind == rt.String && !sameDialect(s.Str, r.doc) && !r.resourceRoot(v) {
			// Only the root of a schema resource names its dialect: in
			// any other subschema $schema means nothing, and validators
			// (jsonschema/v5 too) read it in its document's dialect.
			r.warn(&Error{File: r.doc.Name, Pointer: ptr + "/$schema", Msg: fmt.Sprintf(
				"$schema names another dialect (%s) than the document's (%s) in a subschema that is not the root of a resource (it has no %s): it is read in the document's dialect, as validators do",
				s.Str, r.doc.Dialect, r.idKeyword())})
		} else if s != nil && s.Kind == rt.String && !sameDialect(s.Str, r.doc) {
			return &Error{File: r.doc.Name, Pointer: ptr + "/$schema",
				Msg: fmt.Sprintf("an embedded schema in another dialect (%s) than its document's (%s) is not supported", s.Str, r.doc.Dialect)}
		}
	}
	for _, m := range v.Members {
		at := ptr + "/" + PointerEscape(m.Key)
		spec, err := r.keyword(m.Key, at)
		if err != nil {
			return err
		}
		if err := r.checkPatterns(m, at); err != nil {
			return err
		}
		if m.Val.Kind == rt.Bool && r.doc.Dialect == Draft4 && (m.Key == "additionalProperties" || m.Key == "additionalItems") {
			continue // draft-04 allows a boolean for these two, with the meaning of the boolean schemas of later drafts
		}
		if err := r.subschemas(m.Val, at, spec.sub); err != nil {
			return err
		}
	}
	view, err := r.view(v, ptr)
	if err != nil {
		return err
	}
	if view != v {
		r.doc.views[v] = view
	}
	return nil
}

// keyword says how the document's dialect reads keyword k, refusing one it
// does not know.
func (r *reader) keyword(k, at string) (keywordSpec, error) {
	if r.meta && k == RegexProperties {
		return keywordSpec{since: Draft4, vocab: VocabApplicator}, nil // the generator refuses it where it applies
	}
	spec, ok := dialectKeyword(r.doc.Dialect, k)
	if ok {
		return spec, nil // a keyword of the dialect keeps its meaning, whatever --allow-keyword says
	}
	if strings.HasPrefix(k, "x-") || r.allow[k] || r.doc.OpenAPI && openAPIAnnotations[k] {
		return keywordSpec{}, nil
	}
	d := r.doc.Dialect
	if in := dialectHaving(k); in != "" {
		// An assertion of another dialect: this dialect's validators
		// ignore it, and so does the generator, saying so. Its subschemas
		// are still read, for a $ref that points into them.
		r.warn(&Error{File: r.doc.Name, Pointer: at, Msg: fmt.Sprintf(
			"keyword %q is not part of %s, the dialect of this document (it is in %s): %s validators ignore it, and so does zerogen; name a dialect that has it with \"$schema\" to make it assert",
			k, d, in, d)})
		return keywordSpec{sub: keywordSpecs[k].sub}, nil
	}
	msg := fmt.Sprintf("unknown keyword %q", k)
	if s := suggest(k); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return spec, &Error{File: r.doc.Name, Pointer: at, Msg: msg + "; extensions must start with x-, or be accepted as annotations with --allow-keyword " + k}
}

func (r *reader) subschemas(v *Value, at string, kind SubKind) error {
	switch kind {
	case SubOneOrList:
		if v.Kind == rt.Array {
			return r.subschemas(v, at, SubList)
		}
		return r.read(v, at)
	case SubOne:
		return r.read(v, at)
	case SubList:
		for i, it := range v.Items {
			if err := r.read(it, fmt.Sprintf("%s/%d", at, i)); err != nil {
				return err
			}
		}
	case SubMap, SubDeps:
		for _, m := range v.Members {
			if kind == SubDeps && m.Val.Kind == rt.Array {
				continue
			}
			if err := r.read(m.Val, at+"/"+PointerEscape(m.Key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// view is v as a 2020-12 schema: keywords renamed to their 2020-12
// spelling (definitions, id, items as an array, additionalItems,
// dependencies, boolean exclusive bounds), $ref siblings dropped where the
// dialect ignores them, and keywords that assert nothing here (of a
// vocabulary the meta-schema leaves out, or accepted with --allow-keyword)
// left out. It returns v itself when nothing changes.
func (r *reader) view(v *Value, ptr string) (*Value, error) {
	d := r.doc.Dialect
	if d < Draft2019 && v.Get("$ref") != nil {
		return Object(Member{Key: "$ref", Val: v.Get("$ref")}), nil
	}
	out := &Value{Kind: rt.Object, Text: v.Text}
	changed := false
	var depReq, depSch *Value
	arrayItems := d < Draft2020 && v.Get("items") != nil && v.Get("items").Kind == rt.Array
	for _, m := range v.Members {
		key, val := m.Key, m.Val
		spec, known := dialectKeyword(d, key)
		switch {
		case !known && (r.allow[key] || otherDialect(key)), !r.doc.hasVocab(spec.vocab):
			changed = true
			continue
		case key == "id" && d == Draft4:
			key = "$id"
		case key == "definitions" && v.Get("$defs") == nil:
			key = "$defs"
		case key == "items" && arrayItems:
			key = "prefixItems"
		case key == "additionalItems":
			if !arrayItems {
				changed = true
				continue
			}
			key = "items"
		case (key == "exclusiveMaximum" || key == "exclusiveMinimum") && val.Kind == rt.Bool:
			changed = true
			continue // folded into maximum and minimum below
		case (key == "maximum" || key == "minimum") && d == Draft4:
			if ex := v.Get("exclusive" + strings.ToUpper(key[:1]) + key[1:]); ex != nil && ex.Kind == rt.Bool && ex.Text == "true" {
				key = "exclusive" + strings.ToUpper(key[:1]) + key[1:]
			}
		case key == "dependencies":
			var err error
			if depReq, depSch, err = r.splitDeps(v, val, ptr); err != nil {
				return nil, err
			}
			changed = true
			continue
		case key == "dependentRequired" && v.Get("dependencies") != nil, key == "dependentSchemas" && v.Get("dependencies") != nil:
			changed = true
			continue // merged with dependencies below
		}
		if key != m.Key {
			changed = true
		}
		out.Members = append(out.Members, Member{Key: key, Val: val})
	}
	if depReq != nil && len(depReq.Members) > 0 {
		out.Members = append(out.Members, Member{Key: "dependentRequired", Val: depReq})
	}
	if depSch != nil && len(depSch.Members) > 0 {
		out.Members = append(out.Members, Member{Key: "dependentSchemas", Val: depSch})
	}
	if !changed {
		return v, nil
	}
	return out, nil
}

// splitDeps merges dependencies into dependentRequired and
// dependentSchemas.
func (r *reader) splitDeps(v, deps *Value, ptr string) (req, sch *Value, err error) {
	req, sch = Object(), Object()
	if dr := v.Get("dependentRequired"); dr != nil {
		req.Members = append(req.Members, dr.Members...)
	}
	if ds := v.Get("dependentSchemas"); ds != nil {
		sch.Members = append(sch.Members, ds.Members...)
	}
	for _, m := range deps.Members {
		if m.Val.Kind != rt.Array {
			if sch.Get(m.Key) != nil {
				return nil, nil, &Error{File: r.doc.Name, Pointer: ptr + "/dependencies/" + PointerEscape(m.Key),
					Msg: fmt.Sprintf("both dependencies and dependentSchemas have %q; this is not supported", m.Key)}
			}
			sch.Members = append(sch.Members, m)
			continue
		}
		if prev := req.Get(m.Key); prev != nil {
			merged := Array(append(append([]*Value(nil), prev.Items...), m.Val.Items...)...)
			for i := range req.Members {
				if req.Members[i].Key == m.Key {
					req.Members[i].Val = merged
				}
			}
			continue
		}
		req.Members = append(req.Members, m)
	}
	return req, sch, nil
}

// isGroup reports whether v, at ptr, is a group of definitions: a member
// of $defs or definitions whose members are all objects (or booleans)
// under names that are no keyword of any dialect, no annotation and no
// extension.
func (r *reader) isGroup(v *Value, ptr string) bool {
	if r.meta || !isDefEntry(ptr) || len(v.Members) == 0 {
		return false
	}
	for _, m := range v.Members {
		if m.Val.Kind != rt.Object && m.Val.Kind != rt.Bool || Annotation[m.Key] || strings.HasPrefix(m.Key, "x-") || r.allow[m.Key] {
			return false
		}
		if _, ok := keywordSpecs[m.Key]; ok || m.Key == "id" {
			return false
		}
	}
	return true
}

// isDefEntry reports whether ptr names an entry of a top-level $defs or
// definitions.
func isDefEntry(ptr string) bool {
	parts := strings.Split(ptr, "/")
	return len(parts) == 3 && (parts[1] == "$defs" || parts[1] == "definitions")
}

// otherDialect reports whether k is a keyword of another dialect than the
// one it is read in (dialectKeyword did not know it), which asserts
// nothing there.
func otherDialect(k string) bool {
	_, ok := keywordSpecs[k]
	return ok
}

// warn reports a warning through Options.Warn.
// idKeyword is the keyword that makes a subschema the root of a resource
// in the document's dialect.
func (r *reader) idKeyword() string {
	if r.doc.Dialect == Draft4 {
		return "id"
	}
	return "$id"
}

// resourceRoot reports whether the subschema v is the root of a schema
// resource of its own: it has an identifier that is not only a fragment
// (a fragment is a location-independent name of draft-06 and draft-07).
func (r *reader) resourceRoot(v *Value) bool {
	id := v.Get(r.idKeyword())
	return id != nil && id.Kind == rt.String && !strings.HasPrefix(id.Str, "#")
}

func (r *reader) warn(w *Error) {
	if r.warnf != nil {
		r.warnf(w)
	}
}

// RegexProperties is the keyword by which the draft-04 meta-schema, as the
// compiler has it, asks that patternProperties' names be regular
// expressions.
const RegexProperties = "regexProperties"

// sameDialect reports whether the $schema URL u names the dialect of doc.
func sameDialect(u string, doc *Doc) bool {
	d, ok := dialectOfURL(u)
	return ok && d == doc.Dialect && doc.Vocab == nil || strings.TrimSuffix(u, "#") == strings.TrimSuffix(doc.MetaURL, "#")
}
