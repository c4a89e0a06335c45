package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/zeroproject/zero/gen"
)

const bundleUsage = `Usage:
  zerogen bundle --schemas DIR --out DIR [--package NAME] [--check]

Writes one self-contained JSON Schema per root schema of every
FAMILY/vN/ directory under --schemas, to --out as FAMILY/vN/ROOT.json: the
root document with every file it refers to embedded under $defs, each
keeping its own $id, so that any 2020-12 validator compiles it alone. Also
writes bundles.go, a Go package that embeds them (Lookup, List).

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json)
  --out DIR         directory to write; zerogen owns every file in it
  --package NAME    Go package name (default: the base name of --out)
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen bundle --schemas schema --out generated/bundles
  zerogen bundle --schemas schema --out generated/bundles --check

Exit status: 0 success, 1 bundling failed or files are stale, 2 usage error.
`

func runBundle(args []string, stdout, stderr io.Writer) int {
	fl := subFlags("bundle")
	schemas := fl.String("schemas", "", "")
	out := fl.String("out", "", "")
	pkg := fl.String("package", "", "")
	check := fl.Bool("check", false, "")
	if code, done := parseSub(fl, args, bundleUsage, stdout, stderr); done {
		return code
	}
	switch {
	case fl.NArg() > 0:
		return subUsageError(stderr, "zerogen bundle", "unexpected argument "+fl.Arg(0))
	case *schemas == "" || *out == "":
		return subUsageError(stderr, "zerogen bundle", "--schemas and --out are required")
	}
	if *pkg == "" {
		*pkg = filepath.Base(*out)
	}
	sets, err := readSets(*schemas)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	files, err := gen.Bundles(*pkg, sets)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %s\n", relError(err, *schemas))
		return 1
	}
	return syncOwned(*out, files, *check, stderr)
}
