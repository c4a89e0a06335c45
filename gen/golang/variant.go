package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// The variant of a union is decoded by one of two generic functions that
// each generated package with unions declares once (they call unexported
// methods of its types, so they cannot live in the runtime):
// variantDecode, from the object's start, and ledVariantDecode, which
// also goes on from the second member when the union's tag was read as the
// first. Each reuses the variant object the union held before when it is
// of the type decoded. The union's setValue method stores the variant
// decoded, or no variant when decoding it failed.

const (
	variantFunc    = "variantDecode"
	ledVariantFunc = "ledVariantDecode"
)

// ledUnion reports whether every variant of the discriminated union t can
// go on decoding after its tag member, read first (the tag is a const
// member of each).
func ledUnion(t *ir.Type) bool {
	for _, v := range t.Variants {
		if discBit(v, t.Disc) == 0 {
			return false
		}
	}
	return true
}

// variantCall decodes variant v of a union whose value before is old; with
// led set, from the second member when the tag disc led the object at off.
func variantCall(v *ir.Type, old jen.Code, disc string, led bool) *jen.Statement {
	if !led {
		return jen.Id(variantFunc).Index(jen.Id(v.Name)).Call(d(), old)
	}
	seen := jen.Op(fmt.Sprintf("%#x", discBit(v, disc)))
	return jen.Id(ledVariantFunc).Index(jen.Id(v.Name)).Call(d(), old, jen.Id("led"), jen.Id("off"), seen)
}

// setVariant is `return x.setValue(call)`: store what call decoded.
func setVariant(call jen.Code) *jen.Statement {
	return jen.Return(jen.Id("x").Dot("setValue").Call(call))
}

// valueSetter writes the setValue method of union t.
func valueSetter(f *jen.File, t *ir.Type) {
	f.Comment("setValue makes v the value of x, or leaves x without a value when err")
	f.Comment("says decoding v failed, and returns err.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("setValue").Params(jen.Id("v").Id(t.Name+"Value"), err().Error()).Error().Block(
		jen.If(err().Op("!=").Nil()).Block(jen.Id("x").Dot("Value").Op("=").Nil(), jen.Return(err())),
		jen.Id("x").Dot("Value").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)
}

// variantFuncs writes the generic variant decoders the package's unions
// call, each only if one does.
func (e *emitter) variantFuncs(f *jen.File) {
	plain, led := false, false
	for _, t := range e.order {
		if t.Alias != nil || t.Kind != ir.KUnion {
			continue
		}
		if t.Match == "" && ledUnion(t) {
			led = true
		} else {
			plain = true
		}
	}
	decodeJSON := jen.Id("decodeJSON").Params(d().Op("*").Qual(rtPkg, "Decoder")).Error()
	reuse := []jen.Code{
		jen.List(jen.Id("v"), jen.Id("_")).Op(":=").Id("old").Assert(jen.Id("P")),
		jen.If(jen.Id("v").Op("==").Nil()).Block(jen.Id("v").Op("=").New(jen.Id("T"))),
	}
	reuseDoc := "decodes a variant of a union, of type T, into the *T that old, the union's value before, holds (so that its memory is reused), else into a new T."
	if plain {
		f.Add(docComment(variantFunc, variantFunc+" "+reuseDoc, false).Func().Id(variantFunc).Types(
			jen.Id("T").Any(),
			jen.Id("P").Interface(jen.Op("*").Id("T"), decodeJSON.Clone()),
		).Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.Id("old").Any()).Params(jen.Id("P"), jen.Error()).Block(
			append(reuse, jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeJSON").Call(d())))...,
		))
	}
	if led {
		f.Add(docComment(ledVariantFunc, ledVariantFunc+" "+reuseDoc+" The union's tag is a member of each variant: led says it was read as the first member of the object at offset off, so decoding goes on from the second member, with the tag's bit in seen.", false).Func().Id(ledVariantFunc).Types(
			jen.Id("T").Any(),
			jen.Id("P").Interface(
				jen.Op("*").Id("T"),
				decodeJSON.Clone(),
				jen.Id("decodeMembers").Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.List(jen.Id("off"), jen.Id("i")).Int(), jen.Id("seen").Uint64()).Error(),
			),
		).Params(d().Op("*").Qual(rtPkg, "Decoder"), jen.Id("old").Any(), jen.Id("led").Bool(), jen.Id("off").Int(), jen.Id("seen").Uint64()).Params(jen.Id("P"), jen.Error()).Block(
			append(reuse,
				jen.If(jen.Id("led")).Block(jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeMembers").Call(d(), jen.Id("off"), jen.Lit(1), jen.Id("seen")))),
				jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeJSON").Call(d())),
			)...,
		))
	}
}
