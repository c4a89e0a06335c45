package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

func enc() *jen.Statement { return jen.Id("e") }

func encParams(t jen.Code) *jen.Statement {
	return jen.Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder"), jen.Id("key").String(), jen.Id("v").Add(t))
}

func (e *emitter) encName(t *ir.Type) string { return "encode" + e.name(t) }

// emitEncoders writes an encode function per type and the encoding methods
// of named types.
func (e *emitter) emitEncoders(f *jen.File) {
	e.eachType(f, pass{
		each: e.encFunc,
		methods: map[ir.Kind]func(*jen.File, *ir.Type){
			ir.KStruct: e.structEncoder,
			ir.KUnion:  e.unionEncoder,
			ir.KSum:    e.sumEncoder,
			ir.KTuple:  e.tupleEncoder,
		},
		entry: e.encodeEntryPoints,
	})
}

// encFunc writes `func encN(e *rt.Encoder, key string, v T) error`; key is
// the enclosing object key, for the string hook.
func (e *emitter) encFunc(f *jen.File, t *ir.Type) {
	body := e.encBody(t, jen.Id("v"))
	if t.Nullable && t.Kind != ir.KRaw {
		body = append([]jen.Code{
			jen.If(jen.Op("!").Id("v").Dot("Valid")).Block(enc().Dot("Null").Call(), jen.Return(jen.Nil())),
		}, e.encBody(t, jen.Id("v").Dot("V"))...)
	}
	if t.Rest != nil && t.Kind != ir.KStruct && t.Kind != ir.KTuple {
		e.restEncFunc(f, t, body)
		return
	}
	f.Func().Id(e.encName(t)).Add(encParams(e.valType(t))).Error().Block(body...)
}

func (e *emitter) encBody(t *ir.Type, v *jen.Statement) []jen.Code {
	ret := jen.Return(jen.Nil())
	switch t.Kind {
	case ir.KStruct, ir.KUnion:
		return []jen.Code{jen.Return(v.Clone().Dot("encodeJSON").Call(enc()))}
	case ir.KSum, ir.KTuple:
		return []jen.Code{jen.Return(v.Clone().Dot("encodeJSON").Call(enc(), jen.Id("key")))}
	case ir.KEnum:
		return []jen.Code{enc().Dot("Str").Call(jen.String().Call(v)), ret}
	case ir.KIntEnum:
		if t.Float {
			return []jen.Code{enc().Dot("Float").Call(jen.Float64().Call(v)), ret}
		}
		return []jen.Code{enc().Dot("Int").Call(jen.Int64().Call(v)), ret}
	case ir.KString:
		if !t.Hookable {
			return []jen.Code{enc().Dot("Str").Call(plain(t, v)), ret}
		}
		if e.hasStrRule(t) {
			return []jen.Code{jen.Return(jen.Qual(rtimplPkg, "Text").Call(enc(), jen.Id("key"), plain(t, v), jen.Op("&").Id(e.ruleName(t))))}
		}
		return []jen.Code{enc().Dot("Text").Call(jen.Id("key"), v), ret}
	case ir.KInt:
		return []jen.Code{enc().Dot("Int").Call(plain(t, v)), ret}
	case ir.KFloat:
		return []jen.Code{enc().Dot("Float").Call(plain(t, v)), ret}
	case ir.KBool:
		return []jen.Code{enc().Dot("Bool").Call(v), ret}
	case ir.KNull:
		return []jen.Code{enc().Dot("Null").Call(), ret}
	case ir.KArray:
		return []jen.Code{
			enc().Dot("Byte").Call(jen.LitRune('[')),
			jen.For(jen.List(jen.Id("i"), jen.Id("x")).Op(":=").Range().Add(v)).Block(
				jen.If(jen.Id("i").Op(">").Lit(0)).Block(enc().Dot("Byte").Call(jen.LitRune(','))),
				jen.If(jen.Err().Op(":=").Id(e.encName(t.Elem)).Call(enc(), jen.Id("key"), jen.Id("x")), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Qual(rtPkg, "AtIndex").Call(jen.Err(), jen.Id("i")))),
			),
			enc().Dot("Byte").Call(jen.LitRune(']')),
			ret,
		}
	case ir.KMap:
		return []jen.Code{
			enc().Dot("Byte").Call(jen.LitRune('{')),
			keysBuffer(),
			jen.For(jen.List(jen.Id("i"), jen.Id("k")).Op(":=").Range().Add(sortedKeys(v))).Block(
				enc().Dot("Key").Call(jen.Id("i").Op("==").Lit(0), jen.Id("k")),
				jen.If(jen.Err().Op(":=").Id(e.encName(t.Elem)).Call(enc(), jen.Id("k"), v.Clone().Index(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))),
			),
			enc().Dot("Byte").Call(jen.LitRune('}')),
			ret,
		}
	case ir.KGo:
		if t.Go.Codec != "" {
			return []jen.Code{jen.Return(jen.Qual(rtimplPkg, t.Go.Codec).Dot("Encode").Call(enc(), jen.Op("&").Add(v), e.nodeOrNil(t)))}
		}
		fn := "MarshalJSONTo"
		if t.Go.Text {
			fn = "MarshalTextTo"
		}
		return []jen.Code{jen.Return(jen.Qual(rtimplPkg, fn).Call(enc(), jen.Id("key"), jen.Op("&").Add(v), e.nodeOrNil(t)))}
	}
	return []jen.Code{jen.Return(enc().Dot("Raw").Call(jen.Id("key"), v))}
}

// structEncoder writes members in schema order. Const members are written
// from the schema; absent optional members are left out. Whether a comma is
// due is known while generating until the first optional member, and
// tracked at run time after it.
func (e *emitter) structEncoder(f *jen.File, t *ir.Type) {
	if t.Wrapper {
		f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(
			jen.Return(jen.Id(e.encName(t.Fields[0].Type)).Call(enc(), jen.Lit(""), jen.Id("x").Dot("Value"))))
		return
	}
	var body []jen.Code
	const (
		none, written, runtime = 0, 1, 2
	)
	state, lit := none, "{"
	firstRead := readsFirst(t)
	declared := false // whether the run-time first flag is declared
	flush := func() {
		if lit != "" {
			body = append(body, enc().Dot("Lit").Call(jen.Lit(lit)))
			lit = ""
		}
	}
	comma := func() jen.Code { return enc().Dot("Byte").Call(jen.LitRune(',')) }
	sep := func() {
		switch state {
		case written:
			lit += ","
		case runtime:
			flush()
			body = append(body, jen.If(jen.Op("!").Id("first")).Block(comma()))
		}
		state = written
	}
	for _, fl := range t.Fields {
		keyText := string(rt.AppendString(nil, fl.JSON)) + ":"
		if fl.Const != "" {
			sep()
			lit += keyText + fl.ConstText
			continue
		}
		write := e.fieldEncode(fl)
		if fl.Required {
			sep()
			lit += keyText
			flush()
			body = append(body, write...)
			continue
		}
		flush()
		inner := []jen.Code{}
		switch state {
		case none:
			if firstRead {
				body = append(body, jen.Id("first").Op(":=").True())
				declared = true
			}
			state = runtime
		case written:
			inner = append(inner, comma())
		case runtime:
			inner = append(inner, jen.If(jen.Op("!").Id("first")).Block(comma()))
		}
		inner = append(inner, enc().Dot("Lit").Call(jen.Lit(keyText)))
		inner = append(inner, write...)
		if state == runtime && firstRead {
			inner = append(inner, jen.Id("first").Op("=").False())
		}
		body = append(body, jen.If(e.present(fl)).Block(inner...))
	}
	flush()
	if len(t.Patterns) > 0 {
		switch {
		case !declared:
			body = append(body, jen.Id("first").Op(":=").Lit(state == none))
		case state == written:
			body = append(body, jen.Id("first").Op("=").False())
		}
		body = append(body, e.trailingMaps(t)...)
	} else if t.Extra != nil {
		var firstExpr jen.Code
		index := jen.Id("i")
		switch state {
		case none:
			firstExpr = jen.Id("i").Op("==").Lit(0)
		case written:
			firstExpr, index = jen.False(), jen.Id("_")
		default:
			firstExpr = jen.Id("first").Op("&&").Id("i").Op("==").Lit(0)
		}
		// Most values have no unknown members: skip the buffer and the
		// sort call then.
		body = append(body, jen.If(jen.Len(jen.Id("x").Dot("Extra")).Op("!=").Lit(0)).Block(
			keysBuffer(), jen.For(jen.List(index, jen.Id("k")).Op(":=").Range().Add(sortedKeys(jen.Id("x").Dot("Extra")))).Block(
				enc().Dot("Key").Call(firstExpr, jen.Id("k")),
				jen.If(jen.Err().Op(":=").Id(e.encName(t.Extra)).Call(enc(), jen.Id("k"), jen.Id("x").Dot("Extra").Index(jen.Id("k"))), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Id("k")))),
			)))
	}
	body = append(body, enc().Dot("Byte").Call(jen.LitRune('}')), jen.Return(jen.Nil()))
	if t.Rest != nil {
		f.Comment("encodeFields writes the members.")
		f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeFields").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(body...)
		e.structRestEncode(f, t)
		return
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(body...)
}

// keysOnStack is how many keys of a map an encoder sorts without allocating.
const keysOnStack = 8

// keysBuffer declares the stack buffer sortedKeys fills.
func keysBuffer() jen.Code {
	return jen.Var().Id("keys").Index(jen.Lit(keysOnStack)).String()
}

// sortedKeys is the keys of the map m in byte order, the order maps and the
// members a schema does not name are written in, collected into the buffer
// keysBuffer declares.
func sortedKeys(m jen.Code) jen.Code {
	return jen.Qual(rtPkg, "SortedKeys").Call(jen.Id("keys").Index(jen.Empty(), jen.Lit(0)), m)
}

// readsFirst reports whether the struct encoder of t reads its run-time
// "first" flag: some member or the extras follow its first optional field.
func readsFirst(t *ir.Type) bool {
	for i, fl := range t.Fields {
		if fl.Const == "" && !fl.Required {
			return i < len(t.Fields)-1 || t.Extra != nil || len(t.Patterns) > 0
		}
	}
	return false
}

// present is the condition under which an optional field is written.
func (e *emitter) present(fl *ir.Field) *jen.Statement {
	v := jen.Id("x").Dot(fl.Go)
	switch storeOf(fl) {
	case storeRaw, storePtr:
		return v.Op("!=").Nil()
	}
	return v.Dot("Set")
}

// fieldEncode writes the value of a field (its key already written).
func (e *emitter) fieldEncode(fl *ir.Field) []jen.Code {
	v := jen.Id("x").Dot(fl.Go)
	switch storeOf(fl) {
	case storePtr:
		v = jen.Op("*").Add(v)
	case storeOpt:
		v = v.Dot("V")
	}
	return []jen.Code{jen.If(jen.Err().Op(":=").Id(e.encName(fl.Type)).Call(enc(), jen.Lit(fl.JSON), v), jen.Err().Op("!=").Nil()).Block(
		jen.Return(jen.Qual(rtPkg, "AtKey").Call(jen.Err(), jen.Lit(fl.JSON))))}
}

// unionEncoder dispatches with a type switch rather than an interface call,
// so that the encoder does not escape to the heap.
func (e *emitter) unionEncoder(f *jen.File, t *ir.Type) {
	if t.Match == "if" {
		e.ifEncoder(f, t)
		return
	}
	if t.Match != "" {
		e.taggedEncoder(f, t)
		return
	}
	var cases []jen.Code
	for _, v := range t.Variants {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Name)).Block(jen.Return(jen.Id("v").Dot("encodeJSON").Call(enc()))))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Qual(rtimplPkg, "NoValue").Call())))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(
		jen.Switch(jen.Id("v").Op(":=").Id("x").Dot("Value").Assert(jen.Type())).Block(cases...),
	)
}

// encodeEntryPoints writes MarshalJSON, AppendJSON and EncodeJSON, which
// validate before writing anything.
func (e *emitter) encodeEntryPoints(f *jen.File, t *ir.Type) {
	// Value receivers: a value, a map element or a field of another struct
	// encodes as a pointer does (encoding/json calls MarshalJSON on all).
	x := jen.Id("x").Id(t.Name)
	f.Comment(fmt.Sprintf("MarshalJSON encodes the %s in schema property order after validating it.", t.Name))
	f.Func().Params(x.Clone()).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Id("x").Dot("AppendJSON").Call(jen.Nil())),
	)
	f.Comment("AppendJSON appends the encoding to b; with a reused b it does not allocate.")
	f.Func().Params(x.Clone()).Id("AppendJSON").Params(jen.Id("b").Index().Byte()).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("e").Op(":=").Qual(rtPkg, "Encoder").Values(jen.Dict{jen.Id("Buf"): jen.Id("b")}),
		jen.Err().Op(":=").Id("x").Dot("EncodeJSON").Call(jen.Op("&").Id("e")),
		jen.Return(jen.Id("e").Dot("Buf"), jen.Err()),
	)
	// The UTF-8 check of the strings is left to the encoder, which makes
	// it in the pass that escapes them and counts the strings at fault.
	// On any fault Validate, which makes every check, gives the error (the
	// one it gives when called first), so the failure path costs two
	// passes and the success path one.
	f.Comment("EncodeJSON validates x and appends its encoding to e.Buf, passing free-text")
	f.Comment("strings through e.Hook. On error e.Buf is left as it was.")
	f.Func().Params(x.Clone()).Id("EncodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error().Block(
		jen.If(jen.Id("x").Dot("validate").Call(jen.Qual(rtimplPkg, "InEncoder")).Op("!=").Nil()).Block(jen.Return(jen.Id("x").Dot("Validate").Call())),
		jen.List(jen.Id("n"), jen.Id("invalid")).Op(":=").Len(enc().Dot("Buf")).Op(",").Add(enc()).Dot("InvalidStrings").Call(),
		jen.If(jen.Err().Op(":=").Id("x").Dot("encodeJSON").Call(encArgs(t)...), jen.Err().Op("!=").Nil().Op("||").Add(enc()).Dot("InvalidStrings").Call().Op("!=").Id("invalid")).Block(
			jen.Return(jen.Qual(rtimplPkg, "EncodeFailed").Call(enc(), jen.Id("n"), jen.Id("x").Dot("Validate").Call(), jen.Err())),
		),
		jen.Return(jen.Nil()),
	)
	comment(f, "AppendJSONUnchecked appends the encoding of x to b without validating it first, for logging a value that may break its schema: the text need not satisfy the schema, and invalid UTF-8 in a string is written as U+FFFD. The checks made while writing still apply: a raw value must be one JSON value, and the values checked as they are written (of a user's own type, or whose schema says more than their Go type) must satisfy their schema. On error b is returned as it was.")
	f.Func().Params(x.Clone()).Id("AppendJSONUnchecked").Params(jen.Id("b").Index().Byte()).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("e").Op(":=").Op("&").Qual(rtPkg, "Encoder").Values(jen.Dict{jen.Id("Buf"): jen.Id("b")}),
		jen.If(jen.Err().Op(":=").Id("x").Dot("encodeJSON").Call(encArgs(t)...), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id("b"), jen.Err())),
		jen.Return(jen.Id("e").Dot("Buf"), jen.Nil()),
	)
}

// encArgs are the arguments of the encodeJSON method of t: a sum also
// takes the enclosing key, "" at the top.
func encArgs(t *ir.Type) []jen.Code {
	if t.Kind == ir.KSum || t.Kind == ir.KTuple {
		return []jen.Code{enc(), jen.Lit("")}
	}
	return []jen.Code{enc()}
}
