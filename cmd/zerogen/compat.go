package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/zeroproject/zero/gen"
)

const compatUsage = `Usage:
  zerogen compat OLD_DIR NEW_DIR --role consumer|producer [--pairs FILE] [--format text|json]
                 [--include GLOB]... [--exclude GLOB]...

Compares two versions of a schema directory (such as schema/streamjson/v1
and schema/streamjson/v2), root file by root file, and reports every
change once, with each root and JSON Pointer of the value it affects in a
document, the schema keyword that changed, and whether it breaks the role.
Roots pair by file name; a renamed root pairs by its $id, else its title,
and the rename is reported. Whether a change breaks depends on the role:

  consumer  reads documents; it breaks when the new schema widens, since a
            new producer may write what the old schema rejects (a new event
            type in a closed union, a new field, a new enum value, a
            looser constraint, a field that is no longer required)
  producer  writes documents; it breaks when the new schema narrows, since
            what an old producer writes may fail the new schema (a removed
            field or enum value, a newly required field, a tighter
            constraint)

A changed const (such as schemaVersion 1 → 2) or type breaks both.

With --pairs, only chosen schemas are compared, each old one with its new
counterpart wherever the two sit: a subset of a large schema (the messages
a program uses), or a $defs entry of one bundled file against a root file
of the other. FILE has one pair per line, OLD then NEW, each a file name
relative to its directory with an optional JSON Pointer; blank lines and
lines starting with # are skipped:

  schema.json#/$defs/PromptRequest  prompt_request.json
  schema.json#/$defs/PromptResponse prompt_result.json#/properties/result

Flags:
  --role ROLE       consumer or producer (required)
  --pairs FILE      compare the pairs FILE lists instead of every root
  --format FORMAT   text (the default) or json: one object with old, new,
                    role, changes (kind, detail, breaking, why, widens,
                    narrows, schema, schemaIn, sites of root, pointer and
                    variants), total and breaking
  --include GLOB, --exclude GLOB
                    choose the schema files (see 'zerogen --help')
  -h, --help        show this help

Examples:
  zerogen compat schema/streamjson/v1 schema/streamjson/v2 --role consumer
  zerogen compat schema/streamjson/v1 schema/streamjson/v2 --role producer --format json

Exit status: 0 no change breaks the role, 1 a change breaks it (or the
schemas do not load), 2 usage error.
`

func runCompat(args []string, stdout, stderr io.Writer) int {
	fl := subFlags("compat")
	role := fl.String("role", "", "")
	pairsFile := fl.String("pairs", "", "")
	format := fl.String("format", "text", "")
	filter := addFilterFlags(fl)
	if code, done := parseSub(fl, args, compatUsage, stdout, stderr); done {
		return code
	}
	switch {
	case fl.NArg() != 2:
		return subUsageError(stderr, "zerogen compat", "want two directories, OLD_DIR and NEW_DIR")
	case *role != string(gen.Consumer) && *role != string(gen.Producer):
		return subUsageError(stderr, "zerogen compat", "--role must be consumer or producer")
	case *format != "text" && *format != "json":
		return subUsageError(stderr, "zerogen compat", "--format must be text or json")
	}
	if err := filter.check(); err != nil {
		return subUsageError(stderr, "zerogen compat", err.Error())
	}
	oldDir, newDir := fl.Arg(0), fl.Arg(1)
	oldFiles, err := readSchemas(oldDir, filter)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	newFiles, err := readSchemas(newDir, filter)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	var report *gen.CompatReport
	if *pairsFile != "" {
		pairs, perr := readPairs(*pairsFile)
		if perr != nil {
			fmt.Fprintf(stderr, "zerogen: %v\n", perr)
			return 2
		}
		report, err = gen.ComparePairs(oldFiles, newFiles, pairs)
	} else {
		report, err = gen.Compat(oldFiles, newFiles)
	}
	if err != nil {
		sf := dirFiles(newDir, newFiles)
		if strings.HasPrefix(err.Error(), "old: ") {
			sf = dirFiles(oldDir, oldFiles)
		}
		return sf.fail(stderr, err)
	}
	report.Old, report.New = oldDir, newDir
	if *format == "json" {
		stdout.Write(report.JSON(gen.Role(*role)))
	} else {
		fmt.Fprint(stdout, report.Text(gen.Role(*role)))
	}
	if report.Breaking(gen.Role(*role)) > 0 {
		return 1
	}
	return 0
}

// readPairs reads a --pairs file: "OLD NEW" per line, # comments.
func readPairs(path string) ([]gen.CompatPair, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var pairs []gen.CompatPair
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want OLD and NEW, got %d fields", path, i+1, len(f))
		}
		pairs = append(pairs, gen.CompatPair{Old: f[0], New: f[1]})
	}
	if len(pairs) == 0 {
		return nil, fmt.Errorf("%s: no pairs", path)
	}
	return pairs, nil
}

// dirFiles is the files read from one directory, named by their paths.
func dirFiles(dir string, files []gen.File) schemaFiles {
	sf := schemaFiles{files: files, paths: map[string]string{}}
	for _, f := range files {
		sf.paths[f.Name] = filepath.Join(dir, filepath.FromSlash(f.Name))
	}
	return sf
}
