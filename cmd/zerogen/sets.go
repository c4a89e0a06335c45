package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

var versionDir = regexp.MustCompile(`^v([1-9][0-9]*)$`)

// readSets reads every FAMILY/vN/ directory under dir as one schema set, in
// family and version order. A directory without FAMILY/vN/ directories is
// one set without a version, named after the directory: its *.json files,
// searched recursively.
func readSets(dir string) ([]gen.SchemaSet, error) {
	families, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var sets []gen.SchemaSet
	for _, fam := range families {
		if !fam.IsDir() || fam.Name() == "testdata" {
			continue
		}
		versions, err := os.ReadDir(filepath.Join(dir, fam.Name()))
		if err != nil {
			return nil, err
		}
		for _, v := range versions {
			m := versionDir.FindStringSubmatch(v.Name())
			if !v.IsDir() || m == nil {
				continue
			}
			n, _ := strconv.Atoi(m[1])
			files, err := readSchemas(filepath.Join(dir, fam.Name(), v.Name()))
			if err != nil {
				return nil, err
			}
			sets = append(sets, gen.SchemaSet{Family: fam.Name(), Version: n, Files: files})
		}
	}
	if len(sets) == 0 {
		return plainSet(dir)
	}
	sort.Slice(sets, func(i, j int) bool {
		if sets[i].Family != sets[j].Family {
			return sets[i].Family < sets[j].Family
		}
		return sets[i].Version < sets[j].Version
	})
	return sets, nil
}

// plainSet reads a plain directory of schemas as one set without a version.
// A directory of vN/ directories is a family given by mistake for the
// schema root above it, and refused.
func plainSet(dir string) ([]gen.SchemaSet, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && versionDir.MatchString(e.Name()) {
			return nil, fmt.Errorf("no FAMILY/vN directories under %s: it holds %s/, so it is one family; give the directory above it", dir, e.Name())
		}
	}
	files, err := readSchemas(dir)
	if err != nil {
		return nil, fmt.Errorf("no FAMILY/vN directories and no *.json files under %s", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return []gen.SchemaSet{{Family: filepath.Base(abs), Files: files}}, nil
}

// setsCommand is the shape shared by the subcommands that turn every schema
// set under --schemas into files under --out (bundle, docs, ts): parse the
// flags, read the sets, generate, then write or --check.
type setsCommand struct {
	name     string // subcommand name
	usage    string
	extra    func(fl *pflag.FlagSet) // more flags, registered before parsing
	generate func(sets []gen.SchemaSet, out string) (map[string][]byte, error)
}

func (c setsCommand) run(args []string, stdout, stderr io.Writer) int {
	fl := subFlags(c.name)
	schemas := fl.String("schemas", "", "")
	out := fl.String("out", "", "")
	check := fl.Bool("check", false, "")
	if c.extra != nil {
		c.extra(fl)
	}
	if code, done := parseSub(fl, args, c.usage, stdout, stderr); done {
		return code
	}
	switch {
	case fl.NArg() > 0:
		return subUsageError(stderr, "zerogen "+c.name, "unexpected argument "+fl.Arg(0))
	case *schemas == "" || *out == "":
		return subUsageError(stderr, "zerogen "+c.name, "--schemas and --out are required")
	}
	sets, err := readSets(*schemas)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	files, err := c.generate(sets, *out)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %s\n", relError(err, *schemas))
		return 1
	}
	return output{dir: *out}.sync(files, *check, rerunLine("zerogen "+c.name, args), stderr)
}
