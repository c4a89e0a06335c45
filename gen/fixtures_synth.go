package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/zeroproject/zero/rt"
)

// fixgen synthesizes fixture documents from the model and checks them
// against the reference validator.
type fixgen struct {
	l     *loaded
	m     *Model
	stack map[*Type]int // structs being synthesized, against runaway recursion
	// choice picks the variant of unions nested in a document (modulo
	// their number of variants); chosen records the picks.
	choice int
	chosen []string
}

// pos is a value's position: the schema that applies there ($refs not
// followed, so its annotations count) and candidate values found in
// examples and defaults around it.
type pos struct {
	via   *jsonschema.Schema
	hints []*jval
}

// schemaOf is the schema that validates a value at p.
func schemaOf(p pos, t *Type) *jsonschema.Schema {
	if p.via != nil {
		return p.via
	}
	return t.schema
}

// accepts reports whether the reference validator accepts v at p.
func (g *fixgen) accepts(p pos, t *Type, v *jval) bool {
	s := schemaOf(p, t)
	if s == nil {
		return true
	}
	x, err := decodeAny(v.bytes())
	return err == nil && s.Validate(x) == nil
}

// decodeAny decodes a document the way the reference wants it: numbers
// as json.Number, so that no precision is lost.
func decodeAny(doc []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return nil, err
	}
	return x, nil
}

// schemaHints collects the examples and defaults of s and the schemas its
// $ref chain leads to.
func (g *fixgen) schemaHints(s *jsonschema.Schema) []*jval {
	var out []*jval
	seen := map[*jsonschema.Schema]bool{}
	for ; s != nil && !seen[s]; s = s.Ref {
		seen[s] = true
		_, _, raw := g.l.rawFor(s)
		if ex := raw.get("examples"); ex != nil {
			for _, it := range ex.items {
				out = append(out, fromRaw(it))
			}
		}
		if d := raw.get("default"); d != nil {
			out = append(out, fromRaw(d))
		}
	}
	return out
}

// at builds the position of a value under schema via, with hints of its
// own and those its container passes down.
func (g *fixgen) at(via *jsonschema.Schema, inherited []*jval) pos {
	return pos{via: via, hints: append(g.schemaHints(via), inherited...)}
}

// memberHints picks the values of key out of object hints.
func memberHints(hints []*jval, key string) []*jval {
	var out []*jval
	for _, h := range hints {
		if h.kind == rt.Object {
			if v := h.get(key); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// itemHints picks the items out of array hints.
func itemHints(hints []*jval) []*jval {
	var out []*jval
	for _, h := range hints {
		if h.kind == rt.Array {
			out = append(out, h.items...)
		}
	}
	return out
}

// propPos is the position of property name of struct t.
func (g *fixgen) propPos(t *Type, name string, p pos) pos {
	var via *jsonschema.Schema
	if t.schema != nil {
		via = t.schema.Properties[name]
	}
	return g.at(via, memberHints(p.hints, name))
}

func (g *fixgen) extraPos(t *Type, p pos) pos {
	var via *jsonschema.Schema
	if t.schema != nil {
		via, _ = t.schema.AdditionalProperties.(*jsonschema.Schema)
	}
	return g.at(via, nil)
}

func (g *fixgen) itemPos(t *Type, p pos) pos {
	var via *jsonschema.Schema
	if t.schema != nil {
		via = t.schema.Items2020
	}
	return g.at(via, itemHints(p.hints))
}

func (g *fixgen) variantPos(u *Type, i int, p pos) pos {
	var via *jsonschema.Schema
	if u.schema != nil && i < len(u.schema.OneOf) {
		via = u.schema.OneOf[i]
	}
	// hints of other variants would mix their values into this one
	var hints []*jval
	for _, h := range p.hints {
		if d := h.get(u.Disc); h.kind != rt.Object || d == nil || string(d.bytes()) == u.Variants[i].DiscValue {
			hints = append(hints, h)
		}
	}
	return g.at(via, hints)
}

// value synthesizes a valid value of t. full asks for the maximal value:
// every optional property present, arrays with items; otherwise the
// minimal one: required properties only and the shortest values.
func (g *fixgen) value(t *Type, p pos, full bool) (*jval, error) {
	if t.Nullable && !full && g.accepts(p, t, jnull()) {
		return jnull(), nil
	}
	switch t.Kind {
	case KStruct:
		return g.structValue(t, p, full)
	case KUnion:
		i := g.choice % len(t.Variants)
		if !slices.Contains(g.chosen, t.Variants[i].Name) {
			g.chosen = append(g.chosen, t.Variants[i].Name)
		}
		return g.unionValue(t, i, p, full)
	case KArray:
		return g.arrayValue(t, p, full)
	case KMap:
		return g.mapValue(t, p, full)
	}
	vals, err := g.scalars(t, p, full, 1)
	if err != nil {
		return nil, err
	}
	return vals[0], nil
}

func (g *fixgen) cannot(t *Type, p pos, what string) error {
	s := schemaOf(p, t)
	if s == nil {
		return fmt.Errorf("fixtures: %s: cannot synthesize %s", t.Loc, what)
	}
	return g.errAtSchema(s, "fixtures: cannot synthesize %s; add an example to the schema", what)
}

func (g *fixgen) errAtSchema(s *jsonschema.Schema, format string, args ...any) error {
	return (&builder{l: g.l}).errAt(s, format, args...)
}

// scalars returns count different valid values of a scalar or raw type.
func (g *fixgen) scalars(t *Type, p pos, full bool, count int) ([]*jval, error) {
	var cands []*jval
	switch t.Kind {
	case KEnum:
		if full {
			cands = append(cands, stringHints(p.hints)...)
		}
		for _, v := range t.Values {
			cands = append(cands, jstr(v))
		}
	case KString:
		cands = g.stringCands(t, newStrSpec(t.MinLen, t.MaxLen, t.Pattern), p, full, count)
	case KInt, KFloat:
		if full {
			cands = append(cands, numberHints(p.hints)...)
		}
		for _, lit := range newNumSpec(t.schema, t.Kind == KInt).valid(count) {
			cands = append(cands, jnum(lit))
		}
	case KBool:
		cands = []*jval{jbool(false), jbool(true)}
		if full {
			cands[0], cands[1] = cands[1], cands[0]
		}
	case KRaw:
		cands = g.rawCands(t, p, full)
	}
	var out []*jval
	seen := map[string]bool{}
	for _, c := range cands {
		if len(out) == count {
			break
		}
		key := canonicalText(c)
		if seen[key] || !g.admits(t, c) || !g.accepts(p, t, c) {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	if len(out) < count {
		what := "a valid value"
		if count > 1 {
			what = fmt.Sprintf("%d different valid values", count)
		}
		return nil, g.cannot(t, p, what)
	}
	return out, nil
}

// admits reports whether the model's type holds v (hints may be of any
// shape).
func (g *fixgen) admits(t *Type, v *jval) bool {
	switch t.Kind {
	case KEnum:
		if v.kind != rt.String {
			return false
		}
		for _, x := range t.Values {
			if x == v.lit {
				return true
			}
		}
		return false
	case KString:
		return v.kind == rt.String
	case KInt:
		d, ok := rt.ParseDecimal(v.lit)
		return v.kind == rt.Number && ok && d.IsInt() && d.Rat().Num().IsInt64()
	case KFloat:
		return v.kind == rt.Number
	case KBool:
		return v.kind == rt.Bool
	}
	return true
}

func canonicalText(v *jval) string {
	c, err := rt.Canonical(string(v.bytes()))
	if err != nil {
		return string(v.bytes())
	}
	return c
}

func stringHints(hints []*jval) []*jval {
	var out []*jval
	for _, h := range hints {
		if h.kind == rt.String {
			out = append(out, h)
		}
	}
	return out
}

func numberHints(hints []*jval) []*jval {
	var out []*jval
	for _, h := range hints {
		if h.kind == rt.Number {
			out = append(out, h)
		}
	}
	return out
}

// stringCands lists candidate strings: examples first for a maximal value
// or a string with a format, the shortest strings the keywords allow
// first otherwise.
func (g *fixgen) stringCands(t *Type, sp *strSpec, p pos, full bool, count int) []*jval {
	var seeds []string
	for _, h := range stringHints(p.hints) {
		seeds = append(seeds, h.lit)
	}
	format := ""
	if s := schemaOf(p, t); s != nil {
		for x := s; x != nil && format == ""; x = x.Ref {
			format = x.Format
		}
	}
	if f, ok := formatSample[format]; ok {
		seeds = append(seeds, f)
	}
	accept := func(s string) bool { return g.accepts(p, t, jstr(s)) }
	var strs []string
	switch {
	case count > 1:
		strs = sp.distinctStrings(count, seeds, accept)
	case full || format != "":
		if s, ok := sp.validString(max(sp.MinLen, 1), seeds, accept); ok {
			strs = append(strs, s)
		}
	default:
		if s, ok := sp.validString(sp.MinLen, nil, accept); ok {
			strs = append(strs, s)
		} else if s, ok := sp.validString(sp.MinLen, seeds, accept); ok {
			strs = append(strs, s)
		}
	}
	var out []*jval
	for _, s := range strs {
		out = append(out, jstr(s))
	}
	return out
}

// rawCands lists candidates for a value with no Go shape: examples,
// then values built from the node; the reference picks among them.
func (g *fixgen) rawCands(t *Type, p pos, full bool) []*jval {
	n := t.Node
	if n == nil {
		if full {
			return append(append([]*jval(nil), p.hints...), jobj(jmember{"key", jstr("value")}))
		}
		return []*jval{jobj()}
	}
	var out []*jval
	if full {
		out = append(out, p.hints...)
	}
	out = append(out, nodeCands(n, 0)...)
	if !full {
		out = append(out, p.hints...)
	}
	return out
}

// nodeCands lists values that may satisfy n: its const and enum values,
// plain values of the types it admits, and the candidates of the schemas
// its applicators hold.
func nodeCands(n *Node, depth int) []*jval {
	if n == nil || n.Never || depth > 6 {
		return nil
	}
	var out []*jval
	for _, c := range append(append([]string(nil), n.Const...), n.Enum...) {
		out = append(out, constValue(c))
	}
	var subs []*jval
	for _, m := range append(append(append([]*Node{n.Ref, n.Then, n.Else}, n.AllOf...), n.AnyOf...), n.OneOf...) {
		subs = append(subs, nodeCands(m, depth+1)...)
	}
	types := n.Types
	if len(types) == 0 {
		out = append(out, subs...)
		types = []string{"object", "string", "number", "boolean", "array", "null"}
	}
	for _, typ := range types {
		out = append(out, nodeTypeCands(n, typ, depth)...)
	}
	return append(out, subs...)
}

func nodeTypeCands(n *Node, typ string, depth int) []*jval {
	switch typ {
	case "string":
		sp := newStrSpec(n.MinLen, n.MaxLen, n.Pattern)
		var out []*jval
		for _, s := range sp.candidates(sp.MinLen, nil) {
			out = append(out, jstr(s))
		}
		return out
	case "integer", "number":
		var out []*jval
		for _, lit := range newNumSpec(n.schema, typ == "integer").valid(3) {
			out = append(out, jnum(lit))
		}
		return out
	case "boolean":
		return []*jval{jbool(false), jbool(true)}
	case "null":
		return []*jval{jnull()}
	case "object":
		obj := jobj()
		for _, name := range n.Required {
			var v *jval
			for _, p := range n.Props {
				if p.Name == name {
					if c := nodeCands(p.Node, depth+1); len(c) > 0 {
						v = c[0]
					}
				}
			}
			if v == nil {
				v = jnull()
			}
			obj.members = append(obj.members, jmember{name, v})
		}
		return []*jval{jobj(), obj}
	case "array":
		arr := jarr()
		if n.ArrSize != nil {
			for i := 0; i < n.ArrSize.Min; i++ {
				m := n.Items
				if i < len(n.Prefix) {
					m = n.Prefix[i]
				}
				v := jnull()
				if c := nodeCands(m, depth+1); len(c) > 0 {
					v = c[0]
				}
				arr.items = append(arr.items, v)
			}
		}
		return []*jval{jarr(), arr}
	}
	return nil
}

// structValue builds an object with the struct's properties in schema
// order.
func (g *fixgen) structValue(t *Type, p pos, full bool) (*jval, error) {
	switch n := g.stack[t]; {
	case n > 2:
		return nil, g.cannot(t, p, "a finite document (its required properties refer back to it)")
	case n > 0:
		full = false
	}
	g.stack[t]++
	defer func() { g.stack[t]-- }()
	obj := jobj()
	for _, f := range t.Fields {
		if !f.Required && !full {
			continue
		}
		v, err := g.fieldValue(t, f, p, full)
		if err != nil {
			return nil, err
		}
		obj.members = append(obj.members, jmember{f.JSON, v})
	}
	if full && t.Extra != nil && (t.ObjSize == nil || t.ObjSize.Max < 0 || len(obj.members) < t.ObjSize.Max) {
		v, err := g.value(t.Extra, g.extraPos(t, p), false)
		if err != nil {
			return nil, err
		}
		obj.members = append(obj.members, jmember{extraKey(t, obj, 0), v})
	}
	if t.ObjSize != nil {
		return g.fitObject(t, obj, p)
	}
	return obj, nil
}

func (g *fixgen) fieldValue(t *Type, f *Field, p pos, full bool) (*jval, error) {
	if f.Const != "" {
		return constValue(f.Const), nil
	}
	return g.value(f.Type, g.propPos(t, f.JSON, p), full)
}

func constValue(canon string) *jval {
	raw, err := parseRaw([]byte(canon))
	if err != nil {
		return jnull()
	}
	return fromRaw(raw)
}

// extraKey is a property name that no field of t and no member of obj has.
func extraKey(t *Type, obj *jval, n int) string {
	for i := n; ; i++ {
		k := "extra"
		if i > 0 {
			k += strconv.Itoa(i + 1)
		}
		if fieldOf(t, k) == nil && obj.get(k) == nil {
			return k
		}
	}
}

func fieldOf(t *Type, name string) *Field {
	for _, f := range t.Fields {
		if f.JSON == name {
			return f
		}
	}
	return nil
}

// fitObject adds or drops optional properties until the object has as
// many as minProperties and maxProperties allow.
func (g *fixgen) fitObject(t *Type, obj *jval, p pos) (*jval, error) {
	sz := t.ObjSize
	for _, f := range t.Fields {
		if len(obj.members) >= sz.Min {
			break
		}
		if obj.get(f.JSON) == nil {
			v, err := g.fieldValue(t, f, p, false)
			if err != nil {
				return nil, err
			}
			obj.members = append(obj.members, jmember{f.JSON, v})
		}
	}
	for len(obj.members) < sz.Min && t.Extra != nil {
		v, err := g.value(t.Extra, g.extraPos(t, p), false)
		if err != nil {
			return nil, err
		}
		obj.members = append(obj.members, jmember{extraKey(t, obj, 0), v})
	}
	for i := len(obj.members) - 1; i >= 0 && sz.Max >= 0 && len(obj.members) > sz.Max; i-- {
		if f := fieldOf(t, obj.members[i].key); f == nil || !f.Required {
			obj.members = append(obj.members[:i], obj.members[i+1:]...)
		}
	}
	if len(obj.members) < sz.Min || (sz.Max >= 0 && len(obj.members) > sz.Max) {
		return nil, g.cannot(t, p, "an object with an allowed number of properties")
	}
	return obj, nil
}

// unionValue builds variant i of union u.
func (g *fixgen) unionValue(u *Type, i int, p pos, full bool) (*jval, error) {
	return g.structValue(u.Variants[i], g.variantPos(u, i, p), full)
}

func (g *fixgen) arrayValue(t *Type, p pos, full bool) (*jval, error) {
	n, hi := 0, -1
	if t.ArrSize != nil {
		n, hi = t.ArrSize.Min, t.ArrSize.Max
	}
	if full {
		n = max(n, 1)
		if t.Elem.Kind == KUnion {
			n = max(n, len(t.Elem.Variants))
		}
		if hi >= 0 {
			n = min(n, hi)
		}
	}
	ip := g.itemPos(t, p)
	arr := jarr()
	if t.Unique {
		vals, err := g.scalars(t.Elem, ip, full, n)
		if err != nil {
			return nil, err
		}
		arr.items = vals
		return arr, nil
	}
	var same *jval
	for i := 0; i < n; i++ {
		var v *jval
		var err error
		switch {
		case t.Elem.Kind == KUnion && !t.Elem.Nullable:
			v, err = g.unionValue(t.Elem, i%len(t.Elem.Variants), ip, full)
		case same != nil:
			v = same
		default:
			v, err = g.value(t.Elem, ip, full)
			same = v
		}
		if err != nil {
			return nil, err
		}
		arr.items = append(arr.items, v)
	}
	return arr, nil
}

func (g *fixgen) mapValue(t *Type, p pos, full bool) (*jval, error) {
	n, hi := 0, -1
	if t.ObjSize != nil {
		n, hi = t.ObjSize.Min, t.ObjSize.Max
	}
	if full {
		n = max(n, 1)
		if hi >= 0 {
			n = min(n, hi)
		}
	}
	obj := jobj()
	if n == 0 {
		return obj, nil
	}
	v, err := g.value(t.Elem, g.extraPos(t, p), full)
	if err != nil {
		return nil, err
	}
	for i := 0; i < n; i++ {
		obj.members = append(obj.members, jmember{mapKey(i), v})
	}
	return obj, nil
}

func mapKey(i int) string { return "key" + strconv.Itoa(i+1) }
