package golang

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

// defaultNote documents the default of a field in its doc comment.
func defaultNote(fl *ir.Field) string {
	switch {
	case fl.Default == "" || fl.Const != "":
		return ""
	case !fl.DefaultValid:
		return fmt.Sprintf("%s has the default %s in the schema, which the schema's own keywords refuse; it has no Go constant.", fl.Go, fl.Default)
	}
	return fmt.Sprintf("%s defaults to %s (%s). Decoding never fills it in: an absent member stays absent, and encodes as absent.", fl.Go, fl.Default, fl.DefaultName)
}

// defaults writes a constant for each scalar default of t's fields, and a
// function returning a fresh value for any other.
func (e *emitter) defaults(f *jen.File, t *ir.Type) {
	for _, fl := range t.Fields {
		if fl.DefaultName == "" {
			continue
		}
		if typ, val, ok := e.defaultConst(fl); ok {
			comment(f, fmt.Sprintf("%s is the default of %s.%s, %s.", fl.DefaultName, t.Name, fl.Go, fl.Default))
			f.Const().Id(fl.DefaultName).Add(typ).Op("=").Add(val)
			continue
		}
		comment(f, fmt.Sprintf("%s returns the default of %s.%s, %s, as a new value on every call.", fl.DefaultName, t.Name, fl.Go, fl.Default))
		f.Func().Id(fl.DefaultName).Params().Add(e.valType(fl.Type)).Block(
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(fl.Type)).Call(jen.Qual(rtPkg, "NewDecoder").Call(jen.Index().Byte().Call(jen.Lit(fl.Default)))),
			jen.If(err().Op("!=").Nil()).Block(
				jen.Panic(jen.Lit(fmt.Sprintf("%s: the default the schema gives, which it accepts, does not decode: ", fl.DefaultName)).Op("+").Err().Dot("Error").Call())),
			jen.Return(jen.Id("v")),
		)
	}
}

// defaultConst is the type and value of a default that a Go constant can
// hold: a string, number or boolean of a field of that Go type.
func (e *emitter) defaultConst(fl *ir.Field) (typ, val jen.Code, ok bool) {
	t := fl.Type
	if t.Nullable || t.Rest != nil {
		return nil, nil, false
	}
	var d rt.Decoder
	d.ResetString(fl.Default)
	k := d.Next()
	switch {
	case k == rt.String && (t.Kind == ir.KString || t.Kind == ir.KEnum):
		s, err := d.Str()
		if err != nil {
			return nil, nil, false
		}
		if t.Kind == ir.KString {
			return jen.String(), jen.Lit(s), true
		}
		for i, v := range t.Values {
			if v == s {
				return jen.Id(t.Name), jen.Id(t.ConstNames[i]), true
			}
		}
	case k == rt.Number && (t.Kind == ir.KInt || t.Kind == ir.KIntEnum):
		n, err := strconv.ParseInt(fl.Default, 10, 64)
		if err != nil {
			return nil, nil, false // 1e3 or 2.0: the function decodes it
		}
		if t.Kind == ir.KInt {
			return jen.Int64(), jen.Id(strconv.FormatInt(n, 10)), true
		}
		for i, v := range t.Values {
			if v == fl.Default {
				return jen.Id(t.Name), jen.Id(t.ConstNames[i]), true
			}
		}
	case k == rt.Number && t.Kind == ir.KFloat:
		return jen.Float64(), jen.Id(fl.Default), true // a JSON number is a Go floating-point literal
	case k == rt.Bool && t.Kind == ir.KBool:
		return jen.Bool(), jen.Id(fl.Default), true
	}
	return nil, nil, false
}
