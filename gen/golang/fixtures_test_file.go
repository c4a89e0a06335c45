package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

// fixtureTest writes fixtures_test.go: it runs every fixture of the
// manifest through the generated decoder and encoder.
func (e *emitter) fixtureTest() ([]byte, error) {
	f := e.newFile()
	e.fixtureTypes(f)
	e.fixtureRunner(f)
	e.fixtureHelpers(f)
	b, err := render(f)
	if err != nil {
		return nil, fmt.Errorf("fixtures_test.go: %w", err)
	}
	return b, nil
}

func tag(name string) map[string]string { return map[string]string{"json": name} }

func (e *emitter) fixtureTypes(f *jen.File) {
	f.Comment("fixtureDoc is what every root type of the package implements.")
	f.Type().Id("fixtureDoc").Interface(
		jen.Id("UnmarshalJSON").Params(jen.Index().Byte()).Error(),
		jen.Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()),
	)
	roots := jen.Dict{}
	for _, r := range e.m.Roots {
		roots[jen.Lit(r.Name)] = jen.Func().Params().Id("fixtureDoc").Block(jen.Return(jen.New(jen.Id(r.Name))))
	}
	f.Comment("fixtureRoots makes an empty value of each root type, by its name in the manifest.")
	f.Var().Id("fixtureRoots").Op("=").Map(jen.String()).Func().Params().Id("fixtureDoc").Values(roots)
	f.Comment("fixtureManifest is the part of testdata/fixtures/manifest.json the test reads.")
	f.Type().Id("fixtureManifest").Struct(
		jen.Id("Package").String().Tag(tag("package")),
		jen.Id("SchemaHash").String().Tag(tag("schemaHash")),
		jen.Id("Roots").Index().Struct(
			jen.Id("Name").String().Tag(tag("name")),
			jen.Id("Valid").Id("fixtureSet").Tag(tag("valid")),
			jen.Id("Invalid").Id("fixtureSet").Tag(tag("invalid")),
		).Tag(tag("roots")),
	)
	f.Comment("fixtureSet is one JSON Lines file and its cases.")
	f.Type().Id("fixtureSet").Struct(
		jen.Id("File").String().Tag(tag("file")),
		jen.Id("Cases").Index().Id("fixtureCase").Tag(tag("cases")),
	)
	f.Comment("fixtureCase is one line; Pointer and Keyword label invalid documents.")
	f.Type().Id("fixtureCase").Struct(
		jen.Id("Line").Int().Tag(tag("line")),
		jen.Id("Name").String().Tag(tag("name")),
		jen.Id("Pointer").String().Tag(tag("pointer")),
		jen.Id("Keyword").String().Tag(tag("keyword")),
	)
}

func (e *emitter) fixtureRunner(f *jen.File) {
	t := jen.Id("t")
	f.Comment("TestFixtures decodes every valid fixture, encodes it again and checks that the")
	f.Comment("value survived, and checks that every invalid fixture fails at the pointer and")
	f.Comment("keyword its manifest entry names. The fixtures come from `zerogen --fixtures`.")
	f.Func().Id("TestFixtures").Params(t.Clone().Op("*").Qual("testing", "T")).Block(
		jen.Id("m").Op(":=").Id("fixtureLoad").Call(t),
		jen.If(jen.Id("m").Dot("SchemaHash").Op("!=").Lit(e.m.Hash).Op("||").Id("m").Dot("Package").Op("!=").Lit(e.m.Package)).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("manifest.json is for %s %s, this code for %s %s; run 'make generate'"),
				jen.Id("m").Dot("Package"), jen.Id("m").Dot("SchemaHash"), jen.Lit(e.m.Package), jen.Lit(e.m.Hash)),
		),
		jen.If(jen.Len(jen.Id("m").Dot("Roots")).Op("!=").Len(jen.Id("fixtureRoots"))).Block(
			t.Clone().Dot("Errorf").Call(jen.Lit("manifest.json has %d roots, the package %d"), jen.Len(jen.Id("m").Dot("Roots")), jen.Len(jen.Id("fixtureRoots"))),
		),
		jen.For(jen.List(jen.Id("_"), jen.Id("r")).Op(":=").Range().Id("m").Dot("Roots")).Block(
			jen.Id("newDoc").Op(":=").Id("fixtureRoots").Index(jen.Id("r").Dot("Name")),
			jen.If(jen.Id("newDoc").Op("==").Nil()).Block(
				t.Clone().Dot("Errorf").Call(jen.Lit("manifest.json names root %s, which the package does not have"), jen.Id("r").Dot("Name")),
				jen.Continue(),
			),
			jen.Id("valid").Op(":=").Id("fixtureLines").Call(t, jen.Id("r").Dot("Valid").Dot("File")),
			jen.For(jen.List(jen.Id("_"), jen.Id("c")).Op(":=").Range().Id("r").Dot("Valid").Dot("Cases")).Block(
				jen.Id("line").Op(":=").Id("fixtureLine").Call(t, jen.Id("valid"), jen.Id("c")),
				t.Clone().Dot("Run").Call(jen.Qual("fmt", "Sprintf").Call(jen.Lit("%s/valid/%d"), jen.Id("r").Dot("Name"), jen.Id("c").Dot("Line")),
					jen.Func().Params(t.Clone().Op("*").Qual("testing", "T")).Block(
						jen.Id("fixtureValid").Call(t, jen.Id("newDoc"), jen.Id("c"), jen.Id("line")),
					)),
			),
			jen.Id("invalid").Op(":=").Id("fixtureLines").Call(t, jen.Id("r").Dot("Invalid").Dot("File")),
			jen.For(jen.List(jen.Id("_"), jen.Id("c")).Op(":=").Range().Id("r").Dot("Invalid").Dot("Cases")).Block(
				jen.Id("line").Op(":=").Id("fixtureLine").Call(t, jen.Id("invalid"), jen.Id("c")),
				t.Clone().Dot("Run").Call(jen.Qual("fmt", "Sprintf").Call(jen.Lit("%s/invalid/%d"), jen.Id("r").Dot("Name"), jen.Id("c").Dot("Line")),
					jen.Func().Params(t.Clone().Op("*").Qual("testing", "T")).Block(
						jen.Id("fixtureInvalid").Call(t, jen.Id("newDoc"), jen.Id("c"), jen.Id("line")),
					)),
			),
		),
	)
}

func (e *emitter) fixtureHelpers(f *jen.File) {
	t := jen.Id("t")
	tParam := t.Clone().Op("*").Qual("testing", "T")
	fatalIfErr := func(format string, args ...jen.Code) jen.Code {
		return jen.If(err().Op("!=").Nil()).Block(t.Clone().Dot("Fatalf").Call(append([]jen.Code{jen.Lit(format)}, args...)...))
	}
	path := func(name jen.Code) jen.Code {
		return jen.Qual("path/filepath", "Join").Call(jen.Lit("testdata"), jen.Lit("fixtures"), name)
	}

	f.Func().Id("fixtureLoad").Params(tParam.Clone()).Id("fixtureManifest").Block(
		t.Clone().Dot("Helper").Call(),
		jen.List(jen.Id("b"), err()).Op(":=").Qual("os", "ReadFile").Call(path(jen.Lit("manifest.json"))),
		fatalIfErr("%v", err()),
		jen.Var().Id("m").Id("fixtureManifest"),
		jen.If(err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("b"), jen.Op("&").Id("m")), err().Op("!=").Nil()).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("manifest.json: %v"), err())),
		jen.Return(jen.Id("m")),
	)

	f.Comment("fixtureLines reads a JSON Lines file: one document per line.")
	f.Func().Id("fixtureLines").Params(tParam.Clone(), jen.Id("name").String()).Index().Index().Byte().Block(
		t.Clone().Dot("Helper").Call(),
		jen.List(jen.Id("b"), err()).Op(":=").Qual("os", "ReadFile").Call(path(jen.Id("name"))),
		fatalIfErr("%v", err()),
		jen.Return(jen.Qual("bytes", "Split").Call(jen.Qual("bytes", "TrimSuffix").Call(jen.Id("b"), jen.Index().Byte().Call(jen.Lit("\n"))), jen.Index().Byte().Call(jen.Lit("\n")))),
	)

	f.Func().Id("fixtureLine").Params(tParam.Clone(), jen.Id("lines").Index().Index().Byte(), jen.Id("c").Id("fixtureCase")).Index().Byte().Block(
		t.Clone().Dot("Helper").Call(),
		jen.If(jen.Id("c").Dot("Line").Op("<").Lit(1).Op("||").Id("c").Dot("Line").Op(">").Len(jen.Id("lines"))).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("case %q: line %d is not in the file's %d lines"), jen.Id("c").Dot("Name"), jen.Id("c").Dot("Line"), jen.Len(jen.Id("lines")))),
		jen.Return(jen.Id("lines").Index(jen.Id("c").Dot("Line").Op("-").Lit(1))),
	)

	f.Comment("fixtureValid decodes a valid document, encodes it and checks that the encoding")
	f.Comment("is the same JSON value and decodes again.")
	f.Func().Id("fixtureValid").Params(tParam.Clone(), jen.Id("newDoc").Func().Params().Id("fixtureDoc"), jen.Id("c").Id("fixtureCase"), jen.Id("line").Index().Byte()).Block(
		jen.Id("x").Op(":=").Id("newDoc").Call(),
		jen.If(err().Op(":=").Id("x").Dot("UnmarshalJSON").Call(jen.Id("line")), err().Op("!=").Nil()).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("%s: decode %s: %v"), jen.Id("c").Dot("Name"), jen.Id("line"), err())),
		jen.List(jen.Id("out"), err()).Op(":=").Id("x").Dot("MarshalJSON").Call(),
		fatalIfErr("%s: encode: %v", jen.Id("c").Dot("Name"), err()),
		jen.Var().Id("want").Op(",").Id("got").Any(),
		jen.If(err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("line"), jen.Op("&").Id("want")), err().Op("!=").Nil()).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("%s: encoding/json: %v"), jen.Id("c").Dot("Name"), err())),
		jen.If(err().Op(":=").Qual("encoding/json", "Unmarshal").Call(jen.Id("out"), jen.Op("&").Id("got")), err().Op("!=").Nil()).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("%s: encoding/json on the encoding %s: %v"), jen.Id("c").Dot("Name"), jen.Id("out"), err())),
		jen.If(jen.Op("!").Qual("reflect", "DeepEqual").Call(jen.Id("want"), jen.Id("got"))).Block(
			t.Clone().Dot("Errorf").Call(jen.Lit("%s: the round trip changed the value\n in: %s\nout: %s"), jen.Id("c").Dot("Name"), jen.Id("line"), jen.Id("out"))),
		jen.If(err().Op(":=").Id("newDoc").Call().Dot("UnmarshalJSON").Call(jen.Id("out")), err().Op("!=").Nil()).Block(
			t.Clone().Dot("Errorf").Call(jen.Lit("%s: decode the encoding %s: %v"), jen.Id("c").Dot("Name"), jen.Id("out"), err())),
	)

	f.Comment("fixtureInvalid checks that decoding fails with an *rt.Error at the case's")
	f.Comment("pointer and keyword.")
	f.Func().Id("fixtureInvalid").Params(tParam.Clone(), jen.Id("newDoc").Func().Params().Id("fixtureDoc"), jen.Id("c").Id("fixtureCase"), jen.Id("line").Index().Byte()).Block(
		err().Op(":=").Id("newDoc").Call().Dot("UnmarshalJSON").Call(jen.Id("line")),
		jen.If(err().Op("==").Nil()).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("%s: decode %s: no error, want %s at %q"), jen.Id("c").Dot("Name"), jen.Id("line"), jen.Id("c").Dot("Keyword"), jen.Id("c").Dot("Pointer"))),
		jen.Var().Id("re").Op("*").Qual(rtPkg, "Error"),
		jen.If(jen.Op("!").Qual("errors", "As").Call(err(), jen.Op("&").Id("re"))).Block(
			t.Clone().Dot("Fatalf").Call(jen.Lit("%s: decode %s: %T %v, want an *rt.Error"), jen.Id("c").Dot("Name"), jen.Id("line"), err(), err())),
		jen.If(jen.List(jen.Id("p")).Op(":=").Id("re").Dot("Path").Call(), jen.Id("p").Op("!=").Id("c").Dot("Pointer").Op("||").Id("re").Dot("Keyword").Op("!=").Id("c").Dot("Keyword")).Block(
			t.Clone().Dot("Errorf").Call(jen.Lit("%s: decode %s: %s at %q, want %s at %q (%v)"), jen.Id("c").Dot("Name"), jen.Id("line"),
				jen.Id("re").Dot("Keyword"), jen.Id("p"), jen.Id("c").Dot("Keyword"), jen.Id("c").Dot("Pointer"), err())),
	)
}
