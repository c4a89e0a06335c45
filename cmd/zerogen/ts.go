package main

import (
	"io"

	"github.com/zeroproject/zero/gen"
)

const tsUsage = `Usage:
  zerogen ts --schemas DIR --out DIR [--check]

Writes TypeScript declarations for every FAMILY/vN/ directory under
--schemas, to --out as FAMILY/vN.d.ts: an interface per object type, a
discriminated union per oneOf (such as Output = RunStart | Text | ...),
const properties as literal types (schemaVersion: 2), optional properties
as optional, enums as unions of string literals, and JSONValue for values
of any shape. They describe shapes only; the schema checks the rest.

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json), or a plain
                    directory of schemas, written as NAME.d.ts after its name
  --out DIR         directory to write; files zerogen wrote there before are
                    replaced or removed, any other file is left alone, and
                    one in the way of a generated file is an error
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen ts --schemas schema --out generated/ts
  zerogen ts --schemas schema --out generated/ts --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runTS(args []string, stdout, stderr io.Writer) int {
	return setsCommand{name: "ts", usage: tsUsage, generate: func(sets []gen.SchemaSet, _ string, _ setsWhere) (map[string][]byte, error) {
		return gen.TypeScript(sets)
	}}.run(args, stdout, stderr)
}
