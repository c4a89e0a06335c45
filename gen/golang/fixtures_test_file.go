package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"
)

const fixtureTestPkg = "github.com/zeroproject/zero/fixturetest"

// fixtureTest writes fixtures_test.go: one call to fixturetest.Run with
// the package's root types, which runs every fixture of the manifest
// through the generated decoders and encoders.
func (e *emitter) fixtureTest() ([]byte, error) {
	f := e.newFile()
	f.ImportName(fixtureTestPkg, "fixturetest")
	doc := jen.Qual(fixtureTestPkg, "Doc")
	roots := jen.Dict{}
	for _, r := range e.m.Roots {
		roots[jen.Lit(r.Name)] = jen.Func().Params().Add(doc).Block(jen.Return(jen.New(jen.Id(r.Name))))
	}
	f.Comment("TestFixtures runs the fixtures `zerogen --fixtures` wrote in testdata/fixtures")
	f.Comment("through the package's decoders and encoders (see fixturetest.Run).")
	f.Func().Id("TestFixtures").Params(jen.Id("t").Op("*").Qual("testing", "T")).Block(
		jen.Qual(fixtureTestPkg, "Run").Call(jen.Id("t"), jen.Lit(e.m.Package), jen.Lit(e.m.Hash),
			jen.Map(jen.String()).Func().Params().Add(doc).Values(roots)),
	)
	b, err := render(f)
	if err != nil {
		return nil, fmt.Errorf("fixtures_test.go: %w", err)
	}
	return b, nil
}
