package docs

import (
	"strings"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// Options say what the reference pages name and link to. A link is
// relative to the output directory, with forward slashes, so that it
// works wherever the pages are read from.
type Options struct {
	// Schemas are the schema directories as the reader knows them
	// ("schema"), named by the index.
	Schemas []string
	// Source is where a set's schema files are; nil names the set's
	// directory without a link.
	Source func(set schema.SchemaSet) Place
	// Bundles, TS and Go are where other zerogen commands wrote the same
	// sets: the output directory of `zerogen bundle` (holding
	// FAMILY/vN/), of `zerogen ts` (holding FAMILY/vN.d.ts), and the one
	// holding the Go packages at FAMILY/vN/, whose fixtures a page links
	// to. A zero Place leaves its sentence out.
	Bundles, TS, Go Place
	// Note is Markdown the index adds after its opening lines.
	Note string
}

// Place is a path as the reader knows it and as a link.
type Place struct {
	Text string // the path as given ("generated/bundles")
	Link string // the same path relative to the output directory ("../../generated/bundles"); "" for no link
}

func (p Place) join(name string) Place {
	if p.Text == "" {
		return Place{}
	}
	q := Place{Text: strings.TrimSuffix(p.Text, "/") + "/" + name}
	if p.Link != "" {
		q.Link = strings.TrimSuffix(p.Link, "/") + "/" + name
	}
	return q
}

// markdown is the place as code, linked when it has a link.
func (p Place) markdown() string { return p.markdownAs(p.Text) }

func (p Place) markdownAs(text string) string {
	if p.Link == "" {
		return "`" + text + "`"
	}
	return "[`" + text + "`](" + p.Link + ")"
}

func (o Options) source(set schema.SchemaSet) Place {
	if o.Source == nil {
		return Place{Text: set.Dir()}
	}
	return o.Source(set)
}

// related is the sentence that points to what other commands wrote from
// the set, or "" when the options name none of them.
func (o Options) related(set schema.SchemaSet) string {
	dir := set.Dir()
	type clause struct {
		at           Place
		subject, are string
	}
	clauses := []clause{
		{o.Bundles.join(dir), "the same schemas, each bundled into one self-contained file,", " are"},
		{o.TS.join(dir + ".d.ts"), "TypeScript declarations", " are"},
	}
	if set.Version > 0 {
		clauses = append(clauses, clause{o.Go.join(dir + "/testdata/fixtures"), "valid and invalid test documents", " are"})
	}
	var parts []string
	for _, c := range clauses {
		if c.at.Text == "" {
			continue
		}
		verb := ""
		if len(parts) == 0 {
			verb = c.are
		}
		parts = append(parts, c.subject+verb+" in "+c.at.markdown())
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ")
	return strings.ToUpper(s[:1]) + s[1:]
}
