package golang

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// A tuple (ir.KTuple), an array whose items apply by position, is a struct
// with one field per position, V0, V1..., and, unless the tuple is closed,
// Rest for the items past them. The positions minItems covers are
// required; the others are rt.Opt, set in order: an array has no gaps, so
// a value built in Go with V2 set but not V1 fails Validate.

// tupleFieldType is the Go type of a tuple position, stored as a struct's
// member is: an optional struct or tuple by pointer (a tuple may hold
// itself), an optional rt.Raw nil when absent, any other optional item in
// an rt.Opt.
func (e *emitter) tupleFieldType(fl *ir.Field) *jen.Statement {
	return e.fieldType(fl)
}

// tupleType declares the struct of tuple t.
func (e *emitter) tupleType(f *jen.File, t *ir.Type) {
	var fields []jen.Code
	for _, fl := range t.Fields {
		doc := fmt.Sprintf("%s is the item at position %s.", fl.Go, fl.JSON)
		if fl.Doc != "" {
			doc = fmt.Sprintf("%s is the item at position %s: %s", fl.Go, fl.JSON, fl.Doc)
		}
		if !fl.Required {
			doc += " Optional: set only when the positions before it are."
		}
		fields = append(fields, docComment(fl.Go, joinDoc(doc, e.fieldNote(fl)), fl.Deprecated).Id(fl.Go).Add(e.tupleFieldType(fl)))
	}
	if t.Elem != nil {
		fields = append(fields, docComment("Rest", fmt.Sprintf("Rest holds the items past position %d, when every position is set.", len(t.Fields)-1), false).
			Id("Rest").Index().Add(e.valType(t.Elem)))
	}
	items := "items"
	if len(t.Fields) == 1 {
		items = "item"
	}
	what := fmt.Sprintf("%s is a JSON array of %d %s by position", t.Name, len(t.Fields), items)
	if t.Elem != nil {
		what += ", then any number of others (Rest)"
	}
	f.Add(docComment(t.Name, joinDoc(t.Doc, what+"."), t.Deprecated).Type().Id(t.Name).Struct(fields...))
	f.Line()
}

// tupleGap is the error for a position set after one that is not.
func tupleGap(what string, i int) jen.Code {
	return jen.Qual(rtPkg, "Fail").Call(jen.Lit(-1), jen.Lit("prefixItems"),
		jen.Lit(fmt.Sprintf("%s is set but position %d is not: an array has no gaps", what, i-1)))
}

// tupleDecoder writes decodeJSON: each item goes to its position's field,
// the items past them to Rest, or fail when the tuple is closed.
func (e *emitter) tupleDecoder(f *jen.File, t *ir.Type) {
	body := append(e.checkAhead(t), jen.Op("*").Id("x").Op("=").Id(t.Name).Values())
	if t.ArrSize != nil {
		body = append(body, jen.Id("off").Op(":=").Add(d()).Dot("Start").Call())
	}
	body = append(body,
		jen.If(err().Op(":=").Add(d()).Dot("ArrStart").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Var().Id("i").Int())
	wrap := jen.Return(jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Id("i")))
	var cases []jen.Code
	for i, fl := range t.Fields {
		v := jen.Id("v")
		switch storeOf(fl) {
		case storePtr:
			v = jen.Op("&").Id("v")
		case storeOpt:
			v = jen.Qual(rtPkg, "Some").Call(jen.Id("v"))
		}
		cases = append(cases, jen.Case(jen.Lit(i)).Block(
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(fl.Type)).Call(d()),
			jen.If(err().Op("!=").Nil()).Block(wrap),
			jen.Id("x").Dot(fl.Go).Op("=").Add(v),
		))
	}
	if t.Elem != nil {
		cases = append(cases, jen.Default().Block(
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(t.Elem)).Call(d()),
			jen.If(err().Op("!=").Nil()).Block(wrap),
			jen.Id("x").Dot("Rest").Op("=").Append(jen.Id("x").Dot("Rest"), jen.Id("v")),
		))
	} else {
		msg := fmt.Sprintf("an item past position %d, which %s: false refuses", len(t.Fields)-1, t.Closed)
		cases = append(cases, jen.Default().Block(
			jen.Return(jen.Qual(rtPkg, "AtIndex").Call(jen.Qual(rtPkg, "Fail").Call(d().Dot("Start").Call(), jen.Lit(t.Closed), jen.Lit(msg)), jen.Id("i")))))
	}
	body = append(body, jen.For(jen.Id("i").Op("=").Lit(0), jen.Empty(), jen.Id("i").Op("++")).Block(
		jen.List(jen.Id("more"), err()).Op(":=").Add(d()).Dot("ArrNext").Call(jen.Id("i")),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
		jen.Switch(jen.Id("i")).Block(cases...),
	))
	if t.ArrSize != nil {
		body = append(body, jen.Return(jen.Id(e.ruleName(t)).Dot("Check").Call(jen.Id("i"), jen.Id("off"))))
	} else {
		body = append(body, jen.Return(jen.Nil()))
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(body...)
}

// tupleSet walks the positions of tuple t in order: required ones always,
// optional ones when set, failing at a gap; each present item gets item(i,
// value), n counting the items so far. It returns the statements and
// whether they use n.
func (e *emitter) tupleSet(t *ir.Type, item func(i int, v *jen.Statement) []jen.Code) []jen.Code {
	var out []jen.Code
	required := 0
	for i, fl := range t.Fields {
		if fl.Required {
			out = append(out, item(i, jen.Id("x").Dot(fl.Go))...)
			required = i + 1
			continue
		}
		block := []jen.Code{}
		if i > required {
			block = append(block, jen.If(jen.Id("n").Op("!=").Lit(i)).Block(jen.Return(jen.Qual(rtPkg, "AtIndex").Call(tupleGap(fl.Go, i), jen.Lit(i)))))
		}
		set, v := jen.Id("x").Dot(fl.Go).Dot("Set"), jen.Id("x").Dot(fl.Go).Dot("V")
		switch storeOf(fl) {
		case storePtr:
			set, v = jen.Id("x").Dot(fl.Go).Op("!=").Nil(), jen.Op("*").Id("x").Dot(fl.Go)
		case storeRaw:
			set, v = jen.Id("x").Dot(fl.Go).Op("!=").Nil(), jen.Id("x").Dot(fl.Go)
		}
		block = append(block, item(i, v)...)
		block = append(block, jen.Id("n").Op("=").Lit(i+1))
		out = append(out, jen.If(set).Block(block...))
	}
	if t.Elem != nil && len(t.Fields) > required {
		out = append(out, jen.If(jen.Len(jen.Id("x").Dot("Rest")).Op(">").Lit(0).Op("&&").Id("n").Op("!=").Lit(len(t.Fields))).Block(
			jen.Return(jen.Qual(rtPkg, "AtIndex").Call(tupleGap("Rest", len(t.Fields)), jen.Lit(len(t.Fields))))))
	}
	return append([]jen.Code{jen.Id("n").Op(":=").Lit(required), jen.Id("_").Op("=").Id("n")}, out...)
}

// tupleEncoder writes encodeJSON; key is the enclosing object key, for the
// string hook.
func (e *emitter) tupleEncoder(f *jen.File, t *ir.Type) {
	body := []jen.Code{jen.Id("start").Op(":=").Len(enc().Dot("Buf")), jen.Id("_").Op("=").Id("start"), enc().Dot("Byte").Call(jen.LitRune('['))}
	body = append(body, e.tupleSet(t, func(i int, v *jen.Statement) []jen.Code {
		var out []jen.Code
		if i > 0 {
			out = append(out, enc().Dot("Byte").Call(jen.LitRune(',')))
		}
		return append(out, jen.If(err().Op(":=").Id(e.encName(t.Fields[i].Type)).Call(enc(), jen.Id("key"), v), err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Lit(i)))))
	})...)
	if t.Elem != nil {
		comma := jen.If(jen.Id("n").Op("+").Id("j").Op(">").Lit(0)).Block(enc().Dot("Byte").Call(jen.LitRune(',')))
		body = append(body, jen.For(jen.List(jen.Id("j"), jen.Id("v")).Op(":=").Range().Id("x").Dot("Rest")).Block(
			comma,
			jen.If(err().Op(":=").Id(e.encName(t.Elem)).Call(enc(), jen.Id("key"), jen.Id("v")), err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Id("n").Op("+").Id("j"))))))
	}
	body = append(body, enc().Dot("Byte").Call(jen.LitRune(']')))
	if t.Rest != nil {
		body = append(body, jen.Return(jen.Qual(rtimplPkg, "CheckWritten").Call(enc(), jen.Id("start"), jen.Id(e.restVar(t)))))
	} else {
		body = append(body, jen.Return(jen.Nil()))
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder"), jen.Id("key").String()).Error().Block(body...)
}

// tupleValidator writes Validate: each item, no gap, the item count.
func (e *emitter) tupleValidator(f *jen.File, t *ir.Type) {
	body := e.tupleSet(t, func(i int, v *jen.Statement) []jen.Code {
		return []jen.Code{jen.If(err().Op(":=").Add(e.valCall(t.Fields[i].Type, v)), err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Lit(i))))}
	})
	if t.Elem != nil {
		body = append(body,
			jen.For(jen.List(jen.Id("j"), jen.Id("v")).Op(":=").Range().Id("x").Dot("Rest")).Block(
				jen.If(err().Op(":=").Add(e.valCall(t.Elem, jen.Id("v"))), err().Op("!=").Nil()).Block(
					jen.Return(jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Id("n").Op("+").Id("j"))))),
			jen.Id("n").Op("+=").Len(jen.Id("x").Dot("Rest")))
	}
	if t.ArrSize != nil {
		body = append(body, jen.If(err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(jen.Id("n"), jen.Lit(-1)), err().Op("!=").Nil()).Block(jen.Return(err())))
	}
	if t.Rest != nil {
		body = append(body,
			jen.Var().Id("e").Qual(rtPkg, "Encoder"),
			jen.If(err().Op(":=").Id("x").Dot("encodeJSON").Call(jen.Op("&").Id("e"), jen.Lit("")), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.Return(jen.Qual(rtimplPkg, "CheckEncoded").Call(jen.Id("e").Dot("Buf"), jen.Id(e.restVar(t)))))
	} else {
		body = append(body, jen.Return(jen.Nil()))
	}
	e.validateMethods(f, t, body,
		fmt.Sprintf("Validate reports whether the value satisfies its schema: each of its %s positions", strconv.Itoa(len(t.Fields))),
		"and items, set in order, and their count.")
}
