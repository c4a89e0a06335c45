package golang

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

// A sum type (ir.KSum) holds a value of one of several JSON kinds: a
// struct with a Kind field (an rt.Kind) and one field per kind. The
// decoder picks the field by the first byte of the value, as quicktype
// does, so it still reads the bytes once.

// kindIdent is the rt constant of a JSON kind.
func kindIdent(k rt.Kind) *jen.Statement {
	return jen.Qual(rtPkg, map[rt.Kind]string{rt.String: "String", rt.Number: "Number", rt.Bool: "Bool",
		rt.Object: "Object", rt.Array: "Array", rt.Null: "Null"}[k])
}

// kindWords lists the kinds of a sum for messages ("string or integer").
func kindWords(t *ir.Type) string {
	var words []string
	for _, a := range t.Alts {
		w := map[rt.Kind]string{rt.String: "string", rt.Bool: "boolean", rt.Object: "object", rt.Array: "array", rt.Null: "null"}[a.Kind]
		if a.Kind == rt.Number {
			w = map[string]string{"Int": "integer", "Number": "number"}[a.Go]
		}
		words = append(words, w)
	}
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// altPtr reports whether an alternative is held by pointer: a struct,
// which may refer back to the sum.
func altPtr(a *ir.Alt) bool { return a.Type != nil && a.Type.Kind == ir.KStruct }

func (e *emitter) altType(a *ir.Alt) *jen.Statement {
	if altPtr(a) {
		return jen.Op("*").Add(e.baseType(a.Type))
	}
	return e.valType(a.Type)
}

func (e *emitter) sumType(f *jen.File, t *ir.Type) {
	doc := strings.TrimSpace(t.Doc + "\n\n" + fmt.Sprintf("%s holds %s; Kind says which field holds the value.", t.Name, withArticles(kindWords(t))))
	fields := []jen.Code{jen.Comment("Kind is the JSON kind of the value.").Line().Id("Kind").Qual(rtPkg, "Kind")}
	for _, a := range t.Alts {
		if a.Type == nil {
			continue
		}
		fields = append(fields, jen.Id(a.Go).Add(e.altType(a)))
	}
	f.Add(docComment(t.Name, doc, t.Deprecated).Type().Id(t.Name).Struct(fields...))
	e.sumConstructors(f, t)
}

// sumConstructors writes a function per alternative of sum t that returns
// the sum holding a value of that kind: RequestIDOfInt(7) rather than
// RequestID{Kind: rt.Number, Int: 7}.
func (e *emitter) sumConstructors(f *jen.File, t *ir.Type) {
	for _, a := range t.Alts {
		name := a.Ctor
		kind := jen.Id("Kind").Op(":").Add(kindIdent(a.Kind))
		if a.Type == nil {
			f.Comment(fmt.Sprintf("%s returns %s holding null.", name, articleOf(t.Name)+" "+t.Name))
			f.Func().Id(name).Params().Id(t.Name).Block(jen.Return(jen.Id(t.Name).Values(kind)))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns %s holding the %s v.", name, articleOf(t.Name)+" "+t.Name, kindWords(&ir.Type{SumShape: ir.SumShape{Alts: []*ir.Alt{a}}})))
		f.Func().Id(name).Params(jen.Id("v").Add(e.altType(a))).Id(t.Name).Block(
			jen.Return(jen.Id(t.Name).Values(kind, jen.Id(a.Go).Op(":").Id("v"))))
	}
}

// sumDecoder writes decodeJSON: the value's first byte picks the field.
func (e *emitter) sumDecoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for _, a := range t.Alts {
		set := []jen.Code{jen.Id("x").Dot("Kind").Op("=").Add(kindIdent(a.Kind))}
		if a.Type == nil {
			cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(append(set, jen.Return(d().Dot("Null").Call()))...))
			continue
		}
		v := jen.Id("v")
		if altPtr(a) {
			v = jen.Op("&").Id("v")
		}
		set = append(set, jen.Id("x").Dot(a.Go).Op("=").Add(v))
		cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(append([]jen.Code{
			jen.List(jen.Id("v"), err()).Op(":=").Id(e.decName(a.Type)).Call(d()),
			jen.If(err().Op("!=").Nil()).Block(jen.Return(err())),
		}, append(set, jen.Return(jen.Nil()))...)...))
	}
	body := []jen.Code{
		jen.Op("*").Id("x").Op("=").Id(t.Name).Values(),
		jen.Switch(d().Dot("Next").Call()).Block(cases...),
	}
	if t.SumKeyword == "enum" {
		// An enum of several kinds: a value of another kind is no member.
		body = append(body,
			jen.Id("off").Op(":=").Add(d()).Dot("Start").Call(),
			jen.If(err().Op(":=").Add(d()).Dot("Skip").Call(), err().Op("!=").Nil()).Block(jen.Return(err())),
			jen.Return(jen.Qual(rtimplPkg, "EnumMismatch").Call(jen.Id("off"), d().Dot("Span").Call(jen.Id("off")), jen.Lit(enumSumWords(t)))))
	} else {
		// A value of no alternative's kind fails at "type", which names them.
		body = append(body, jen.Return(d().Dot("TypeError").Call(jen.Lit(kindWords(t)))))
	}
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("decodeJSON").Add(decParams()).Error().Block(body...)
}

// enumSumWords lists the members of an enum of several kinds, for
// messages.
func enumSumWords(t *ir.Type) string {
	var words []string
	for _, a := range t.Alts {
		switch {
		case a.Type == nil:
			words = append(words, "null")
		case a.Type.Kind == ir.KEnum:
			words = append(words, quotedList(a.Type.Values))
		default:
			words = append(words, strings.Join(a.Type.Values, ", "))
		}
	}
	return strings.Join(words, ", ")
}

// sumEncoder writes encodeJSON; key is the enclosing object key, for the
// string hook.
func (e *emitter) sumEncoder(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for _, a := range t.Alts {
		if a.Type == nil {
			cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(enc().Dot("Null").Call(), jen.Return(jen.Nil())))
			continue
		}
		v := jen.Id("x").Dot(a.Go)
		if altPtr(a) {
			v = jen.Op("*").Add(v)
		}
		cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(jen.Return(jen.Id(e.encName(a.Type)).Call(enc(), jen.Id("key"), v))))
	}
	cases = append(cases, jen.Default().Block(jen.Return(noKind(t))))
	f.Func().Params(jen.Id("x").Op("*").Id(t.Name)).Id("encodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder"), jen.Id("key").String()).Error().Block(
		jen.Switch(jen.Id("x").Dot("Kind")).Block(cases...),
	)
}

// noKind is the error for a sum whose Kind is none of its kinds.
func noKind(t *ir.Type) jen.Code {
	return jen.Qual(rtPkg, "Fail").Call(jen.Lit(-1), jen.Lit(t.SumKeyword),
		jen.Lit("Kind is ").Op("+").Id("x").Dot("Kind").Dot("String").Call().Op("+").Lit(", want "+kindWords(t)))
}

// sumValidator writes Validate: the field Kind names holds a valid value.
func (e *emitter) sumValidator(f *jen.File, t *ir.Type) {
	var cases []jen.Code
	for _, a := range t.Alts {
		if a.Type == nil {
			cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(jen.Return(jen.Nil())))
			continue
		}
		v := jen.Id("x").Dot(a.Go)
		var pre []jen.Code
		if altPtr(a) {
			pre = append(pre, jen.If(v.Clone().Op("==").Nil()).Block(jen.Return(jen.Qual(rtPkg, "Fail").Call(jen.Lit(-1), jen.Lit(t.SumKeyword), jen.Lit("Kind is object but "+a.Go+" is nil")))))
			v = jen.Op("*").Add(v)
		}
		cases = append(cases, jen.Case(kindIdent(a.Kind)).Block(append(pre, jen.Return(e.valCall(a.Type, v)))...))
	}
	e.validateMethods(f, t, []jen.Code{
		jen.Switch(jen.Id("x").Dot("Kind")).Block(cases...),
		jen.Return(noKind(t)),
	}, "Validate reports whether the value satisfies its schema.")
}

// withArticles puts an article before each kind of a list ("a string or
// an integer"); null takes none.
func withArticles(list string) string {
	words := strings.Fields(list)
	for i, w := range words {
		switch {
		case w == "or" || strings.HasPrefix(w, "null"):
		case strings.ContainsRune("aeiou", rune(w[0])):
			words[i] = "an " + w
		default:
			words[i] = "a " + w
		}
	}
	return strings.Join(words, " ")
}
