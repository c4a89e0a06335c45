package main

import (
	"fmt"
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
  --schemas DIR     the schema root (holding FAMILY/vN/*.json)
  --out DIR         directory to write; zerogen owns every file in it
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen docs --schemas schema --out docs/reference
  zerogen docs --schemas schema --out docs/reference --check

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

func runDocs(args []string, stdout, stderr io.Writer) int {
	fl := subFlags("docs")
	schemas := fl.String("schemas", "", "")
	out := fl.String("out", "", "")
	check := fl.Bool("check", false, "")
	if code, done := parseSub(fl, args, docsUsage, stdout, stderr); done {
		return code
	}
	switch {
	case fl.NArg() > 0:
		return subUsageError(stderr, "zerogen docs", "unexpected argument "+fl.Arg(0))
	case *schemas == "" || *out == "":
		return subUsageError(stderr, "zerogen docs", "--schemas and --out are required")
	}
	sets, err := readSets(*schemas)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	files, err := gen.Docs(sets)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %s\n", relError(err, *schemas))
		return 1
	}
	return syncOwned(*out, files, *check, stderr)
}
