package main

import (
	"io"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

const docsUsage = `Usage:
  zerogen docs --schemas DIR... --out DIR [--link-bundles DIR] [--link-ts DIR] [--link-go DIR]
               [--note MARKDOWN] [--include GLOB]... [--exclude GLOB]... [--check]

Writes the Markdown reference of every FAMILY/vN/ directory under
--schemas to --out: FAMILY-vN.md lists each document type with every
field, its type, whether it is required, its constraints, enum values,
description and an example (from the schema's examples, else from the
generated valid fixtures); FAMILY-changes.md holds the compatibility
report between consecutive versions (see 'zerogen compat'); README.md
is the index. Each page names and links the schema directory it comes
from (links are relative to --out, so they work wherever the pages are
read); the --link flags add links to what other zerogen commands wrote
from the same schemas.

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json), or a plain
                    directory of schemas, written as NAME.md after its name
                    (repeatable: the sets of every root; one set may come
                    from only one of them)
  --include GLOB, --exclude GLOB
                    choose the schema files (see 'zerogen --help')
  --link-bundles DIR
                    the --out of 'zerogen bundle' for the same schemas
  --link-ts DIR     the --out of 'zerogen ts' for the same schemas
  --link-go DIR     the directory holding the Go packages generated from
                    them at FAMILY/vN/ (with --fixtures): pages link to
                    their testdata/fixtures
  --note MARKDOWN   a line the index adds after its opening lines
  --out DIR         directory to write; files zerogen wrote there before are
                    replaced or removed, any other file is left alone, and
                    one in the way of a generated file is an error
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen docs --schemas schema --out docs/reference
  zerogen docs --schemas schema --out docs/reference --link-bundles generated/bundles --link-ts generated/ts --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runDocs(args []string, stdout, stderr io.Writer) int {
	var bundles, ts, goDir, note *string
	return setsCommand{name: "docs", usage: docsUsage,
		extra: func(fl *pflag.FlagSet) {
			bundles = fl.String("link-bundles", "", "")
			ts = fl.String("link-ts", "", "")
			goDir = fl.String("link-go", "", "")
			note = fl.String("note", "", "")
		},
		generate: func(sets []gen.SchemaSet, _ string, w setsWhere) (map[string][]byte, error) {
			var schemas []string
			for _, s := range w.schemas {
				schemas = append(schemas, filepath.ToSlash(filepath.Clean(s)))
			}
			return gen.Docs(sets, gen.DocsOptions{
				Schemas: schemas,
				Source:  func(set gen.SchemaSet) gen.Place { return w.place(w.sf.setFrom[set.Dir()]) },
				Bundles: w.place(*bundles), TS: w.place(*ts), Go: w.place(*goDir),
				Note: *note,
			})
		}}.run(args, stdout, stderr)
}
