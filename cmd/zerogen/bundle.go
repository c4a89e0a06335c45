package main

import (
	"io"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

const bundleUsage = `Usage:
  zerogen bundle --schemas DIR... --out DIR [--package NAME] [--include GLOB]... [--exclude GLOB]... [--check]

Writes one self-contained JSON Schema per root schema of every
FAMILY/vN/ directory under --schemas, to --out as FAMILY/vN/ROOT.json (or,
for a plain directory of schemas, NAME/ROOT.json, NAME being the
directory's name; a YAML root's bundle is named .json): the
root document with every file it refers to embedded under $defs, each
keeping its own $id, so that any 2020-12 validator compiles it alone. Also
writes bundles.go, a Go package that embeds them (Lookup, List).

Flags:
  --schemas DIR     the schema root (holding FAMILY/vN/*.json), or a plain
                    directory of schemas (repeatable: the sets of every
                    root; one set may come from only one of them)
  --include GLOB, --exclude GLOB
                    choose the schema files (see 'zerogen --help')
  --out DIR         directory to write; files zerogen wrote there before are
                    replaced or removed, any other file is left alone, and
                    one in the way of a generated file is an error
  --package NAME    Go package name (default: the base name of --out)
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen bundle --schemas schema --out generated/bundles
  zerogen bundle --schemas schema --out generated/bundles --check

Exit status: 0 success, 1 bundling failed or files are stale, 2 usage error.
`

func runBundle(args []string, stdout, stderr io.Writer) int {
	var pkg *string
	return setsCommand{
		name: "bundle", usage: bundleUsage,
		extra: func(fl *pflag.FlagSet) { pkg = fl.String("package", "", "") },
		generate: func(sets []gen.SchemaSet, out string, _ setsWhere) (map[string][]byte, error) {
			name := *pkg
			if name == "" {
				name = filepath.Base(out)
			}
			return gen.Bundles(name, sets)
		},
	}.run(args, stdout, stderr)
}
