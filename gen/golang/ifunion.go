package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// An if union (ir.Type.Match "if") is a bare if/then/else of two objects:
// the if, evaluated on the value, says which variant holds it, then
// (variant 0) or else (variant 1).

// ifDecoder writes decodeJSON of an if union: judge the value by the if
// (rtimpl.IfBranch), then decode it once as that branch's variant.
func (e *emitter) ifDecoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for i, v := range t.Variants {
		cases = append(cases, jen.Case(jen.Lit(i)).Block(setVariant(variantCall(v, jen.Id("x").Dot("Value"), "", false))))
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(
		jen.List(jen.Id("i"), err()).Op(":=").Qual(rtimplPkg, "IfBranch").Call(d(), jen.Id(e.nodeVar(t.Node))),
		jen.If(err().Op("!=").Nil()).Block(jen.Id("x").Dot("Value").Op("=").Nil(), jen.Return(err())),
		jen.Switch(jen.Id("i")).Block(cases...),
		jen.Return(jen.Nil()),
	)
	valueSetter(f, t)
}

// ifValidator writes Validate of an if union: when the if picks the
// variant x holds for its encoding, that variant's checks; otherwise the
// other branch judges the encoding, as JSON Schema does.
func (e *emitter) ifValidator(f *jen.File, t *ir.Type) {
	body := []jen.Code{
		jen.If(jen.Id("x").Dot("Value").Op("==").Nil()).Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())),
		jen.Var().Id("e").Qual(rtPkg, "Encoder"),
		jen.If(err().Op(":=").Id("x").Dot("encodeJSON").Call(jen.Op("&").Id("e")), err().Op("!=").Nil()).Block(jen.Return(err())),
	}
	body = append(body, e.variantIndex(t)...)
	body = append(body,
		jen.If(jen.List(jen.Id("same"), err()).Op(":=").Qual(rtimplPkg, "IfHolds").Call(jen.Id("e").Dot("Buf"), jen.Id(e.nodeVar(t.Node)), jen.Id("i")), jen.Op("!").Id("same")).Block(jen.Return(err())),
		jen.Return(validateCall(jen.Id("x").Dot("Value"))),
	)
	e.validateMethods(f, t, body, "Validate reports whether the value satisfies its schema: its variant's",
		"checks when the if picks that variant for its encoding, else the other",
		"branch's verdict on the encoding.")
}

// ifEncoder writes encodeJSON of an if union: the variant's encoder. A
// string hook may have turned the value into one the if judges
// otherwise, so with a hook the written text is checked again.
func (e *emitter) ifEncoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for i, v := range t.Variants {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Name)).Block(
			jen.If(err().Op(":=").Id("v").Dot("encodeJSON").Call(enc()), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.If(enc().Dot("Hook").Op("!=").Nil()).Block(
				jen.If(jen.List(jen.Id("same"), err()).Op(":=").Qual(rtimplPkg, "IfHolds").Call(enc().Dot("Buf").Index(jen.Id("n"), jen.Empty()), jen.Id(e.nodeVar(t.Node)), jen.Lit(i)), jen.Op("!").Id("same")).Block(jen.Return(err())),
			),
			jen.Return(jen.Nil()),
		))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(
		jen.Id("n").Op(":=").Len(enc().Dot("Buf")),
		jen.Switch(jen.Id("v").Op(":=").Id("x").Dot("Value").Assert(jen.Type())).Block(cases...),
	)
}

// ifDoc describes how an if union tells its variants apart.
func ifDoc(t *ir.Type) string {
	return fmt.Sprintf("One of two variants, picked by its schema's if: %s when the value matches the if (then), else %s; switch on the type of Value. A value built in Go is valid when the if picks its variant for its encoding and the variant's checks pass; when the if picks the other branch, that branch judges the encoding.",
		t.Variants[0].Name, t.Variants[1].Name)
}
