package golang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// A type whose schema says more than its Go shape holds (ir.Type.Rest)
// checks the rest with the interpreter: its decoder runs the Rest node
// over the value's bytes first (rtimpl.CheckAhead, which consumes
// nothing), Validate runs it over the value's encoding, and an encoder
// with a string hook checks what it wrote, since a rewritten string could
// break a rule the shape does not hold.

// restVar is the variable holding the Rest node of t.
func (e *emitter) restVar(t *ir.Type) string { return unexport(e.name(t)) + "Rest" }

// nameRests names the Rest node of every type that has one after it.
func (e *emitter) nameRests() {
	for _, t := range e.order {
		if t.Rest != nil && t.Alias == nil {
			e.rests[t.Rest] = e.restVar(t)
			e.restOf[t.Rest] = t
		}
	}
}

// restKeywords lists the keywords a Rest node checks, for comments.
func restKeywords(t *ir.Type) string { return strings.Join(t.RestKeywords, ", ") }

// checkAhead starts a decoder of a type with a Rest node: the node checks
// the value first, without consuming it; ret are the zero results before
// the error. A value of a JSON kind the Go type does not hold is refused
// by the decoder at its type whatever the Rest node says, so the node is
// run only on values of the kinds the type holds (null too, when the
// schema's type lists it and the Rest node refuses it): the error is then
// the type's, as the schema's own keyword order has it.
func (e *emitter) checkAhead(t *ir.Type, ret ...jen.Code) []jen.Code {
	if t.Rest == nil {
		return nil
	}
	check := jen.If(err().Op(":=").Qual(rtimplPkg, "CheckAhead").Call(d(), jen.Id(e.restVar(t))), err().Op("!=").Nil()).Block(
		jen.Return(append(ret, err())...))
	kinds := restKinds(t)
	if kinds == nil {
		return []jen.Code{check}
	}
	var cond *jen.Statement
	for _, k := range kinds {
		c := jen.Id("k").Op("==").Qual(rtPkg, k)
		if cond == nil {
			cond = c
		} else {
			cond = cond.Op("||").Add(c)
		}
	}
	return []jen.Code{jen.If(jen.Id("k").Op(":=").Add(d()).Dot("Next").Call(), cond).Block(check)}
}

// restKinds are the JSON kinds (rt constants) of the values t's decoder
// holds, with Null when its schema's type lists null; nil when any kind
// may reach the Rest node.
func restKinds(t *ir.Type) []string {
	var kinds []string
	switch t.Kind {
	case ir.KStruct, ir.KMap:
		kinds = []string{"Object"}
	case ir.KArray, ir.KTuple:
		kinds = []string{"Array"}
	case ir.KString, ir.KEnum:
		kinds = []string{"String"}
	case ir.KInt, ir.KIntEnum, ir.KFloat:
		kinds = []string{"Number"}
	case ir.KBool:
		kinds = []string{"Bool"}
	default:
		return nil
	}
	if t.Untyped || t.Schema == nil || len(t.Schema.Types) == 0 && t.Kind != ir.KStruct {
		return nil
	}
	if t.Schema != nil && slices.Contains(t.Schema.Types, "null") {
		kinds = append(kinds, "Null")
	}
	return kinds
}

// restDoc is what a type's doc comment says about its Rest node.
func restDoc(t *ir.Type) string {
	if t.Rest == nil {
		return ""
	}
	return fmt.Sprintf("%s is checked beyond its Go type: the schema also says %s, which the interpreter checks on decoding and in Validate.", t.Name, restKeywords(t))
}

// structRestMethods writes Validate and encodeJSON of a struct with a
// Rest node around validateFields and encodeFields, the methods every
// other struct has under those names.
func (e *emitter) structRestValidate(f *jen.File, t *ir.Type) {
	e.validateMethods(f, t, []jen.Code{
		jen.If(err().Op(":=").Id("x").Dot("validateFields").Call(jen.Id("u")), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Var().Id("e").Qual(rtPkg, "Encoder"),
		jen.If(err().Op(":=").Id("x").Dot("encodeFields").Call(jen.Op("&").Id("e")), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(jen.Qual(rtimplPkg, "CheckEncoded").Call(jen.Id("e").Dot("Buf"), jen.Id(e.restVar(t)))),
	}, "Validate reports whether the value satisfies its schema: its fields, then",
		fmt.Sprintf("what its Go type does not hold (%s), over its encoding.", restKeywords(t)))
}

// structRestEncode writes encodeJSON of a struct with a Rest node.
func (e *emitter) structRestEncode(f *jen.File, t *ir.Type) {
	f.Comment("encodeJSON writes the value; with a string hook, it checks what it wrote")
	f.Comment(fmt.Sprintf("against what its Go type does not hold (%s).", restKeywords(t)))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(
		jen.Id("n").Op(":=").Len(enc().Dot("Buf")),
		jen.If(err().Op(":=").Id("x").Dot("encodeFields").Call(enc()), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(jen.Qual(rtimplPkg, "CheckWritten").Call(enc(), jen.Id("n"), jen.Id(e.restVar(t)))),
	)
}

// restValFunc writes the validate function of a type with a Rest node
// that is not a struct: the checks of its Go type (validateXShape), then
// the Rest node over its encoding.
func (e *emitter) restValFunc(f *jen.File, t *ir.Type, body []jen.Code) {
	shape := e.valName(t) + "Shape"
	f.Func().Id(shape).Params(jen.Id("v").Add(e.valType(t)), uParam()).Error().Block(body...)
	f.Func().Id(e.valName(t)).Params(jen.Id("v").Add(e.valType(t)), uParam()).Error().Block(
		jen.If(err().Op(":=").Id(shape).Call(jen.Id("v"), jen.Id("u")), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Var().Id("e").Qual(rtPkg, "Encoder"),
		jen.If(err().Op(":=").Id(e.encName(t)+"Shape").Call(jen.Op("&").Id("e"), jen.Lit(""), jen.Id("v")), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(jen.Qual(rtimplPkg, "CheckEncoded").Call(jen.Id("e").Dot("Buf"), jen.Id(e.restVar(t)))),
	)
}

// restEncFunc writes the encode function of a type with a Rest node that
// is not a struct: its Go type's encoder (encodeXShape), then, with a
// string hook, the Rest node over what it wrote.
func (e *emitter) restEncFunc(f *jen.File, t *ir.Type, body []jen.Code) {
	shape := e.encName(t) + "Shape"
	f.Func().Id(shape).Add(encParams(e.valType(t))).Error().Block(body...)
	f.Func().Id(e.encName(t)).Add(encParams(e.valType(t))).Error().Block(
		jen.Id("n").Op(":=").Len(enc().Dot("Buf")),
		jen.If(err().Op(":=").Id(shape).Call(enc(), jen.Id("key"), jen.Id("v")), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(jen.Qual(rtimplPkg, "CheckWritten").Call(enc(), jen.Id("n"), jen.Id(e.restVar(t)))),
	)
}

// fieldNote is what a field's doc comment adds about its type: why it is
// rt.Raw, or what its schema says beyond an unnamed Go type.
func (e *emitter) fieldNote(fl *ir.Field) string {
	t := fl.Type
	switch {
	case t == nil:
		return ""
	case t.Kind == ir.KRaw && t.RawReason != "":
		return fmt.Sprintf("%s is rt.Raw: %s; the interpreter checks it.", fl.Go, t.RawReason)
	case t.Rest != nil && t.Name == "":
		return fmt.Sprintf("%s is checked beyond its Go type: the schema also says %s, which the interpreter checks on decoding and in Validate.", fl.Go, restKeywords(t))
	}
	return ""
}

// joinDoc joins the paragraphs of a doc comment that are not empty.
func joinDoc(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}
