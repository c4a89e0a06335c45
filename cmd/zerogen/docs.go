package main

import (
	"io"

	"github.com/zeroproject/zero/gen"
)

const docsUsage = `Usage:
  zerogen docs --schemas DIR --out DIR [--check]

Writes the Markdown reference of every FAMILY/vN/ directory under
--schemas to --out: FAMILY-vN.md lists each document type with every
field, its type, whether it is required, its constraints, enum values,
description and an example (from the schema's examples, else from the
generated valid fixtures); FAMILY-changes.md holds the compatibility
report between consecutive versions (see 'zerogen compat'); README.md
is the index.

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json), or a plain
                    directory of schemas, written as NAME.md after its name
  --out DIR         directory to write; files zerogen wrote there before are
                    replaced or removed, any other file is left alone, and
                    one in the way of a generated file is an error
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen docs --schemas schema --out docs/reference
  zerogen docs --schemas schema --out docs/reference --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runDocs(args []string, stdout, stderr io.Writer) int {
	return setsCommand{name: "docs", usage: docsUsage, generate: func(sets []gen.SchemaSet, _ string, _ setsWhere) (map[string][]byte, error) {
		return gen.Docs(sets)
	}}.run(args, stdout, stderr)
}
