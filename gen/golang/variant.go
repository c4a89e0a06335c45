package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

// The variant of a union is decoded by small generic functions:
// rtimpl.ReuseVariant picks the variant object the union held before when
// it is of the type to decode, else a new one; variantJSON decodes it from
// the object's start, variantMembers from the member after those read.
// These two call unexported methods of the package's types, so each
// generated package with unions declares them once. The
// union's setValue method stores the variant decoded, or no variant when
// decoding it failed. All are small enough to be inlined; what is left of
// the generic call is the method called through the instantiation's
// dictionary, a few instructions a union more than code written out.

const (
	jsonFunc    = "variantJSON"
	membersFunc = "variantMembers"
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

// variantCall decodes variant v of a union whose value before is old;
// with led set, by decodeMembers, from member i on, with the bit of the tag
// disc masked by tagRead.
func variantCall(v *ir.Type, old jen.Code, disc string, led bool) *jen.Statement {
	reused := jen.Qual(rtimplPkg, "ReuseVariant").Index(jen.Id(v.Name)).Call(old)
	if !led {
		return jen.Id(jsonFunc).Call(d(), reused)
	}
	seen := jen.Id("tagRead").Op("&").Op(fmt.Sprintf("%#x", discBit(v, disc)))
	return jen.Id(membersFunc).Call(d(), reused, jen.Id("off"), jen.Id("i"), seen)
}

// ledStart follows rtimpl.LeadString in the decodeJSON of a union whose
// tag is a member of each variant: when the tag did not lead the object,
// it reads the object's start, so that each variant decodes its members
// from member i on, the tag's bit masked by tagRead. This is what the
// variant's decodeJSON did first, at the same offset, with the same errors.
func ledStart() []jen.Code {
	return []jen.Code{
		jen.Comment("The variant goes on after the members read: the tag, when it led."),
		jen.List(jen.Id("i"), jen.Id("tagRead")).Op(":=").List(jen.Lit(1), jen.Op("^").Uint64().Call(jen.Lit(0))),
		jen.If(jen.Op("!").Id("led")).Block(
			jen.If(err().Op(":=").Add(d()).Dot("ObjStart").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.List(jen.Id("i"), jen.Id("tagRead")).Op("=").List(jen.Lit(0), jen.Lit(0)),
		),
	}
}

// setVariant is `return x.setValue(call)`: store what call decoded.
func setVariant(call jen.Code) *jen.Statement {
	return jen.Return(jen.Id("x").Dot("setValue").Call(call))
}

// valueSetter writes the setValue method of union t.
func valueSetter(f *jen.File, t *ir.Type) {
	f.Comment("setValue makes v the value of x, or leaves x without a value when err")
	f.Comment("says decoding v failed, and returns err.")
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("setValue").Params(jen.Id("v").Id(t.Helper), err().Error()).Error().Block(
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
	if !plain && !led {
		return
	}
	dec := d().Op("*").Qual(rtPkg, "Decoder")
	if plain {
		f.Add(docComment(jsonFunc, jsonFunc+" decodes the variant v of a union from the cursor and returns it.", false).
			Func().Id(jsonFunc).Types(jen.Id("P").Interface(jen.Id("decodeJSON").Params(dec.Clone()).Error())).
			Params(dec.Clone(), jen.Id("v").Id("P")).Params(jen.Id("P"), jen.Error()).Block(
			jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeJSON").Call(d())),
		))
	}
	if led {
		f.Add(docComment(membersFunc, membersFunc+" decodes the members of the variant v of a union, the object at offset off, from member i on (the bits of the members read are in seen), and returns v.", false).
			Func().Id(membersFunc).Types(jen.Id("P").Interface(
			jen.Id("decodeMembers").Params(dec.Clone(), jen.List(jen.Id("off"), jen.Id("i")).Int(), jen.Id("seen").Uint64()).Error(),
		)).Params(dec.Clone(), jen.Id("v").Id("P"), jen.List(jen.Id("off"), jen.Id("i")).Int(), jen.Id("seen").Uint64()).Params(jen.Id("P"), jen.Error()).Block(
			jen.Return(jen.Id("v"), jen.Id("v").Dot("decodeMembers").Call(d(), jen.Id("off"), jen.Id("i"), jen.Id("seen"))),
		))
	}
}
