package main

import (
	"io"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

const tsUsage = `Usage:
  zerogen ts --schemas DIR... --out DIR [--link-bundles DIR] [--include GLOB]... [--exclude GLOB]... [--check]

Writes TypeScript declarations for every FAMILY/vN/ directory under
--schemas, to --out as FAMILY/vN.d.ts: an interface per object type, a
discriminated union per oneOf (such as Output = RunStart | Text | ...),
const properties as literal types (schemaVersion: 2), optional properties
as optional, enums as unions of string literals, and JSONValue for values
of any shape. They describe shapes only; the schema checks the rest. The
header of each file names the schema directory it comes from as given to
--schemas.

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json), or a plain
                    directory of schemas, written as NAME.d.ts after its name
                    (repeatable: the sets of every root; one set may come
                    from only one of them)
  --include GLOB, --exclude GLOB
                    choose the schema files (see 'zerogen --help')
  --link-bundles DIR
                    where 'zerogen bundle' writes the same sets; the header
                    points there for the checks the types leave out
  --out DIR         directory to write; files zerogen wrote there before are
                    replaced or removed, any other file is left alone, and
                    one in the way of a generated file is an error
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen ts --schemas schema --out generated/ts --link-bundles generated/bundles
  zerogen ts --schemas api/schemas --out web/src/api --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runTS(args []string, stdout, stderr io.Writer) int {
	var bundles *string
	return setsCommand{name: "ts", usage: tsUsage,
		extra: func(fl *pflag.FlagSet) { bundles = fl.String("link-bundles", "", "") },
		generate: func(sets []gen.SchemaSet, _ string, w setsWhere) (map[string][]byte, error) {
			return gen.TypeScript(sets, gen.TSOptions{Source: w.sourcePath, Bundles: w.place(*bundles).Text})
		}}.run(args, stdout, stderr)
}
