package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

func (e *emitter) valName(t *ir.Type) string { return "validate" + e.name(t) }

// Validators take u (rtimpl.UTF8), which says whether they check that
// strings and map keys are valid UTF-8: Validate passes rtimpl.InValidate;
// EncodeJSON passes rtimpl.InEncoder, as the encoder then checks each of
// those strings in the pass that escapes it (see encodeEntryPoints). Only
// u.Check depends on it: every other check is made either way.

// uParam is the parameter u of a validator.
func uParam() *jen.Statement { return jen.Id("u").Qual(rtimplPkg, "UTF8") }

// validateCall calls the validate method of v, passing u on.
func validateCall(v *jen.Statement) *jen.Statement { return v.Dot("validate").Call(jen.Id("u")) }

// valCall calls the validate function of t on v, passing u on.
func (e *emitter) valCall(t *ir.Type, v jen.Code) *jen.Statement {
	return jen.Id(e.valName(t)).Call(v, jen.Id("u"))
}

// validateMethods writes the Validate method of the named type t, whose
// doc is doc, and validate(u), the checks it makes with every string
// checked.
func (e *emitter) validateMethods(f *jen.File, t *ir.Type, body []jen.Code, doc ...string) {
	for _, line := range doc {
		f.Comment(line)
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("Validate").Params().Error().Block(
		jen.Return(jen.Id("x").Dot("validate").Call(jen.Qual(rtimplPkg, "InValidate"))))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("validate").Params(uParam()).Error().Block(body...)
}

// checkUTF8 refuses the string s when it is not valid UTF-8 and u says
// the validator checks it.
func checkUTF8(s jen.Code) *jen.Statement { return jen.Id("u").Dot("Check").Call(s) }

// emitValidators writes a validate function per type and the Validate
// methods of named types, for values built in Go.
func (e *emitter) emitValidators(f *jen.File) {
	e.eachType(f, pass{
		each: e.valFunc,
		methods: map[ir.Kind]func(*jen.File, *ir.Type){
			ir.KStruct:  e.structValidator,
			ir.KSum:     e.sumValidator,
			ir.KTuple:   e.tupleValidator,
			ir.KUnion:   e.unionValidator,
			ir.KEnum:    e.enumValidator,
			ir.KIntEnum: e.enumValidator,
			ir.KString:  e.scalarValidator,
			ir.KInt:     e.scalarValidator,
			ir.KFloat:   e.scalarValidator,
		},
	})
}

// scalarValidator writes the Validate method of a named scalar type.
func (e *emitter) scalarValidator(f *jen.File, t *ir.Type) {
	if t.Name == "" || !ir.NamedScalar(t) {
		return
	}
	f.Comment("Validate reports whether v satisfies its schema.")
	f.Func().Params(jen.Id("v").Id(t.Name)).Id("Validate").Params().Error().Block(jen.Return(jen.Id(e.valName(t)).Call(jen.Id("v"), jen.Qual(rtimplPkg, "InValidate"))))
}

// unionValidator writes the Validate method of a union: a tagged union's
// own, or one that validates the variant it holds.
func (e *emitter) unionValidator(f *jen.File, t *ir.Type) {
	if t.Match == "if" {
		e.ifValidator(f, t)
		return
	}
	if t.Match != "" {
		e.taggedValidator(f, t)
		return
	}
	e.validateMethods(f, t, []jen.Code{
		jen.If(jen.Id("x").Dot("Value").Op("==").Nil()).Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())),
		jen.Return(validateCall(jen.Id("x").Dot("Value"))),
	}, "Validate reports whether the value satisfies its schema.")
}

// enumValidator writes the Validate method of an enum type.
func (e *emitter) enumValidator(f *jen.File, t *ir.Type) {
	f.Comment(fmt.Sprintf("Validate reports whether v is one of the values of %s.", t.Name))
	f.Func().Params(jen.Id("v").Id(t.Name)).Id("Validate").Params().Error().Block(e.enumCheck(t)...)
}

func (e *emitter) enumCheck(t *ir.Type) []jen.Code {
	var cases []jen.Code
	for _, name := range t.ConstNames {
		cases = append(cases, jen.Id(name))
	}
	var mismatch jen.Code = jen.Qual(rtimplPkg, "EnumMismatch").Call(jen.Lit(-1), jen.Qual("strconv", "Quote").Call(jen.String().Call(jen.Id("v"))), jen.Lit(quotedList(t.Values)))
	switch {
	case t.Kind == ir.KIntEnum && t.Float:
		mismatch = e.enumMismatch(t, jen.Lit(-1), jen.Qual("strconv", "FormatFloat").Call(jen.Float64().Call(jen.Id("v")), jen.LitByte('g'), jen.Lit(-1), jen.Lit(64)))
	case t.Kind == ir.KIntEnum:
		mismatch = e.enumMismatch(t, jen.Lit(-1), jen.Qual("strconv", "FormatInt").Call(jen.Int64().Call(jen.Id("v")), jen.Lit(10)))
	case t.EnumKeyword == "const":
		mismatch = e.enumMismatch(t, jen.Lit(-1), jen.Qual("strconv", "Quote").Call(jen.String().Call(jen.Id("v"))))
	}
	return []jen.Code{
		jen.Switch(jen.Id("v")).Block(jen.Case(cases...).Block(jen.Return(jen.Nil()))),
		jen.Return(mismatch),
	}
}

func (e *emitter) valFunc(f *jen.File, t *ir.Type) {
	body := e.valBody(t, jen.Id("v"))
	if t.Nullable && t.Kind != ir.KRaw {
		body = append([]jen.Code{jen.If(jen.Op("!").Id("v").Dot("Valid")).Block(jen.Return(jen.Nil()))}, e.valBody(t, jen.Id("v").Dot("V"))...)
	}
	if t.Rest != nil && t.Kind != ir.KStruct && t.Kind != ir.KTuple {
		e.restValFunc(f, t, body)
		return
	}
	f.Func().Id(e.valName(t)).Params(jen.Id("v").Add(e.valType(t)), uParam()).Error().Block(body...)
}

func (e *emitter) valBody(t *ir.Type, v *jen.Statement) []jen.Code {
	ok := jen.Return(jen.Nil())
	switch t.Kind {
	case ir.KStruct, ir.KUnion, ir.KSum, ir.KTuple:
		return []jen.Code{jen.Return(validateCall(v.Clone()))}
	case ir.KEnum, ir.KIntEnum:
		return []jen.Code{jen.Return(v.Clone().Dot("Validate").Call())}
	case ir.KString:
		if e.hasStrRule(t) {
			return []jen.Code{
				jen.If(jen.Err().Op(":=").Add(checkUTF8(plain(t, v))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Return(jen.Id(e.ruleName(t)).Dot("Check").Call(plain(t, v), jen.Lit(-1)))}
		}
		return []jen.Code{jen.Return(checkUTF8(plain(t, v)))}
	case ir.KInt:
		if e.hasIntRule(t) {
			return []jen.Code{jen.Return(jen.Id(e.ruleName(t)).Dot("Check").Call(plain(t, v), jen.Lit(-1)))}
		}
		return []jen.Code{ok}
	case ir.KFloat:
		out := []jen.Code{jen.If(jen.Err().Op(":=").Qual(rtimplPkg, "CheckFinite").Call(plain(t, v)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
		if !t.Num.Empty() {
			out = append(out, jen.Return(jen.Id(e.ruleName(t)).Dot("CheckFloat").Call(plain(t, v), jen.Lit(""), jen.Lit(-1))))
		} else {
			out = append(out, ok)
		}
		return out
	case ir.KBool, ir.KNull:
		return []jen.Code{ok}
	case ir.KArray:
		out := []jen.Code{}
		if t.ArrSize != nil {
			out = append(out, jen.If(jen.Err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(jen.Len(v), jen.Lit(-1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		}
		out = append(out, jen.For(jen.List(jen.Id("i"), jen.Id("x")).Op(":=").Range().Add(v)).Block(
			jen.If(jen.Err().Op(":=").Add(e.valCall(t.Elem, jen.Id("x"))), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtIndex").Call(jen.Err(), jen.Id("i"))))))
		if t.Unique {
			out = append(out, jen.Return(jen.Qual(rtimplPkg, "Unique").Call(v, jen.Lit(-1))))
		} else {
			out = append(out, ok)
		}
		return out
	case ir.KMap:
		out := []jen.Code{}
		if t.ObjSize != nil {
			out = append(out, jen.If(jen.Err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(jen.Len(v), jen.Lit(-1)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		}
		return append(out, jen.For(jen.List(jen.Id("k"), jen.Id("x")).Op(":=").Range().Add(v)).Block(
			jen.If(jen.Err().Op(":=").Add(checkUTF8(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))),
			jen.If(jen.Err().Op(":=").Add(e.valCall(t.Elem, jen.Id("x"))), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k"))))), ok)
	case ir.KGo:
		if t.Go.Codec != "" {
			return []jen.Code{jen.Return(jen.Qual(rtimplPkg, t.Go.Codec).Dot("Validate").Call(jen.Op("&").Add(v), e.nodeOrNil(t)))}
		}
		fn := "ValidateJSON"
		if t.Go.Text {
			fn = "ValidateText"
		}
		return []jen.Code{jen.Return(jen.Qual(rtimplPkg, fn).Call(jen.Op("&").Add(v), e.nodeOrNil(t)))}
	}
	out := []jen.Code{jen.If(jen.Err().Op(":=").Qual(rtimplPkg, "CheckRaw").Call(v), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
	if t.Node != nil {
		return append(out, jen.Return(jen.Id(e.nodeVar(t.Node)).Dot("ValidateRaw").Call(v)))
	}
	return append(out, ok)
}

func (e *emitter) structValidator(f *jen.File, t *ir.Type) {
	if t.Wrapper {
		e.validateMethods(f, t, []jen.Code{jen.Return(e.valCall(t.Fields[0].Type, jen.Id("x").Dot("Value")))},
			"Validate reports whether the value satisfies its schema.")
		return
	}
	var body []jen.Code
	if e.variants[t] {
		body = append(body, jen.If(jen.Id("x").Op("==").Nil()).Block(jen.Return(jen.Qual(rtimplPkg, "NilVariant").Call(jen.Lit(t.Name)))))
	}
	fixed := 0
	var count jen.Code = jen.Null() // the member count matters only to a size rule
	if t.ObjSize != nil {
		count = jen.Id("n").Op("++")
	}
	for _, fl := range t.Fields {
		if fl.Const != "" {
			fixed++
			continue
		}
		v := jen.Id("x").Dot(fl.Go)
		check := func(val jen.Code) jen.Code {
			return jen.If(jen.Err().Op(":=").Add(e.valCall(fl.Type, val)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Lit(fl.JSON))))
		}
		switch storeOf(fl) {
		case storeValue:
			fixed++
			body = append(body, check(v))
		case storeRaw, storePtr:
			val := v.Clone()
			if storeOf(fl) == storePtr {
				val = jen.Op("*").Add(v.Clone())
			}
			body = append(body, jen.If(v.Clone().Op("!=").Nil()).Block(count, check(val)))
		case storeOpt:
			body = append(body, jen.If(v.Clone().Dot("Set")).Block(count, check(v.Clone().Dot("V"))))
		}
	}
	if len(t.Patterns) > 0 {
		body = append(body, e.mapsValidate(t, count)...)
	} else if t.Extra != nil {
		// Ranging over an empty map still starts an iterator: most values
		// have no unknown members.
		loop := append([]jen.Code{count}, e.ownNames(t, "Extra")...)
		loop = append(loop, jen.If(jen.Err().Op(":=").Add(checkUTF8(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))))
		loop = append(loop, jen.If(jen.Err().Op(":=").Add(e.valCall(t.Extra, jen.Id("v"))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))))
		body = append(body, jen.If(jen.Len(jen.Id("x").Dot("Extra")).Op("!=").Lit(0)).Block(
			jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("x").Dot("Extra")).Block(loop...)))
	}
	var pre []jen.Code
	if t.ObjSize != nil {
		pre = append(pre, jen.Id("n").Op(":=").Lit(fixed))
		body = append(body, jen.Return(jen.Id(e.ruleName(t)).Dot("Check").Call(jen.Id("n"), jen.Lit(-1))))
	} else {
		body = append(body, jen.Return(jen.Nil()))
	}
	if t.Rest != nil {
		f.Comment("validateFields checks what the struct's Go type holds.")
		f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("validateFields").Params(uParam()).Error().Block(append(pre, body...)...)
		e.structRestValidate(f, t)
		return
	}
	e.validateMethods(f, t, append(pre, body...), "Validate reports whether the value satisfies its schema.")
}
