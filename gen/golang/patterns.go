package golang

import (
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// The members of an object whose names match a pattern of its
// patternProperties go into one map per pattern (see ir.PatternField).
// The decoder tries the patterns in their order, then the extras; the
// validator checks that every key sits in the map the decoder would have
// put it in, so that what is encoded decodes back the same.

// mustPattern compiles the ECMA-262 pattern src, with a comment that names
// the engine that matches it (see rtimpl.PlanPattern): the expression
// ends a line.
func mustPattern(src string) *jen.Statement {
	return jen.Qual(rtimplPkg, "MustPattern").Call(jen.Lit(src)).Comment(patternEngine(src))
}

// patternEngine says which engine matches the ECMA-262 pattern src, and
// why RE2 does not when it does not.
func patternEngine(src string) string {
	plan, _ := rtimpl.PlanPattern(src)
	switch {
	case plan.Engine == rtimpl.EngineECMA:
		return "ECMA-262; matched by regexp2 (ECMAScript mode, within rtimpl.PatternTimeout): " + plan.Why
	case plan.RE2 != src:
		return "ECMA-262; matched by RE2 as " + strconv.Quote(plan.RE2)
	}
	return "ECMA-262; matched by RE2"
}

// patternVar is the variable holding the compiled pattern of p in t.
func (e *emitter) patternVar(t *ir.Type, p *ir.PatternField) string {
	return unexport(e.name(t)) + p.Go + "Pattern"
}

// byOrder lists the patterns of t in the order the decoder tries them.
func byOrder(t *ir.Type) []*ir.PatternField {
	list := append([]*ir.PatternField(nil), t.Patterns...)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Order < list[j].Order })
	return list
}

// patternVars declares the compiled patterns of struct t.
func (e *emitter) patternVars(f *jen.File, t *ir.Type) {
	for _, p := range t.Patterns {
		f.Var().Id(e.patternVar(t, p)).Op("=").Add(mustPattern(p.Pattern))
	}
}

// memberDecode decodes the member k into the map field x.name of
// element type elem, refusing a duplicate.
func (e *emitter) memberDecode(name string, elem *ir.Type) []jen.Code {
	m := jen.Id("x").Dot(name)
	return []jen.Code{
		jen.If(m.Clone().Op("==").Nil()).Block(m.Clone().Op("=").Map(jen.String()).Add(e.valType(elem)).Values()),
		jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Add(m.Clone()).Index(jen.Id("k")), jen.Id("dup")).Block(jen.Return(d().Dot("DuplicateKey").Call(jen.Id("k")))),
		jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(elem)).Call(d()),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(jen.Qual(rtPkg, "AtKey").Call(err(), jen.Id("k")))),
		m.Clone().Index(jen.Id("k")).Op("=").Id("v"),
	}
}

// otherDecode decodes a member that is not a named property: into the map
// of the first pattern its name matches, else as an extra.
func (e *emitter) otherDecode(t *ir.Type) []jen.Code {
	if len(t.Patterns) == 0 {
		return e.extraDecode(t)
	}
	var cases []jen.Code
	for _, p := range byOrder(t) {
		cases = append(cases, jen.Case(jen.Id(e.patternVar(t, p)).Dot("MatchString").Call(jen.Id("k"))).Block(e.memberDecode(p.Go, p.Type)...))
	}
	cases = append(cases, jen.Default().Block(e.extraDecode(t)...))
	return []jen.Code{jen.Switch().Block(cases...)}
}

// memberCount adds the sizes of the pattern maps to a member count.
func memberCount(t *ir.Type, count *jen.Statement) *jen.Statement {
	for _, p := range t.Patterns {
		count = count.Op("+").Len(jen.Id("x").Dot(p.Go))
	}
	return count
}

// trailingMaps writes the pattern maps and the extras after the named
// members, each in key order; the run-time flag first tells whether no
// member was written before.
func (e *emitter) trailingMaps(t *ir.Type) []jen.Code {
	out := []jen.Code{keysBuffer()}
	write := func(name string, elem *ir.Type) {
		m := jen.Id("x").Dot(name)
		out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Add(sortedKeys(m))).Block(
			enc().Dot("Key").Call(jen.Id("first"), jen.Id("k")),
			jen.Id("first").Op("=").False(),
			jen.If(jen.Err().Op(":=").Id(e.encName(elem)).Call(enc(), jen.Id("k"), m.Clone().Index(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))),
		))
	}
	for _, p := range t.Patterns {
		write(p.Go, p.Type)
	}
	if t.Extra != nil {
		write("Extra", t.Extra)
	}
	return out
}

// placement checks that key k of the map named field is one the decoder
// puts there: not a named property, matching the map's pattern (want,
// nil for the extras) and no pattern tried before it. A refusal is at the
// key's pointer.
func (e *emitter) placement(t *ir.Type, field string, want *ir.PatternField) []jen.Code {
	fail := func(msg jen.Code) jen.Code {
		return jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Qual(rtPkg, "Fail").Call(jen.Lit(-1), jen.Lit("patternProperties"), msg), jen.Id("k")))
	}
	quoted := jen.Qual("strconv", "Quote").Call(jen.Id("k"))
	out := e.ownNames(t, field)
	if want != nil {
		out = append(out, jen.If(jen.Op("!").Id(e.patternVar(t, want)).Dot("MatchString").Call(jen.Id("k"))).Block(
			fail(jen.Lit(field+" holds ").Op("+").Add(quoted).Op("+").Lit(", which does not match "+strconv.Quote(want.Pattern)))))
	}
	for _, p := range byOrder(t) {
		if p == want {
			break
		}
		out = append(out, jen.If(jen.Id(e.patternVar(t, p)).Dot("MatchString").Call(jen.Id("k"))).Block(
			fail(jen.Lit(field+" holds ").Op("+").Add(quoted).Op("+").Lit(", which belongs in "+p.Go))))
	}
	return out
}

// mapsValidate validates the pattern maps and the extras of t, counting
// their members with count.
func (e *emitter) mapsValidate(t *ir.Type, count jen.Code) []jen.Code {
	var out []jen.Code
	check := func(field string, want *ir.PatternField, elem *ir.Type) {
		body := append([]jen.Code{count}, e.placement(t, field, want)...)
		body = append(body, jen.If(jen.Err().Op(":=").Add(checkUTF8(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))))
		body = append(body, jen.If(jen.Err().Op(":=").Add(e.valCall(elem, jen.Id("v"))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))))
		out = append(out, jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("x").Dot(field)).Block(body...))
	}
	for _, p := range t.Patterns {
		check(p.Go, p, p.Type)
	}
	if t.Extra != nil {
		check("Extra", nil, t.Extra)
	}
	return out
}

// ownNames refuses key k of the map named field when it is a property the
// struct t names: encoded beside the property's own member it would
// write the key twice, a document the decoder refuses. The error is at
// the key's pointer, under "properties", the keyword that names it.
func (e *emitter) ownNames(t *ir.Type, field string) []jen.Code {
	if len(t.Fields) == 0 {
		return nil
	}
	var names []jen.Code
	for _, fl := range t.Fields {
		names = append(names, jen.Lit(fl.JSON))
	}
	msg := jen.Lit(field + " holds ").Op("+").Add(jen.Qual("strconv", "Quote").Call(jen.Id("k"))).Op("+").Lit(", a property of its own: it would be written twice")
	return []jen.Code{jen.Switch(jen.Id("k")).Block(jen.Case(names...).Block(
		jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Qual(rtPkg, "Fail").Call(jen.Lit(-1), jen.Lit("properties"), msg), jen.Id("k")))))}
}
