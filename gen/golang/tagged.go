package golang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// A tagged union (ir.Type.Match set) is a oneOf or anyOf of structs that
// an OpenAPI discriminator names a tag property for, told apart by JSON
// Schema matching: the tag only says which variant to decode first.

// branches is the list of the interpreter nodes of t's variants, in order.
func (e *emitter) branches(t *ir.Type) *jen.Statement {
	field := "OneOf"
	if t.Match == "anyOf" {
		field = "AnyOf"
	}
	return jen.Id(e.nodeVar(t.Node)).Dot(field)
}

// taggedDecoder writes decodeJSON and decodeVariant of a tagged union:
// peek at the tag; decode the variant it names and, for oneOf, check that
// no other variant matches the same bytes; when the tag names none or its
// variant fails, let the interpreter find the variant the value matches,
// then decode that one.
func (e *emitter) taggedDecoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for i := range t.Variants {
		var vals []jen.Code
		for _, tg := range t.Tags {
			if tg.Variant == i {
				vals = append(vals, jen.Lit(tg.Value))
			}
		}
		if len(vals) > 0 {
			cases = append(cases, jen.Case(vals...).Block(jen.Id("prefer").Op("=").Lit(i)))
		}
	}
	var found jen.Code = jen.Return(jen.Nil())
	if t.Match == "oneOf" {
		found = jen.If(err().Op(":=").Qual(rtimplPkg, "OnlyMatch").Call(d(), jen.Id("start"), e.branches(t), jen.Id("prefer")), err().Op("!=").Nil()).Block(
			jen.Id("x").Dot("Value").Op("=").Nil(),
			jen.Return(err()),
		).Line().Return(jen.Nil())
	}
	tagVars := jen.List(jen.Id("tag"), jen.Id("ok"), err())
	if len(cases) == 0 {
		tagVars = jen.List(jen.Id("_"), jen.Id("_"), err())
	}
	pos := jen.List(jen.Id("start"), jen.Id("mark")).Op(":=").List(d().Dot("Start").Call(), d().Dot("Mark").Call())
	// x.Value is kept until a variant is decoded, for decodeVariant to
	// reuse; every failure leaves it nil, as a fresh decode does.
	fail := jen.If(err().Op("!=").Nil()).Block(jen.Id("x").Dot("Value").Op("=").Nil(), jen.Return(err()))
	body := []jen.Code{
		tagVars.Op(":=").Qual(rtimplPkg, "PeekTag").Call(d(), jen.Lit(t.Disc)),
		fail,
		pos,
		jen.Id("prefer").Op(":=").Lit(-1),
	}
	if t.Disc == "" {
		body = e.keyedHint(f, t, pos)
	}
	if len(cases) > 0 {
		body = append(body, jen.If(jen.Id("ok")).Block(jen.Switch(jen.Id("tag")).Block(cases...)))
	}
	body = append(body,
		jen.Var().Id("tagErr").Error(),
		jen.If(jen.Id("prefer").Op(">=").Lit(0)).Block(
			jen.If(jen.Id("tagErr").Op("=").Id("x").Dot("decodeApart").Call(d(), jen.Id("start"), jen.Id("prefer")), jen.Id("tagErr").Op("==").Nil()).Block(found),
			d().Dot("Rewind").Call(jen.Id("mark")),
		),
		jen.List(jen.Id("i"), err()).Op(":=").Qual(rtimplPkg, "MatchBranch").Call(d(), jen.Id(e.nodeVar(t.Node)), jen.Id("prefer"), jen.Id("tagErr")),
		fail.Clone(),
		d().Dot("Rewind").Call(jen.Id("mark")),
		jen.Return(jen.Id("x").Dot("decodeVariant").Call(d(), jen.Id("i"))),
	)
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(body...)

	var vcases []jen.Code
	for i, v := range t.Variants {
		vcases = append(vcases, jen.Case(jen.Lit(i)).Block(setVariant(variantCall(v, jen.Id("x").Dot("Value"), "", false))))
	}
	f.Comment("decodeApart decodes the value at offset start, the cursor, as variant i")
	f.Comment("through a decoder of its own over the value's text (rtimpl.Apart), which")
	f.Comment("leaves the text intact for the interpreter to read again when the value")
	f.Comment("turns out not to be that variant, or to match another one too.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeApart").Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.List(jen.Id("start"), jen.Id("i")).Int()).Error().Block(
		jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Id("sub").Op(":=").Qual(rtimplPkg, "Apart").Call(d(), jen.Id("start")),
		jen.Return(jen.Qual(rtimplPkg, "Shift").Call(jen.Id("x").Dot("decodeVariant").Call(jen.Op("&").Id("sub"), jen.Id("i")), jen.Id("start"))),
	)
	f.Comment("decodeVariant decodes the value at the cursor as variant i, into the")
	f.Comment("variant object x holds if it is of that type.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeVariant").Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.Id("i").Int()).Error().Block(
		jen.Switch(jen.Id("i")).Block(vcases...),
		jen.Return(jen.Nil()),
	)
	valueSetter(f, t)
}

// keyedHint declares the required members of each variant of a union
// without a tag property (ir.Type.Keys) and starts its decodeJSON: the
// variant tried first is the one whose required members the value has
// (rtimpl.PreferByKeys).
func (e *emitter) keyedHint(f *jen.File, t *ir.Type, pos jen.Code) []jen.Code {
	keys := unexport(t.Name) + "Keys"
	var sets []jen.Code
	for _, k := range t.Keys {
		var names []jen.Code
		for _, n := range k {
			names = append(names, jen.Lit(n))
		}
		sets = append(sets, jen.Values(names...))
	}
	f.Comment(fmt.Sprintf("%s are the required members of each variant of %s, in order.", keys, t.Name))
	f.Var().Id(keys).Op("=").Index().Index().String().Values(sets...)
	return []jen.Code{
		jen.Op("*").Id("x").Op("=").Id(t.Name).Values(),
		jen.List(jen.Id("prefer"), err()).Op(":=").Qual(rtimplPkg, "PreferByKeys").Call(d(), jen.Id(keys)),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
		pos,
	}
}

// variantIndex is a type switch giving the index of the variant x.Value
// holds (-1: none).
func (e *emitter) variantIndex(t *ir.Type) []jen.Code {
	var cases []jen.Code
	for i, v := range t.Variants {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Name)).Block(jen.Id("i").Op("=").Lit(i)))
	}
	return []jen.Code{
		jen.Id("i").Op(":=").Lit(-1),
		jen.Switch(jen.Id("x").Dot("Value").Assert(jen.Type())).Block(cases...),
	}
}

// taggedValidator writes Validate of a tagged union: the variant's
// checks and, for oneOf, that no other variant matches its encoding.
func (e *emitter) taggedValidator(f *jen.File, t *ir.Type) {
	body := []jen.Code{
		jen.If(jen.Id("x").Dot("Value").Op("==").Nil()).Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())),
	}
	if t.Match != "oneOf" {
		body = append(body, jen.Return(validateCall(jen.Id("x").Dot("Value"))))
	} else {
		body = append(body,
			jen.If(err().Op(":=").Add(validateCall(jen.Id("x").Dot("Value"))), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.Var().Id("e").Qual(rtPkg, "Encoder"),
			jen.If(err().Op(":=").Id("x").Dot("encodeJSON").Call(jen.Op("&").Id("e")), err().Op("!=").Nil()).Block(jen.Return(err())),
		)
		body = append(body, e.variantIndex(t)...)
		body = append(body, jen.Return(jen.Qual(rtimplPkg, "OnlyMatchRaw").Call(jen.Id("e").Dot("Buf"), e.branches(t), jen.Id("i"))))
	}
	last := "checks (anyOf)."
	if t.Match == "oneOf" {
		last = "checks, and no other variant matching its encoding (oneOf)."
	}
	e.validateMethods(f, t, body, "Validate reports whether the value satisfies its schema: its variant's", last)
}

// taggedEncoder writes encodeJSON of a tagged union: the variant's
// encoder. For oneOf with a string hook, the hook may have turned the
// value into one another variant matches too, so the written text is
// checked again.
func (e *emitter) taggedEncoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for i, v := range t.Variants {
		c := []jen.Code{jen.If(err().Op(":=").Id("v").Dot("encodeJSON").Call(enc()), err().Op("!=").Nil()).Block(jen.Return(err()))}
		if t.Match == "oneOf" {
			c = append(c, jen.If(enc().Dot("Hook").Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtimplPkg, "OnlyMatchRaw").Call(enc().Dot("Buf").Index(jen.Id("n"), jen.Empty()), e.branches(t), jen.Lit(i)))))
		}
		c = append(c, jen.Return(jen.Nil()))
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Name)).Block(c...))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())))
	var body []jen.Code
	if t.Match == "oneOf" {
		body = append(body, jen.Id("n").Op(":=").Len(enc().Dot("Buf")))
	}
	body = append(body, jen.Switch(jen.Id("v").Op(":=").Id("x").Dot("Value").Assert(jen.Type())).Block(cases...))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(body...)
}

// taggedDoc describes how a tagged union tells its variants apart.
func taggedDoc(t *ir.Type) string {
	var names []string
	for _, tg := range t.Tags {
		names = append(names, fmt.Sprintf("%q is %s", tg.Value, t.Variants[tg.Variant].Name))
	}
	rule := "the one variant the value matches (oneOf)"
	if t.Match == "anyOf" {
		rule = "the variant its tag names if the value matches it, else the first variant it matches (anyOf)"
	}
	if t.Disc == "" {
		if t.Match == "anyOf" {
			rule = "the variant whose required members it has if the value matches it, else the first variant it matches (anyOf)"
		}
		return fmt.Sprintf("The variant holding a decoded value is %s; switch on the type of Value. No property names the variant: the one whose required members the value has is decoded first.", rule) + sameKeysDoc(t)
	}
	s := fmt.Sprintf("The variant holding a decoded value is %s; switch on the type of Value. The %q property names the variant decoded first", rule, t.Disc)
	if len(names) > 0 {
		s += ": " + strings.Join(names, ", ")
	}
	return s + "."
}

// sameKeysDoc says which variants of a union without a tag property
// require the same members, so that a value may match both.
func sameKeysDoc(t *ir.Type) string {
	var out string
	for i, k := range t.Keys {
		for j := i + 1; j < len(t.Keys); j++ {
			if !slices.Equal(k, t.Keys[j]) {
				continue
			}
			a, b := t.Variants[i].Name, t.Variants[j].Name
			what := "is refused (oneOf)"
			if t.Match == "anyOf" {
				what = "is a " + a + " (anyOf)"
			}
			members := "no members"
			if len(k) > 0 {
				members = "the same members (" + strings.Join(k, ", ") + ")"
			}
			out += fmt.Sprintf(" %s and %s require %s: a value that matches both %s.", a, b, members, what)
		}
	}
	return out
}
