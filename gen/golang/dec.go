package golang

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

func d() *jen.Statement   { return jen.Id("d") }
func err() *jen.Statement { return jen.Id("err") }

// ifErr is `if err != nil { return zero, wrap(err) }`.
func ifErrReturn(ret ...jen.Code) *jen.Statement {
	return jen.If(err().Op("!=").Nil()).Block(jen.Return(ret...))
}

// mentions reports whether the rendered code uses the identifier name.
func mentions(name string, code *jen.Statement, more []jen.Code) bool {
	src := fmt.Sprintf("%#v", jen.Null().Add(code).Add(more...))
	return regexp.MustCompile(`\b` + name + `\b`).MatchString(src)
}

func decParams() *jen.Statement { return jen.Params(d().Op("*").Qual(rtPkg, "Decoder")) }

// decName is the function that decodes a value of t (null included).
func (e *emitter) decName(t *ir.Type) string { return "decode" + e.name(t) }

// emitDecoders writes a decode function per type and the decoding methods
// of named types.
func (e *emitter) emitDecoders(f *jen.File) {
	e.eachType(f, pass{
		each: func(f *jen.File, t *ir.Type) {
			e.ruleVars(f, t)
			e.userTypeChecks(f, t)
			e.decFunc(f, t)
		},
		methods: map[ir.Kind]func(*jen.File, *ir.Type){
			ir.KStruct: func(f *jen.File, t *ir.Type) {
				e.patternVars(f, t)
				e.structDecoder(f, t)
			},
			ir.KUnion:   e.unionDecoder,
			ir.KSum:     e.sumDecoder,
			ir.KTuple:   e.tupleDecoder,
			ir.KEnum:    e.enumUnmarshal,
			ir.KIntEnum: e.enumUnmarshal,
		},
		entry: e.entryPoints,
	})
	e.variantFuncs(f)
}

// pass is what one of the emitter's files writes for each type: each for
// every type, then, unless the type is an alias, the methods of its kind
// and, for a named struct, union or sum, its entry points.
type pass struct {
	each    func(*jen.File, *ir.Type)
	methods map[ir.Kind]func(*jen.File, *ir.Type)
	entry   func(*jen.File, *ir.Type)
}

// eachType runs p over the types in emission order.
func (e *emitter) eachType(f *jen.File, p pass) {
	for _, t := range e.order {
		p.each(f, t)
		if t.Alias != nil {
			continue // the methods are the named type's
		}
		if m := p.methods[t.Kind]; m != nil {
			m(f, t)
		}
		if p.entry != nil && (t.Kind == ir.KStruct || t.Kind == ir.KUnion || t.Kind == ir.KSum || t.Kind == ir.KTuple) && t.Name != "" {
			p.entry(f, t)
		}
	}
}

// ruleName is the variable holding the constraint rule of t (a type has
// at most one: a string, integer, number or size rule).
func (e *emitter) ruleName(t *ir.Type) string { return unexport(e.name(t)) + "Rule" }

// ruleVars declares the constraint rules a type's checks interpret.
func (e *emitter) ruleVars(f *jen.File, t *ir.Type) {
	switch t.Kind {
	case ir.KString:
		if e.hasStrRule(t) {
			vals := jen.Dict{jen.Id("MinLen"): jen.Lit(t.MinLen), jen.Id("MaxLen"): jen.Lit(t.MaxLen)}
			if t.Format != "" {
				vals[jen.Id("Format")] = jen.Qual(rtimplPkg, "MustFormat").Call(jen.Lit(t.Format))
			}
			if t.Pattern != "" {
				pv := unexport(e.name(t)) + "Pattern"
				f.Var().Id(pv).Op("=").Add(mustPattern(t.Pattern))
				vals[jen.Id("Pattern")] = jen.Id(pv)
			}
			f.Var().Id(e.ruleName(t)).Op("=").Qual(rtimplPkg, "StrRule").Values(vals)
		}
	case ir.KInt:
		ib := t.Int
		if ib.HasMin || ib.HasMax || ib.Mult > 1 {
			f.Var().Id(e.ruleName(t)).Op("=").Qual(rtimplPkg, "IntRule").Values(jen.Dict{
				jen.Id("HasMin"): jen.Lit(ib.HasMin), jen.Id("HasMax"): jen.Lit(ib.HasMax),
				jen.Id("Min"): jen.Lit(ib.Min), jen.Id("Max"): jen.Lit(ib.Max),
				jen.Id("MinKw"): jen.Lit(ib.MinKw), jen.Id("MaxKw"): jen.Lit(ib.MaxKw),
				jen.Id("MinSrc"): jen.Lit(ib.MinSrc), jen.Id("MaxSrc"): jen.Lit(ib.MaxSrc),
				jen.Id("MultipleOf"): jen.Lit(ib.Mult), jen.Id("MultSrc"): jen.Lit(ib.MultSrc),
			})
		}
	case ir.KFloat:
		if !t.Num.Empty() {
			n := t.Num
			f.Var().Id(e.ruleName(t)).Op("=").Qual(rtimplPkg, "NewNumRule").Call(
				jen.Lit(n.Min), jen.Lit(n.ExMin), jen.Lit(n.Max), jen.Lit(n.ExMax), jen.Lit(n.MultipleOf))
		}
	case ir.KArray, ir.KMap, ir.KStruct, ir.KTuple:
		sz, noun := t.ArrSize, "item"
		minKw, maxKw := "minItems", "maxItems"
		if t.Kind != ir.KArray && t.Kind != ir.KTuple {
			sz, noun, minKw, maxKw = t.ObjSize, "property", "minProperties", "maxProperties"
		}
		if sz != nil {
			f.Var().Id(e.ruleName(t)).Op("=").Qual(rtimplPkg, "SizeRule").Values(jen.Dict{
				jen.Id("Min"): jen.Lit(sz.Min), jen.Id("Max"): jen.Lit(sz.Max),
				jen.Id("MinKw"): jen.Lit(minKw), jen.Id("MaxKw"): jen.Lit(maxKw), jen.Id("Noun"): jen.Lit(noun),
			})
		}
	}
}

func (e *emitter) hasStrRule(t *ir.Type) bool {
	return t.Kind == ir.KString && (t.MinLen > 0 || t.MaxLen >= 0 || t.Pattern != "" || t.Format != "")
}

func (e *emitter) hasIntRule(t *ir.Type) bool {
	return t.Kind == ir.KInt && (t.Int.HasMin || t.Int.HasMax || t.Int.Mult > 1)
}

// decFunc writes `func decN(d *rt.Decoder) (T, error)`.
func (e *emitter) decFunc(f *jen.File, t *ir.Type) {
	if t.Kind == ir.KArray {
		e.intoFunc(f, t)
	}
	body := e.decBody(t)
	if t.Kind != ir.KStruct && t.Kind != ir.KArray && t.Kind != ir.KTuple {
		body = append(e.checkAhead(t, e.zeroValue(t)), body...) // a struct's decodeJSON and an array's Into check it
	}
	if t.Nullable && t.Kind != ir.KRaw {
		inner := "decode" + e.name(t) + ir.NotNullSuffix
		f.Func().Id(inner).Add(decParams()).Params(e.baseType(t), jen.Error()).Block(body...)
		f.Func().Id(e.decName(t)).Add(decParams()).Params(e.valType(t), jen.Error()).Block(
			jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
				jen.Return(e.valType(t).Values(), d().Dot("Null").Call())),
			jen.List(jen.Id("v"), err()).Op(":=").Id(inner).Call(d()),
			jen.Return(e.valType(t).Values(jen.Dict{jen.Id("V"): jen.Id("v"), jen.Id("Valid"): err().Op("==").Nil()}), err()),
		)
		return
	}
	f.Func().Id(e.decName(t)).Add(decParams()).Params(e.baseType(t), jen.Error()).Block(body...)
}

// decBody decodes a non-null value of t.
func (e *emitter) decBody(t *ir.Type) []jen.Code {
	zero := e.zeroValue(t)
	switch t.Kind {
	case ir.KStruct, ir.KUnion, ir.KSum, ir.KTuple:
		return []jen.Code{
			jen.Var().Id("v").Id(t.Name),
			jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeJSON").Call(d())),
		}
	case ir.KEnum:
		return e.enumDecBody(t)
	case ir.KIntEnum:
		if t.Float {
			return e.floatEnumDecBody(t)
		}
		return e.intEnumDecBody(t)
	case ir.KString:
		out := []jen.Code{}
		if e.hasStrRule(t) {
			out = append(out, jen.Id("off").Op(":=").Add(d()).Dot("Start").Call())
		}
		out = append(out, jen.List(jen.Id("s"), err()).Op(":=").Add(d()).Dot("StrShared").Call(), ifErrReturn(zero, err()))
		if e.hasStrRule(t) {
			out = append(out, jen.Return(named(t, jen.Id("s")), jen.Id(e.ruleName(t)).Dot("Check").Call(jen.Id("s"), jen.Id("off"))))
		} else {
			out = append(out, jen.Return(named(t, jen.Id("s")), jen.Nil()))
		}
		return out
	case ir.KInt:
		if !e.hasIntRule(t) {
			return []jen.Code{jen.Return(d().Dot("Int").Call())}
		}
		return []jen.Code{
			jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
			jen.List(jen.Id("v"), err()).Op(":=").Add(d()).Dot("Int").Call(), ifErrReturn(zero, err()),
			jen.Return(named(t, jen.Id("v")), jen.Id(e.ruleName(t)).Dot("Check").Call(jen.Id("v"), jen.Id("off"))),
		}
	case ir.KFloat:
		if t.Num.Empty() {
			return []jen.Code{
				jen.List(jen.Id("v"), jen.Id("_"), err()).Op(":=").Add(d()).Dot("Float").Call(),
				jen.Return(jen.Id("v"), err()),
			}
		}
		return []jen.Code{
			jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
			jen.List(jen.Id("v"), jen.Id("lit"), err()).Op(":=").Add(d()).Dot("Float").Call(), ifErrReturn(zero, err()),
			jen.Return(named(t, jen.Id("v")), jen.Id(e.ruleName(t)).Dot("CheckFloat").Call(jen.Id("v"), jen.Id("lit"), jen.Id("off"))),
		}
	case ir.KBool:
		return []jen.Code{jen.Return(d().Dot("Bool").Call())}
	case ir.KNull:
		return []jen.Code{jen.Return(jen.Qual(rtPkg, "NullValue").Values(), d().Dot("Null").Call())}
	case ir.KArray:
		return []jen.Code{jen.Return(jen.Id(e.intoName(t)).Call(d(), jen.Nil()))}
	case ir.KMap:
		return e.mapDecBody(t)
	case ir.KGo:
		return e.userDecBody(t)
	}
	node := jen.Nil()
	if t.Node != nil {
		node = jen.Id(e.nodeVar(t.Node))
	}
	return []jen.Code{jen.Return(jen.Qual(rtimplPkg, "DecodeRaw").Call(d(), node))}
}

func (e *emitter) zeroValue(t *ir.Type) jen.Code {
	switch t.Kind {
	case ir.KStruct, ir.KUnion, ir.KSum, ir.KTuple:
		return jen.Id(t.Name).Values()
	case ir.KEnum, ir.KString:
		return jen.Lit("")
	case ir.KInt, ir.KFloat, ir.KIntEnum:
		return jen.Lit(0)
	case ir.KBool:
		return jen.False()
	case ir.KNull:
		return jen.Qual(rtPkg, "NullValue").Values()
	case ir.KGo:
		return jen.Op("*").New(e.baseType(t))
	}
	return jen.Nil()
}

func (e *emitter) enumDecBody(t *ir.Type) []jen.Code {
	var cases []jen.Code
	for _, v := range t.Values {
		cases = append(cases, jen.Lit(v))
	}
	var other jen.Code = jen.Null()
	switch {
	case t.Untyped:
		// No type keyword: a value of any other type fails at the enum.
		other = jen.If(d().Dot("Next").Call().Op("!=").Qual(rtPkg, "String")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Lit(""), err())),
			jen.Return(jen.Lit(""), e.enumMismatch(t, jen.Id("off"), d().Dot("Span").Call(jen.Id("off")))))
	case t.NullKeyword == "enum" || t.NullKeyword == "const":
		// The type admits null but the enum does not list it.
		other = jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.Return(jen.Lit(""), e.enumMismatch(t, jen.Id("off"), jen.Lit("null"))))
	}
	return []jen.Code{
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		other,
		jen.List(jen.Id("s"), err()).Op(":=").Add(d()).Dot("StrShared").Call(), ifErrReturn(jen.Lit(""), err()),
		jen.Switch(jen.Id("s")).Block(jen.Case(cases...).Block(jen.Return(jen.Id(t.Name).Call(jen.Id("s")), jen.Nil()))),
		jen.Return(jen.Lit(""), e.enumMismatch(t, jen.Id("off"), jen.Qual("strconv", "Quote").Call(jen.Id("s")))),
	}
}

// enumMismatch is the error for a value (got, its JSON text) that is not
// one of the values of enum t; off is -1 for a value built in Go.
func (e *emitter) enumMismatch(t *ir.Type, off, got jen.Code) jen.Code {
	if t.EnumKeyword == "const" && len(t.Values) == 1 {
		want := string(rt.AppendString(nil, t.Values[0]))
		if t.Kind == ir.KIntEnum {
			want = t.Values[0] // a number, not a string
		}
		return jen.Qual(rtPkg, "Fail").Call(off, jen.Lit("const"), jen.Lit("want "+want))
	}
	want := quotedList(t.Values)
	if t.Kind == ir.KIntEnum {
		want = strings.Join(t.Values, ", ")
	}
	if t.EnumKeyword == "const" {
		// A oneOf or anyOf of consts: every branch fails at its const.
		return jen.Qual(rtPkg, "Fail").Call(off, jen.Lit("const"), jen.Lit("got ").Op("+").Add(got).Op("+").Lit(", want one of "+want))
	}
	return jen.Qual(rtimplPkg, "EnumMismatch").Call(off, got, jen.Lit(want))
}

// intEnumDecBody decodes an integer and checks it against the constants.
func (e *emitter) intEnumDecBody(t *ir.Type) []jen.Code {
	var cases []jen.Code
	for _, name := range t.ConstNames {
		cases = append(cases, jen.Id(name))
	}
	var other, intErr jen.Code = jen.Null(), ifErrReturn(jen.Lit(0), err())
	switch {
	case t.Untyped:
		// No type keyword: a value of another type, or a number that is no
		// int64 integer, fails at the enum.
		mismatch := jen.Return(jen.Lit(0), e.enumMismatch(t, jen.Id("off"), d().Dot("Span").Call(jen.Id("off"))))
		other = jen.If(d().Dot("Next").Call().Op("!=").Qual(rtPkg, "Number")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Lit(0), err())),
			mismatch)
		intErr = jen.If(err().Op("!=").Nil()).Block(
			jen.If(jen.List(jen.Id("re"), jen.Id("ok")).Op(":=").Err().Assert(jen.Op("*").Qual(rtPkg, "Error")), jen.Id("ok").Op("&&").Id("re").Dot("Keyword").Op("==").Lit("type")).Block(mismatch),
			jen.Return(jen.Lit(0), err()))
	case t.NullKeyword == "enum" || t.NullKeyword == "const":
		other = jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.Return(jen.Lit(0), e.enumMismatch(t, jen.Id("off"), jen.Lit("null"))))
	}
	return []jen.Code{
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		other,
		jen.List(jen.Id("n"), err()).Op(":=").Add(d()).Dot("Int").Call(), intErr,
		jen.Switch(jen.Id(t.Name).Call(jen.Id("n"))).Block(jen.Case(cases...).Block(jen.Return(jen.Id(t.Name).Call(jen.Id("n")), jen.Nil()))),
		jen.Return(jen.Lit(0), e.enumMismatch(t, jen.Id("off"), jen.Qual("strconv", "FormatInt").Call(jen.Id("n"), jen.Lit(10)))),
	}
}

// floatEnumDecBody decodes a number and checks its float64 against the
// constants. A number no float64 holds exactly (rt.IsRange) is none of
// them, each constant being a float64 exactly: it fails at the enum, as
// a value of another JSON type does when the schema names no type.
func (e *emitter) floatEnumDecBody(t *ir.Type) []jen.Code {
	var cases []jen.Code
	for _, name := range t.ConstNames {
		cases = append(cases, jen.Id(name))
	}
	mismatch := jen.Return(jen.Lit(0), e.enumMismatch(t, jen.Id("off"), d().Dot("Span").Call(jen.Id("off"))))
	var other jen.Code = jen.Null()
	switch {
	case t.Untyped:
		other = jen.If(d().Dot("Next").Call().Op("!=").Qual(rtPkg, "Number")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Lit(0), err())),
			mismatch)
	case t.NullKeyword == "enum" || t.NullKeyword == "const":
		other = jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.Return(jen.Lit(0), e.enumMismatch(t, jen.Id("off"), jen.Lit("null"))))
	}
	return []jen.Code{
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		other,
		jen.List(jen.Id("n"), jen.Id("_"), err()).Op(":=").Add(d()).Dot("Float").Call(),
		jen.If(err().Op("!=").Nil()).Block(
			jen.If(jen.Qual(rtPkg, "IsRange").Call(err())).Block(mismatch),
			jen.Return(jen.Lit(0), err())),
		jen.Switch(jen.Id(t.Name).Call(jen.Id("n"))).Block(jen.Case(cases...).Block(jen.Return(jen.Id(t.Name).Call(jen.Id("n")), jen.Nil()))),
		mismatch,
	}
}

// intoName is the function that decodes a non-null array of t into the
// capacity of a slice it is given.
func (e *emitter) intoName(t *ir.Type) string { return "decode" + e.name(t) + "Into" }

// intoFunc writes `func decNInto(d *rt.Decoder, out []E) ([]E, error)`:
// the array is decoded into out's backing array while it has room, the
// way encoding/json reuses a slice, and each reused element is reset.
func (e *emitter) intoFunc(f *jen.File, t *ir.Type) {
	f.Func().Id(e.intoName(t)).Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.Id("out").Add(e.baseType(t))).Params(e.baseType(t), jen.Error()).Block(e.arrayDecBody(t)...)
}

func (e *emitter) arrayDecBody(t *ir.Type) []jen.Code {
	out := e.checkAhead(t, jen.Nil())
	if t.ArrSize != nil || t.Unique {
		out = append(out, jen.Id("off").Op(":=").Add(d()).Dot("Start").Call())
	}
	out = append(out,
		jen.If(err().Op(":=").Add(d()).Dot("ArrStart").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), err())),
		jen.Id("out").Op("=").Id("out").Index(jen.Empty(), jen.Lit(0)),
		// An empty array decodes to an empty slice, never nil.
		jen.If(jen.Id("out").Op("==").Nil()).Block(jen.Id("out").Op("=").Add(e.baseType(t)).Values()),
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Empty(), jen.Id("i").Op("++")).Block(append([]jen.Code{
			jen.List(jen.Id("more"), err()).Op(":=").Add(d()).Dot("ArrNext").Call(jen.Id("i")),
			ifErrReturn(jen.Nil(), err()),
			jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
		}, e.arrayElemDecode(t)...)...),
	)
	if t.ArrSize != nil {
		out = append(out, jen.If(err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(jen.Len(jen.Id("out")), jen.Id("off")), err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), err())))
	}
	if t.Unique {
		out = append(out, jen.If(err().Op(":=").Qual(rtimplPkg, "Unique").Call(jen.Id("out"), jen.Id("off")), err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), err())))
	}
	return append(out, jen.Return(jen.Id("out"), jen.Nil()))
}

// arrayElemDecode decodes the next element of an array of t onto out. A
// struct or union is decoded straight into its slot, not copied there; a
// slot within out's capacity is reused (its decoder resets it first, so it
// keeps only storage to reuse: a union's variant object, slices).
func (e *emitter) arrayElemDecode(t *ir.Type) []jen.Code {
	wrap := jen.Return(jen.Nil(), jen.Qual(rtPkg, "AtIndex").Call(err(), jen.Id("i")))
	if !inPlace(t.Elem) {
		return []jen.Code{
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(t.Elem)).Call(d()),
			jen.If(err().Op("!=").Nil()).Block(wrap),
			jen.Id("out").Op("=").Append(jen.Id("out"), jen.Id("v")),
		}
	}
	slot := jen.Id("out").Index(jen.Len(jen.Id("out")).Op("-").Lit(1))
	into := func(target *jen.Statement) *jen.Statement {
		return jen.If(err().Op(":=").Add(target).Dot("decodeJSON").Call(d()), err().Op("!=").Nil()).Block(wrap)
	}
	out := []jen.Code{jen.If(jen.Len(jen.Id("out")).Op("<").Cap(jen.Id("out"))).Block(
		jen.Id("out").Op("=").Id("out").Index(jen.Empty(), jen.Len(jen.Id("out")).Op("+").Lit(1)),
	).Else().Block(
		jen.Id("out").Op("=").Append(jen.Id("out"), e.valType(t.Elem).Values()),
	)}
	if !t.Elem.Nullable {
		return append(out, into(slot))
	}
	return append(out, jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
		jen.If(err().Op(":=").Add(d()).Dot("Null").Call(), err().Op("!=").Nil()).Block(wrap),
		slot.Clone().Op("=").Add(e.valType(t.Elem)).Values(),
	).Else().Block(
		into(slot.Clone().Dot("V")),
		slot.Clone().Dot("Valid").Op("=").True(),
	))
}

// inPlace reports whether a value of t is decoded into its place by its
// decodeJSON method rather than returned by a decode function and copied.
func inPlace(t *ir.Type) bool { return t.Kind == ir.KStruct || t.Kind == ir.KUnion }

func (e *emitter) mapDecBody(t *ir.Type) []jen.Code {
	var out []jen.Code
	if t.ObjSize != nil {
		out = append(out, jen.Id("off").Op(":=").Add(d()).Dot("Start").Call())
	}
	out = append(out,
		jen.If(err().Op(":=").Add(d()).Dot("ObjStart").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), err())),
		jen.Id("out").Op(":=").Add(e.baseType(t)).Values(),
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Empty(), jen.Id("i").Op("++")).Block(
			jen.List(jen.Id("k"), jen.Id("more"), err()).Op(":=").Add(d()).Dot("ObjKey").Call(jen.Id("i")),
			ifErrReturn(jen.Nil(), err()),
			jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id("out").Index(jen.Id("k")), jen.Id("dup")).Block(
				jen.Return(jen.Nil(), d().Dot("DuplicateKey").Call(jen.Id("k")))),
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(t.Elem)).Call(d()),
			ifErrReturn(jen.Nil(), jen.Qual(rtPkg, "AtKey").Call(err(), jen.Id("k"))),
			jen.Id("out").Index(jen.Id("k")).Op("=").Id("v"),
		),
	)
	if t.ObjSize != nil {
		out = append(out, jen.If(err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(jen.Len(jen.Id("out")), jen.Id("off")), err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), err())))
	}
	return append(out, jen.Return(jen.Id("out"), jen.Nil()))
}

// structDecoder writes the decodeJSON method of a struct: one pass over the
// members, a bit per property for duplicates and required ones.
func (e *emitter) structDecoder(f *jen.File, t *ir.Type) {
	if t.Wrapper {
		f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(
			jen.Op("*").Id("x").Op("=").Id(t.Name).Values(),
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(t.Fields[0].Type)).Call(d()),
			jen.Id("x").Dot("Value").Op("=").Id("v"),
			jen.Return(err()),
		)
		return
	}
	var cases []jen.Code
	var reqChecks []jen.Code
	for i, fl := range t.Fields {
		c := []jen.Code{
			jen.If(seenBit(t, i).Op("!=").Lit(0)).Block(jen.Return(d().Dot("DuplicateKey").Call(jen.Id("k")))),
			setSeen(t, i),
		}
		c = append(c, e.fieldDecode(fl)...)
		cases = append(cases, jen.Case(jen.Lit(fl.JSON)).Block(c...))
		if fl.Required {
			reqChecks = append(reqChecks, jen.If(seenBit(t, i).Op("==").Lit(0)).Block(
				jen.Return(jen.Qual(rtimplPkg, "Missing").Call(jen.Id("off"), jen.Lit(fl.JSON)))))
		}
	}
	cases = append(cases, jen.Default().Block(e.otherDecode(t)...))
	var start jen.Code = jen.Id("i").Op(":=").Lit(0)
	if ledVariant(t) {
		start = jen.Empty()
	}
	loop := jen.For(start, jen.Empty(), jen.Id("i").Op("++")).Block(
		jen.List(jen.Id("k"), jen.Id("more"), err()).Op(":=").Add(d()).Dot("ObjKey").Call(jen.Id("i")),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
		jen.Switch(jen.Id("k")).Block(cases...),
	)
	var tail []jen.Code
	tail = append(tail, reqChecks...)
	if t.ObjSize != nil {
		count := memberCount(t, seenCount(t))
		if t.Extra != nil {
			count = count.Op("+").Len(jen.Id("x").Dot("Extra"))
		}
		tail = append(tail, jen.If(err().Op(":=").Id(e.ruleName(t)).Dot("Check").Call(count, jen.Id("off")), err().Op("!=").Nil()).Block(jen.Return(err())))
	}
	tail = append(tail, jen.Return(jen.Nil()))
	tail = append(e.unsetAbsent(t), tail...)
	if ledVariant(t) {
		e.membersDecoder(f, t, loop, tail)
		return
	}
	body := append(e.checkAhead(t), e.structReset(t)...)
	if mentions("off", loop, tail) {
		body = append(body, jen.Id("off").Op(":=").Add(d()).Dot("Start").Call())
	}
	body = append(body, jen.If(err().Op(":=").Add(d()).Dot("ObjStart").Call(), err().Op("!=").Nil()).Block(jen.Return(err())))
	if len(t.Fields) > 0 || t.ObjSize != nil {
		body = append(body, jen.Var().Id("seen").Add(seenType(t)))
	}
	if t.SkipExtra {
		body = append(body, jen.Var().Id("unknown").Qual(rtimplPkg, "KeySet"))
	}
	body = append(body, loop)
	body = append(body, tail...)
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(body...)
}

// ledVariant reports whether struct t is a variant of a union told apart
// by a const member: its members loop is then a method of its own,
// decodeMembers, that the union calls after reading the tag when the tag
// leads the object (rtimpl.LeadString).
func ledVariant(t *ir.Type) bool {
	if wide(t) || t.Rest != nil {
		return false // decodeMembers takes one mask word; a Rest node reads the object from its start
	}
	for _, u := range t.Unions {
		if u.Match == "" && u.Disc != "" && discBit(t, u.Disc) != 0 {
			return true
		}
	}
	return false
}

// discBit is the bit of t's seen mask that stands for its member key, or
// 0 when t has no such member.
func discBit(t *ir.Type, key string) uint64 {
	for i, fl := range t.Fields {
		if fl.JSON == key && fl.Const != "" && i < 64 {
			return uint64(1) << uint(i)
		}
	}
	return 0
}

// membersDecoder writes the decodeJSON method of a union variant as the
// object's start followed by decodeMembers, the loop over the members from
// member i on, with the bits of the members already read in seen.
func (e *emitter) membersDecoder(f *jen.File, t *ir.Type, loop *jen.Statement, tail []jen.Code) {
	x := jen.Id("x").Op("*").Id(t.Name)
	f.Func().Params(x.Clone()).Id("decodeJSON").Add(decParams()).Error().Block(
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		jen.If(err().Op(":=").Add(d()).Dot("ObjStart").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(jen.Id("x").Dot("decodeMembers").Call(d(), jen.Id("off"), jen.Lit(0), jen.Lit(0))),
	)
	body := e.structReset(t)
	if t.SkipExtra {
		body = append(body, jen.Var().Id("unknown").Qual(rtimplPkg, "KeySet"))
	}
	body = append(body, loop)
	body = append(body, tail...)
	f.Commentf("decodeMembers decodes the members of the %s object at offset off,", t.Name)
	f.Comment("whose '{' and first i members were read; seen has the bits of those members.")
	f.Func().Params(x.Clone()).Id("decodeMembers").Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.List(jen.Id("off"), jen.Id("i")).Int(), jen.Id("seen").Uint64()).Error().Block(body...)
}

// structReset starts decoding into a struct that may hold an earlier
// value: each named member is overwritten when present and unset after the
// loop when absent (unsetAbsent), so that what a struct member holds
// (a union's variant object, a slice's backing array) can be reused; the
// maps of other members are emptied, the extras map kept for reuse.
func (e *emitter) structReset(t *ir.Type) []jen.Code {
	var out []jen.Code
	for _, p := range t.Patterns {
		out = append(out, jen.Id("x").Dot(p.Go).Op("=").Nil())
	}
	if t.Extra != nil && !t.SkipExtra {
		// Most objects have no extras: their nil map is neither cleared
		// nor written again (a pointer write costs a barrier while the
		// garbage collector marks).
		out = append(out,
			jen.Id("extra").Op(":=").Id("x").Dot("Extra"),
			jen.If(jen.Id("extra").Op("!=").Nil()).Block(
				jen.Clear(jen.Id("extra")),
				jen.Id("x").Dot("Extra").Op("=").Nil(),
			),
		)
	}
	return out
}

// unsetAbsent sets each optional member that was absent to its zero value,
// as a fresh decode leaves it.
func (e *emitter) unsetAbsent(t *ir.Type) []jen.Code {
	var out []jen.Code
	for i, fl := range t.Fields {
		if fl.Const != "" || fl.Required {
			continue
		}
		var zero jen.Code = jen.Nil()
		if storeOf(fl) == storeOpt {
			zero = e.fieldType(fl).Values()
		}
		out = append(out, jen.If(seenBit(t, i).Op("==").Lit(0)).Block(
			jen.Id("x").Dot(fl.Go).Op("=").Add(zero)))
	}
	return out
}

func (e *emitter) fieldDecode(fl *ir.Field) []jen.Code {
	wrap := jen.Return(jen.Qual(rtPkg, "AtKey").Call(err(), jen.Id("k")))
	if fl.Const != "" {
		check := jen.If(err().Op(":=").Qual(rtimplPkg, "ExpectConst").Call(d(), jen.Lit(fl.Const), typeSetCode(fl.ConstTypes)), err().Op("!=").Nil()).Block(wrap)
		if strings.HasPrefix(fl.Const, `"`) {
			// The const's own bytes at the cursor, the usual case, are
			// taken without a call; anything else gets the full check.
			check = jen.If(jen.Op("!").Add(d()).Dot("TakeString").Call(jen.Lit(fl.Const))).Block(check)
		}
		return []jen.Code{check}
	}
	dst := jen.Id("x").Dot(fl.Go)
	if inPlace(fl.Type) {
		return e.structFieldDecode(fl, dst, wrap)
	}
	if fl.Type.Kind == ir.KArray && storeOf(fl) != storeRaw {
		return e.sliceFieldDecode(fl, dst, wrap)
	}
	var assign jen.Code
	switch storeOf(fl) {
	case storeValue, storeRaw:
		assign = dst.Clone().Op("=").Id("v")
	case storePtr:
		assign = dst.Clone().Op("=").Op("&").Id("v")
	case storeOpt:
		assign = dst.Clone().Op("=").Qual(rtPkg, "Opt").Types(e.valType(fl.Type)).Values(jen.Dict{jen.Id("V"): jen.Id("v"), jen.Id("Set"): jen.True()})
	}
	return []jen.Code{
		jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(fl.Type)).Call(d()),
		jen.If(err().Op("!=").Nil()).Block(wrap),
		assign,
	}
}

// sliceFieldDecode decodes an array member into the backing array of the
// slice the field holds (a nullable array: unless it is null).
func (e *emitter) sliceFieldDecode(fl *ir.Field, dst *jen.Statement, wrap jen.Code) []jen.Code {
	n, set := dst.Clone(), jen.Null()
	if storeOf(fl) == storeOpt {
		n, set = dst.Clone().Dot("V"), dst.Clone().Dot("Set").Op("=").True()
	}
	decode := func(slice, assign *jen.Statement) []jen.Code {
		return []jen.Code{
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.intoName(fl.Type)).Call(d(), slice),
			jen.If(err().Op("!=").Nil()).Block(wrap),
			assign,
		}
	}
	if !fl.Type.Nullable {
		return append(decode(n.Clone(), n.Clone().Op("=").Id("v")), set)
	}
	return []jen.Code{
		jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Null").Call(), err().Op("!=").Nil()).Block(wrap),
			n.Clone().Op("=").Add(e.valType(fl.Type)).Values(),
		).Else().Block(decode(n.Clone().Dot("V"), n.Clone().Op("=").Add(e.valType(fl.Type)).Values(jen.Dict{jen.Id("V"): jen.Id("v"), jen.Id("Valid"): jen.True()}))...),
		set,
	}
}

// structFieldDecode decodes a member whose type is a struct straight into
// its field, instead of into a value that is then copied (a struct can be
// large, and it went through up to three copies).
func (e *emitter) structFieldDecode(fl *ir.Field, dst *jen.Statement, wrap jen.Code) []jen.Code {
	into := func(target *jen.Statement) *jen.Statement {
		return jen.If(err().Op(":=").Add(target).Dot("decodeJSON").Call(d()), err().Op("!=").Nil()).Block(wrap)
	}
	// nullable decodes into n, an rt.Nullable of the struct.
	nullable := func(n *jen.Statement) jen.Code {
		return jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Null").Call(), err().Op("!=").Nil()).Block(wrap),
			n.Clone().Op("=").Add(e.valType(fl.Type)).Values(),
		).Else().Block(
			into(n.Clone().Dot("V")),
			n.Clone().Dot("Valid").Op("=").True(),
		)
	}
	switch storeOf(fl) {
	case storePtr:
		// The struct a pointer already points to is decoded into again.
		return []jen.Code{jen.If(dst.Clone().Op("==").Nil()).Block(dst.Clone().Op("=").New(e.baseType(fl.Type))), into(dst.Clone())}
	case storeOpt:
		if !fl.Type.Nullable {
			return []jen.Code{into(dst.Clone().Dot("V")), dst.Clone().Dot("Set").Op("=").True()}
		}
		return []jen.Code{nullable(dst.Clone().Dot("V")), dst.Clone().Dot("Set").Op("=").True()}
	}
	if fl.Type.Nullable {
		return []jen.Code{nullable(dst)}
	}
	return []jen.Code{into(dst)}
}

func (e *emitter) extraDecode(t *ir.Type) []jen.Code {
	if t.SkipExtra {
		return []jen.Code{
			jen.If(jen.Op("!").Id("unknown").Dot("Add").Call(jen.Id("k"))).Block(jen.Return(d().Dot("DuplicateKey").Call(jen.Id("k")))),
			jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(jen.Qual(rtPkg, "AtKey").Call(err(), jen.Id("k")))),
		}
	}
	if t.Extra == nil && t.Unevaluated {
		return []jen.Code{jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Qual(rtimplPkg, "Unevaluated").Call(jen.Id("off"), jen.Id("k")), jen.Id("k")))}
	}
	if t.Extra == nil {
		return []jen.Code{jen.Return(jen.Qual(rtimplPkg, "Unknown").Call(jen.Id("off"), jen.Id("k")))}
	}
	return []jen.Code{
		jen.If(jen.Id("x").Dot("Extra").Op("==").Nil()).Block(
			jen.If(jen.Id("extra").Op("==").Nil()).Block(jen.Id("extra").Op("=").Map(jen.String()).Add(e.valType(t.Extra)).Values()),
			jen.Id("x").Dot("Extra").Op("=").Id("extra"),
		),
		jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id("x").Dot("Extra").Index(jen.Id("k")), jen.Id("dup")).Block(jen.Return(d().Dot("DuplicateKey").Call(jen.Id("k")))),
		jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(t.Extra)).Call(d()),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(jen.Qual(rtPkg, "AtKey").Call(err(), jen.Id("k")))),
		jen.Id("x").Dot("Extra").Index(jen.Id("k")).Op("=").Id("v"),
	}
}

// unionDecoder looks ahead for the discriminator, then decodes the variant.
func (e *emitter) unionDecoder(f *jen.File, t *ir.Type) {
	if t.Match == "if" {
		e.ifDecoder(f, t)
		return
	}
	if t.Match != "" {
		e.taggedDecoder(f, t)
		return
	}
	var vals []string
	var cases []jen.Code
	led := ledUnion(t)
	for _, v := range t.Variants {
		dv, _ := strconv.Unquote(v.DiscValue)
		vals = append(vals, dv)
		cases = append(cases, jen.Case(jen.Lit(dv)).Block(setVariant(variantCall(v, jen.Id("old"), t.Disc, led))))
	}
	want := quotedList(vals)
	cases = append(cases, jen.Default().Block(jen.Return(jen.Qual(rtimplPkg, "BadDiscriminator").Call(jen.Id("off"), jen.Lit(t.Disc), jen.Id("disc"), jen.Lit(want)))))
	peek := jen.List(jen.Id("disc"), err()).Op(":=").Qual(rtimplPkg, "PeekString").Call(d(), jen.Lit(t.Disc), jen.Lit(want))
	if led {
		peek = jen.List(jen.Id("disc"), jen.Id("led"), err()).Op(":=").Qual(rtimplPkg, "LeadString").Call(d(), jen.Lit(t.Disc), jen.Lit(want))
	}
	body := []jen.Code{
		jen.Id("old").Op(":=").Id("x").Dot("Value"),
		jen.Op("*").Id("x").Op("=").Id(t.Name).Values(),
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		peek,
		jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
	}
	if led {
		body = append(body, ledStart()...)
	}
	body = append(body, jen.Switch(jen.Id("disc")).Block(cases...))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(body...)
	valueSetter(f, t)
}

// entryPoints writes the exported decode and encode methods of a named
// struct or union.
func (e *emitter) entryPoints(f *jen.File, t *ir.Type) {
	x := jen.Id("x").Op("*").Id(t.Name)
	f.Comment(fmt.Sprintf("UnmarshalJSON decodes one %s strictly: it accepts exactly the documents", t.Name))
	f.Comment("its schema accepts (and refuses duplicate keys), reading the bytes once.")
	f.Func().Params(x.Clone()).Id("UnmarshalJSON").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.Var().Id("d").Qual(rtPkg, "Decoder"),
		d().Dot("Reset").Call(jen.Id("b")),
		jen.Return(jen.Id("x").Dot("DecodeJSON").Call(jen.Op("&").Id("d"))),
	)
	f.Comment("DecodeJSON decodes one complete document from d; reuse d across documents")
	f.Comment("with d.Reset to decode without allocating a decoder.")
	f.Func().Params(x.Clone()).Id("DecodeJSON").Add(decParams()).Error().Block(
		jen.If(err().Op(":=").Id("x").Dot("decodeJSON").Call(d()), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Return(d().Dot("End").Call()),
	)
	if t.AllNode != nil {
		f.Comment(fmt.Sprintf("UnmarshalJSONAll decodes one %s like UnmarshalJSON but, when the document", t.Name))
		f.Comment("is invalid, returns every violation in document order instead of the first")
		f.Comment("(the interpreter walks the document again, so only invalid documents pay);")
		f.Comment("nil means x holds the document.")
		f.Func().Params(x.Clone()).Id("UnmarshalJSONAll").Params(jen.Id("b").Index().Byte()).Qual(rtPkg, "Errors").Block(
			jen.Return(jen.Qual(rtimplPkg, "AllErrors").Call(e.nodeRef(t.AllNode), jen.Id("b"), jen.Id("x").Dot("UnmarshalJSON").Call(jen.Id("b")))),
		)
	}
}

// enumUnmarshal writes UnmarshalJSON of an enum type, so that the type
// refuses values outside the enum in structs of the user's own too.
func (e *emitter) enumUnmarshal(f *jen.File, t *ir.Type) {
	dec := e.decName(t)
	if t.Nullable {
		dec += ir.NotNullSuffix // null is the Nullable's, not the enum's
	}
	f.Comment(fmt.Sprintf("UnmarshalJSON decodes one of the values of %s and refuses any other;", t.Name))
	f.Comment("null leaves v as it is, as encoding/json does for the types it decodes.")
	f.Func().Params(jen.Id("v").Op("*").Id(t.Name)).Id("UnmarshalJSON").Params(jen.Id("b").Index().Byte()).Error().Block(
		jen.Var().Id("d").Qual(rtPkg, "Decoder"),
		d().Dot("Reset").Call(jen.Id("b")),
		jen.If(d().Dot("Next").Call().Op("==").Qual(rtPkg, "Null")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("Null").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.Return(d().Dot("End").Call()),
		),
		jen.List(jen.Id("x"), err()).Op(":=").Id(dec).Call(jen.Op("&").Id("d")),
		jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.If(err().Op(":=").Add(d()).Dot("End").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
		jen.Op("*").Id("v").Op("=").Id("x"),
		jen.Return(jen.Nil()),
	)
}

// typeSetCode renders a list of JSON Schema types as an rt.TypeSet expression.
func typeSetCode(types []string) jen.Code {
	if len(types) == 0 {
		return jen.Lit(0)
	}
	var out *jen.Statement
	for _, t := range types {
		c := jen.Qual(rtimplPkg, "T"+map[string]string{"null": "Null", "boolean": "Bool", "object": "Object", "array": "Array", "number": "Number", "integer": "Integer", "string": "String"}[t])
		if out == nil {
			out = c
		} else {
			out = out.Op("|").Add(c)
		}
	}
	return out
}

// A struct decoder keeps a bit per property in seen, for duplicates and
// required members: a uint64, or for a struct of more than 64 properties
// (GitHub's repository object has 96) an array of them, word i/64 holding
// property i.

// wide reports whether struct t needs more than one mask word.
func wide(t *ir.Type) bool { return len(t.Fields) > 64 }

// seenType is the type of t's mask.
func seenType(t *ir.Type) *jen.Statement {
	if !wide(t) {
		return jen.Uint64()
	}
	return jen.Index(jen.Lit((len(t.Fields) + 63) / 64)).Uint64()
}

// seenWord is the mask word that holds property i's bit.
func seenWord(t *ir.Type, i int) *jen.Statement {
	if !wide(t) {
		return jen.Id("seen")
	}
	return jen.Id("seen").Index(jen.Lit(i / 64))
}

// seenBit is `seen & bit` for property i.
func seenBit(t *ir.Type, i int) *jen.Statement {
	return seenWord(t, i).Op("&").Lit(uint64(1) << uint(i%64))
}

// setSeen sets property i's bit.
func setSeen(t *ir.Type, i int) *jen.Statement {
	return seenWord(t, i).Op("|=").Lit(uint64(1) << uint(i%64))
}

// seenCount counts the properties seen.
func seenCount(t *ir.Type) *jen.Statement {
	if !wide(t) {
		return jen.Qual("math/bits", "OnesCount64").Call(jen.Id("seen"))
	}
	count := jen.Null()
	for w := 0; w < (len(t.Fields)+63)/64; w++ {
		if w > 0 {
			count.Op("+")
		}
		count.Qual("math/bits", "OnesCount64").Call(jen.Id("seen").Index(jen.Lit(w)))
	}
	return count
}
