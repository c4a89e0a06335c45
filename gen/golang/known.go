package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/internal/text"
	"github.com/zeroproject/zero/gen/ir"
)

// KnownFile is the file of a generated package that holds the constants of
// its open vocabularies (x-known-values); it is written only for a package
// that has some.
const KnownFile = "known.go"

// emitKnownFile adds KnownFile to out when the model has vocabularies.
func (e *emitter) emitKnownFile(out map[string][]byte) (map[string][]byte, error) {
	if len(e.m.Vocabs) == 0 {
		return out, nil
	}
	f := e.newFile()
	if err := e.emitKnown(f); err != nil {
		return nil, err
	}
	b, err := render(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", KnownFile, err)
	}
	out[KnownFile] = b
	return out, nil
}

// emitKnown writes every vocabulary of the model: a block of untyped
// constants, one per declared value, which stay assignable to the plain
// string or int64 of the fields, and a function listing the values.
func (e *emitter) emitKnown(f *jen.File) error {
	if err := e.checkKnownNames(); err != nil {
		return err
	}
	for _, v := range e.m.Vocabs {
		knownConsts(f, v)
		knownList(f, v)
	}
	return nil
}

// checkKnownNames refuses a constant or list whose name another
// declaration of the package has: renaming it would break every user.
func (e *emitter) checkKnownNames() error {
	owner := map[string]string{}
	for _, v := range e.m.Vocabs {
		names := []string{v.ListName()}
		for _, kv := range v.Values {
			names = append(names, kv.Go)
		}
		for _, n := range names {
			switch {
			case e.taken[n]:
				return fmt.Errorf("%s: the constant %s of x-known-values has the name of a type or function of the package; give the value a title", v.Loc, n)
			case owner[n] != "":
				return fmt.Errorf("%s: the constant %s of x-known-values is declared by %s too", v.Loc, n, owner[n])
			}
			owner[n] = v.Loc
		}
	}
	return nil
}

// knownConsts writes the constants of one vocabulary.
func knownConsts(f *jen.File, v *ir.Vocab) {
	var defs []jen.Code
	for _, kv := range v.Values {
		body := fmt.Sprintf("%s is %s. %s", kv.Go, kv.JSON, kv.Doc)
		c := jen.Null()
		for _, line := range text.Wrap(body, 76) {
			c.Comment(line).Line()
		}
		var lit jen.Code = jen.Lit(kv.Str)
		if v.Int {
			lit = jen.Lit(int(kv.Int))
		}
		defs = append(defs, c.Id(kv.Go).Op("=").Add(lit))
	}
	head := fmt.Sprintf("The values of %s that the schema declares (x-known-values). Other values are valid too: they may be added later without a new version.", v.Name)
	if v.Inferred {
		head = fmt.Sprintf("The values of %s that the schema names, each as a const beside a branch that admits any %s. Other values are valid too.", v.Name, map[bool]string{true: "integer", false: "string"}[v.Int])
	}
	for _, line := range text.Wrap(head, 76) {
		f.Comment(line)
	}
	f.Const().Defs(defs...)
}

// knownList writes the function that lists the values of a vocabulary.
func knownList(f *jen.File, v *ir.Vocab) {
	name := v.ListName()
	elem := jen.String()
	if v.Int {
		elem = jen.Int64()
	}
	var ids []jen.Code
	for _, kv := range v.Values {
		ids = append(ids, jen.Id(kv.Go))
	}
	doc := fmt.Sprintf("%s returns the values of %s that the schema declares, in its order; each call returns a new slice.", name, v.Name)
	for _, line := range text.Wrap(doc, 76) {
		f.Comment(line)
	}
	list := jen.Index().Add(elem).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, ids...)
	f.Func().Id(name).Params().Index().Add(elem).Block(jen.Return(list))
}
