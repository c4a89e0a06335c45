package main

import (
	"fmt"
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
  --schemas DIR     the schema root (holding FAMILY/vN/*.json)
  --out DIR         directory to write; zerogen owns every file in it
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen ts --schemas schema --out generated/ts
  zerogen ts --schemas schema --out generated/ts --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runTS(args []string, stdout, stderr io.Writer) int {
	fl := subFlags("ts")
	schemas := fl.String("schemas", "", "")
	out := fl.String("out", "", "")
	check := fl.Bool("check", false, "")
	if code, done := parseSub(fl, args, tsUsage, stdout, stderr); done {
		return code
	}
	switch {
	case fl.NArg() > 0:
		return subUsageError(stderr, "zerogen ts", "unexpected argument "+fl.Arg(0))
	case *schemas == "" || *out == "":
		return subUsageError(stderr, "zerogen ts", "--schemas and --out are required")
	}
	sets, err := readSets(*schemas)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	files, err := gen.TypeScript(sets)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %s\n", relError(err, *schemas))
		return 1
	}
	return syncOwned(*out, files, *check, stderr)
}
