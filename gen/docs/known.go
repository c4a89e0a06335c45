package docs

import "github.com/zeroproject/zero/gen/ir"

// vocabs documents every open vocabulary of the page (x-known-values):
// each declared value with its Go constant and its meaning.
func (p *docPage) vocabs() {
	if len(p.m.Vocabs) == 0 {
		return
	}
	p.f("\n## Declared values\n\n")
	p.f("Fields of these types are open: the schema accepts values besides the ones below, ")
	p.f("which may be added without a new version. Each value declared in `x-known-values` ")
	p.f("is listed with its meaning and the Go constant zerogen generates for it.\n")
	for _, v := range p.m.Vocabs {
		p.f("\n### %s\n\n", vocabHeading(v))
		if v.Doc != "" {
			p.f("%s\n\n", oneLine(v.Doc))
		}
		p.f("| value | Go constant | meaning |\n| --- | --- | --- |\n")
		for _, kv := range v.Values {
			p.f("| %s | `%s` | %s |\n", code(kv.JSON), kv.Go, cell(oneLine(kv.Doc)))
		}
	}
}

// vocabHeading is the heading of a vocabulary's section; "values" keeps
// its anchor apart from the type sections'.
func vocabHeading(v *ir.Vocab) string { return v.Name + " values" }

// vocabRef links a field's type to the declared values of its vocabulary.
func vocabRef(t *ir.Type) string {
	if t.Vocab == nil {
		return ""
	}
	return " ([" + t.Vocab.Name + "](#" + anchor(vocabHeading(t.Vocab)) + "))"
}
