package gen

import (
	"math/big"
	"slices"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
)

// badDoc is an invalid fixture: a valid document with exactly one
// violation, at pointer, of keyword.
type badDoc struct {
	doc       *jval
	pointer   string
	keyword   string
	name      string
	detail    string // the offending value, for a probe's name
	deviation string // "duplicate-key": the reference accepts it
	probe     bool   // labelled with the reference's verdict (see probes)
}

// breaker walks a valid document beside its type and derives one invalid
// document per constraint it meets.
type breaker struct {
	g    *fixgen
	root *jval
	out  []badDoc
}

func (b *breaker) add(doc *jval, ptr, keyword, detail string) {
	b.out = append(b.out, badDoc{doc: doc, pointer: ptr, keyword: keyword, name: caseName(ptr, keyword, detail)})
}

// replace adds the document with the value at s replaced by v.
func (b *breaker) replace(s site, v *jval, keyword string) {
	doc := replaceAt(b.root, s.path, func(*jval) *jval { return v })
	b.add(doc, s.ptr, keyword, describe(v))
}

func caseName(ptr, keyword, detail string) string {
	at := ptr
	if at == "" {
		at = "(root)"
	}
	return at + " " + keyword + ": " + detail
}

// walk derives the invalid documents for the value v of type t at s.
func (b *breaker) walk(t *Type, v *jval, s site, p pos) {
	b.wrongTypes(t, s, p)
	b.probes(t, v, s, p)
	if v.kind == rt.Null {
		return
	}
	switch t.Kind {
	case KStruct:
		b.object(t, v, s, p, "")
	case KUnion:
		b.union(t, v, s, p)
	case KEnum:
		b.enum(t, s)
	case KString:
		b.str(newStrSpec(t.MinLen, t.MaxLen, t.Pattern), v, s)
	case KInt, KFloat:
		b.num(newNumSpec(t.schema, t.Kind == KInt), v, s)
	case KArray:
		b.array(t, v, s, p)
	case KMap:
		b.mapping(t, v, s, p)
	case KRaw:
		b.node(t.Node, v, s)
	}
}

// jsonTypes are the JSON types a value of t may have.
func jsonTypes(t *Type) []string {
	var out []string
	switch t.Kind {
	case KStruct, KUnion, KMap:
		out = []string{"object"}
	case KArray:
		out = []string{"array"}
	case KEnum, KString:
		out = []string{"string"}
	case KInt:
		out = []string{"integer"}
	case KFloat:
		out = []string{"number"}
	case KBool:
		out = []string{"boolean"}
	case KRaw:
		if t.Node == nil || t.Node.Never || len(t.Node.Types) == 0 {
			return nil
		}
		return t.Node.Types
	}
	if t.Nullable {
		out = append(out, "null")
	}
	return out
}

// typeSamples are one value of each JSON type; 0.5 is a number that is
// not an integer.
var typeSamples = []struct {
	typ string
	v   func() *jval
}{
	{"null", jnull}, {"boolean", func() *jval { return jbool(true) }}, {"object", func() *jval { return jobj() }},
	{"array", func() *jval { return jarr() }}, {"integer", func() *jval { return jnum("0") }},
	{"number", func() *jval { return jnum("0.5") }}, {"string", func() *jval { return jstr("0") }},
}

// wrongTypes adds one document per JSON type the schema's type keywords
// refuse at s. A type those keywords admit but the model does not (null
// beside an enum that lacks it) is a probe: the reference names the
// keyword.
func (b *breaker) wrongTypes(t *Type, s site, p pos) {
	model := typeSet(jsonTypes(t))
	schema := model
	if t.Kind != KRaw {
		schema = schemaTypes(schemaOf(p, t), 0)
	}
	if schema == nil {
		return
	}
	for _, x := range typeSamples {
		switch {
		case x.typ == "number" && !schema["integer"] && !schema["number"]:
			// 0 already shows that no number is allowed
		case !admits(schema, x.typ):
			b.replace(s, x.v(), "type")
		case model != nil && !admits(model, x.typ):
			doc := replaceAt(b.root, s.path, func(*jval) *jval { return x.v() })
			b.out = append(b.out, badDoc{doc: doc, pointer: s.ptr, probe: true, detail: describe(x.v())})
		}
	}
}

func typeSet(types []string) map[string]bool {
	if types == nil {
		return nil
	}
	set := map[string]bool{}
	for _, x := range types {
		set[x] = true
	}
	return set
}

// admits reports whether a set of JSON types holds a value of type typ
// ("integer" for 0, "number" for 0.5).
func admits(set map[string]bool, typ string) bool {
	switch typ {
	case "integer":
		return set["integer"] || set["number"]
	}
	return set[typ]
}

// schemaTypes is the set of JSON types that the type keywords of s allow,
// through $ref, allOf and the branches of oneOf and anyOf; nil is any.
func schemaTypes(s *jsonschema.Schema, depth int) map[string]bool {
	if s == nil || depth > 32 {
		return nil
	}
	var set map[string]bool
	meet := func(o map[string]bool) {
		switch {
		case o == nil:
		case set == nil:
			set = o
		default:
			both := map[string]bool{}
			for k := range set {
				if o[k] || k == "integer" && o["number"] {
					both[k] = true
				}
			}
			for k := range o {
				if k == "integer" && set["number"] {
					both[k] = true
				}
			}
			set = both
		}
	}
	join := func(list []*jsonschema.Schema) map[string]bool {
		out := map[string]bool{}
		for _, x := range list {
			o := schemaTypes(x, depth+1)
			if o == nil {
				return nil
			}
			for k := range o {
				out[k] = true
			}
		}
		return out
	}
	meet(typeSet(s.Types))
	meet(schemaTypes(s.Ref, depth+1))
	for _, x := range s.AllOf {
		meet(schemaTypes(x, depth+1))
	}
	if len(s.OneOf) > 0 {
		meet(join(s.OneOf))
	}
	if len(s.AnyOf) > 0 {
		meet(join(s.AnyOf))
	}
	return set
}

// probes adds the values the model admits at s that the schema itself
// refuses (null for a nullable type, every enum value), labelled with
// the reference's verdict: a decoder that accepts one has dropped a
// constraint.
func (b *breaker) probes(t *Type, v *jval, s site, p pos) {
	var vals []*jval
	if t.Nullable {
		vals = append(vals, jnull())
	}
	if t.Kind == KEnum {
		for _, x := range t.Values {
			vals = append(vals, jstr(x))
		}
	}
	for _, x := range vals {
		if b.g.accepts(p, t, x) {
			continue
		}
		doc := replaceAt(b.root, s.path, func(*jval) *jval { return x })
		b.out = append(b.out, badDoc{doc: doc, pointer: s.ptr, probe: true, detail: describe(x)})
	}
}

// object adds the documents of a struct's own keywords, then those of its
// members; skipConst names a discriminator the union handles.
func (b *breaker) object(t *Type, v *jval, s site, p pos, skipConst string) {
	n := len(v.members)
	sz := t.ObjSize
	fits := func(k int) bool { return sz == nil || k >= sz.Min && (sz.Max < 0 || k <= sz.Max) }
	for i, m := range v.members {
		if f := fieldOf(t, m.key); f != nil && f.Required && fits(n-1) {
			doc := replaceAt(b.root, s.path, func(o *jval) *jval {
				c := o.clone()
				c.members = append(c.members[:i], c.members[i+1:]...)
				return c
			})
			b.add(doc, s.ptr, "required", strconv.Quote(m.key))
		}
	}
	if t.Extra == nil && fits(n+1) {
		key := unknownKey(t, v)
		doc := replaceAt(b.root, s.path, func(o *jval) *jval {
			c := o.clone()
			c.members = append(c.members, jmember{key, jnum("0")})
			return c
		})
		b.add(doc, s.ptr, "additionalProperties", strconv.Quote(key))
	}
	b.duplicate(v, s)
	if sz != nil {
		b.objectSize(t, v, s, p)
	}
	for i, m := range v.members {
		ms := s.member(i, m.key)
		f := fieldOf(t, m.key)
		switch {
		case f == nil:
			b.walk(t.Extra, m.val, ms, b.g.extraPos(t, p))
		case f.Const != "":
			if f.JSON != skipConst {
				b.constant(f.Const, ms)
			}
		default:
			b.walk(f.Type, m.val, ms, b.g.propPos(t, f.JSON, p))
		}
	}
}

func unknownKey(t *Type, v *jval) string {
	for i := 0; ; i++ {
		k := "unknownProperty"
		if i > 0 {
			k += strconv.Itoa(i + 1)
		}
		if fieldOf(t, k) == nil && v.get(k) == nil {
			return k
		}
	}
}

// duplicate repeats the object's first member at its end. The reference
// decodes through encoding/json, which keeps the last value, so it
// accepts the document: a documented deviation.
func (b *breaker) duplicate(v *jval, s site) {
	if len(v.members) == 0 {
		return
	}
	first := v.members[0]
	doc := replaceAt(b.root, s.path, func(o *jval) *jval {
		c := o.clone()
		c.members = append(c.members, first)
		return c
	})
	b.out = append(b.out, badDoc{doc: doc, pointer: s.ptr, keyword: "duplicate", deviation: "duplicate-key",
		name: caseName(s.ptr, "duplicate", strconv.Quote(first.key))})
}

// objectSize adds a struct with one property too few and one too many.
func (b *breaker) objectSize(t *Type, v *jval, s site, p pos) {
	sz := t.ObjSize
	if sz.Min > 0 {
		var keep []jmember
		for _, m := range v.members {
			if f := fieldOf(t, m.key); f != nil && f.Required {
				keep = append(keep, m)
			}
		}
		for _, m := range v.members {
			if f := fieldOf(t, m.key); len(keep) < sz.Min-1 && (f == nil || !f.Required) {
				keep = append(keep, m)
			}
		}
		if len(keep) == sz.Min-1 {
			b.replace(s, jobj(keep...), "minProperties")
		}
	}
	if sz.Max >= 0 {
		obj := jobj(v.members...)
		for _, f := range t.Fields {
			if len(obj.members) > sz.Max {
				break
			}
			if obj.get(f.JSON) == nil {
				fv, err := b.g.fieldValue(t, f, p, false)
				if err != nil {
					return
				}
				obj.members = append(obj.members, jmember{f.JSON, fv})
			}
		}
		for len(obj.members) <= sz.Max && t.Extra != nil {
			ev, err := b.g.value(t.Extra, b.g.extraPos(t, p), false)
			if err != nil {
				return
			}
			obj.members = append(obj.members, jmember{extraKey(t, obj, 0), ev})
		}
		if len(obj.members) == sz.Max+1 {
			b.replace(s, obj, "maxProperties")
		}
	}
}

// constant adds a value of the const's type that differs from it.
func (b *breaker) constant(canon string, s site) {
	c := constValue(canon)
	var other *jval
	switch c.kind {
	case rt.String:
		other = jstr(c.lit + "_other")
	case rt.Number:
		lit, ok := ratLit(new(big.Rat).Add(parseRat(c.lit), big.NewRat(1, 1)))
		if !ok {
			return
		}
		other = jnum(lit)
	case rt.Bool:
		other = jbool(c.lit != "true")
	default:
		return
	}
	b.replace(s, other, "const")
}

// union adds an unknown discriminator, then the documents of the variant
// the value is.
func (b *breaker) union(t *Type, v *jval, s site, p pos) {
	disc := v.get(t.Disc)
	for i, vt := range t.Variants {
		if disc == nil || string(disc.bytes()) != vt.DiscValue {
			continue
		}
		for j, m := range v.members {
			if m.key == t.Disc {
				b.replace(s.member(j, m.key), jstr(unknownValue(t)), "const")
				break
			}
		}
		b.object(vt, v, s, b.g.variantPos(t, i, p), t.Disc)
		return
	}
}

func unknownValue(u *Type) string {
	for i := 0; ; i++ {
		x := "unknown_type" + strconv.Itoa(i)
		taken := false
		for _, v := range u.Variants {
			taken = taken || v.DiscValue == strconv.Quote(x)
		}
		if !taken {
			return x
		}
	}
}

func (b *breaker) enum(t *Type, s site) {
	for i := 0; ; i++ {
		x := "not_listed" + strconv.Itoa(i)
		if !slices.Contains(t.Values, x) {
			b.replace(s, jstr(x), "enum")
			return
		}
	}
}

func (b *breaker) str(sp *strSpec, v *jval, s site) {
	if v.kind != rt.String {
		return
	}
	if sp.MinLen > 0 {
		b.strCase(sp, "minLength", v, s)
	}
	if sp.MaxLen >= 0 {
		b.strCase(sp, "maxLength", v, s)
	}
	if sp.Pattern != nil {
		b.strCase(sp, "pattern", v, s)
	}
}

func (b *breaker) strCase(sp *strSpec, keyword string, v *jval, s site) {
	if x, ok := sp.violating(keyword, v.lit); ok {
		b.replace(s, jstr(x), keyword)
	}
}

func (b *breaker) num(ns *numSpec, v *jval, s site) {
	if v.kind != rt.Number {
		return
	}
	for _, kw := range numKeywords {
		if ns.bound(kw) == nil {
			continue
		}
		if lit, ok := ns.violating(kw, parseRat(v.lit)); ok {
			b.replace(s, jnum(lit), kw)
		}
	}
}

func (b *breaker) array(t *Type, v *jval, s site, p pos) {
	if sz := t.ArrSize; sz != nil {
		if sz.Min > 0 && len(v.items) >= sz.Min {
			b.replace(s, jarr(v.items[:sz.Min-1]...), "minItems")
		}
		if sz.Max >= 0 && sz.Max < 1<<12 {
			if items, ok := b.moreItems(t, v, p, sz.Max+1); ok {
				b.replace(s, jarr(items...), "maxItems")
			}
		}
	}
	if t.Unique {
		b.unique(t, v, s, p)
	}
	ip := b.g.itemPos(t, p)
	for i, it := range v.items {
		b.walk(t.Elem, it, s.item(i), ip)
	}
}

// moreItems returns n valid items for t, extending v's.
func (b *breaker) moreItems(t *Type, v *jval, p pos, n int) ([]*jval, bool) {
	if t.Unique {
		vals, err := b.g.scalars(t.Elem, b.g.itemPos(t, p), false, n)
		return vals, err == nil
	}
	items := append([]*jval(nil), v.items...)
	if len(items) == 0 {
		x, err := b.g.value(t.Elem, b.g.itemPos(t, p), false)
		if err != nil {
			return nil, false
		}
		items = append(items, x)
	}
	for base := len(items); len(items) < n; {
		items = append(items, items[len(items)%base])
	}
	return items[:n], true
}

// unique adds an array whose first two items are equal.
func (b *breaker) unique(t *Type, v *jval, s site, p pos) {
	n := 2
	if sz := t.ArrSize; sz != nil {
		n = max(n, sz.Min)
		if sz.Max >= 0 && n > sz.Max {
			return
		}
	}
	vals, err := b.g.scalars(t.Elem, b.g.itemPos(t, p), false, n-1)
	if err != nil {
		return
	}
	items := append([]*jval{vals[0]}, vals...)
	b.replace(s, jarr(items...), "uniqueItems")
}

func (b *breaker) mapping(t *Type, v *jval, s site, p pos) {
	if sz := t.ObjSize; sz != nil {
		if sz.Min > 0 && len(v.members) >= sz.Min {
			b.replace(s, jobj(v.members[:sz.Min-1]...), "minProperties")
		}
		if sz.Max >= 0 && sz.Max < 1<<12 && len(v.members) > 0 {
			obj := jobj(v.members...)
			for i := len(obj.members); len(obj.members) <= sz.Max; i++ {
				if obj.get(mapKey(i)) == nil {
					obj.members = append(obj.members, jmember{mapKey(i), v.members[0].val})
				}
			}
			b.replace(s, obj, "maxProperties")
		}
	}
	b.duplicate(v, s)
	ep := b.g.extraPos(t, p)
	for i, m := range v.members {
		b.walk(t.Elem, m.val, s.member(i, m.key), ep)
	}
}

// node adds the documents of an interpreter node's scalar keywords, when
// the node has no applicators that could report first.
func (b *breaker) node(n *Node, v *jval, s site) {
	if n == nil || n.Never || n.Ref != nil || len(n.AllOf)+len(n.AnyOf)+len(n.OneOf) > 0 ||
		n.Not != nil || n.If != nil || len(n.Const) > 0 && len(n.Enum) > 0 {
		return
	}
	switch {
	case len(n.Const) == 1:
		b.constant(n.Const[0], s)
	case len(n.Enum) > 0 && v.kind == rt.String:
		for i := 0; ; i++ {
			x := jstr("not_listed" + strconv.Itoa(i))
			if !slices.Contains(n.Enum, string(x.bytes())) {
				b.replace(s, x, "enum")
				break
			}
		}
	}
	if len(n.Const)+len(n.Enum) > 0 {
		return
	}
	if n.HasStr {
		b.str(newStrSpec(n.MinLen, n.MaxLen, n.Pattern), v, s)
	}
	if n.Num != nil {
		ns := newNumSpec(n.schema, len(n.Types) == 1 && n.Types[0] == "integer")
		ns.int64Only = false
		b.num(ns, v, s)
	}
}
