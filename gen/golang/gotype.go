package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/internal/text"

	"github.com/zeroproject/zero/gen/ir"
)

// nodeOrNil is the interpreter node of t, or nil when its schema has no
// keyword to check.
func (e *emitter) nodeOrNil(t *ir.Type) jen.Code {
	if t.Node == nil {
		return jen.Nil()
	}
	return jen.Id(e.nodeVar(t.Node))
}

// userTypeChecks writes, for a user's type named by x-go-type, the
// assertions that it has the methods generated code calls: a type that
// lacks one fails to compile here, with the interface it misses named.
func (e *emitter) userTypeChecks(f *jen.File, t *ir.Type) {
	if t.Kind != ir.KGo || t.Go.Codec != "" {
		return
	}
	ptr := jen.Parens(jen.Op("*").Add(e.baseType(t))).Call(jen.Nil())
	if t.Go.Text {
		comment(f, t.Go.String()+" stands for the string of "+t.Go.Where+" (x-go-type): it is read and written through encoding.TextUnmarshaler and encoding.TextMarshaler, and the schema's keywords are checked on that string.")
		f.Var().Defs(
			jen.Id("_").Qual("encoding", "TextMarshaler").Op("=").Add(ptr.Clone()),
			jen.Id("_").Qual("encoding", "TextUnmarshaler").Op("=").Add(ptr),
		)
		return
	}
	comment(f, t.Go.String()+" stands for the value of "+t.Go.Where+" (x-go-type): it is read and written through json.Unmarshaler and json.Marshaler, and the schema's keywords are checked on that JSON text.")
	f.Var().Defs(
		jen.Id("_").Qual("encoding/json", "Marshaler").Op("=").Add(ptr.Clone()),
		jen.Id("_").Qual("encoding/json", "Unmarshaler").Op("=").Add(ptr),
	)
}

// userDecBody decodes a value of a user's type: the interpreter checks the
// schema's keywords on the JSON text, then the type's unmarshaler reads it.
func (e *emitter) userDecBody(t *ir.Type) []jen.Code {
	if t.Go.Codec != "" {
		return []jen.Code{jen.Return(jen.Qual(rtimplPkg, t.Go.Codec).Dot("Decode").Call(d(), e.nodeOrNil(t)))}
	}
	fn := "UnmarshalJSONAt"
	if t.Go.Text {
		fn = "UnmarshalTextAt"
	}
	return []jen.Code{
		jen.Var().Id("v").Add(e.baseType(t)),
		jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
		jen.List(jen.Id("raw"), err()).Op(":=").Qual(rtimplPkg, "DecodeRaw").Call(d(), e.nodeOrNil(t)),
		ifErrReturn(jen.Id("v"), err()),
		jen.Return(jen.Id("v"), jen.Qual(rtimplPkg, fn).Call(jen.Op("&").Id("v"), jen.Id("raw"), jen.Id("off"))),
	}
}

// comment writes a paragraph of comment lines.
func comment(f *jen.File, body string) {
	for _, line := range text.Wrap(body, 76) {
		f.Comment(line)
	}
}
