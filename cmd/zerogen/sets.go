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

// readSetDirs reads the schema sets under each of dirs (see readSets), in
// family and version order, with the path of every file. A set found under
// two of dirs is an error.
func readSetDirs(dirs []string, f fileFilter) ([]gen.SchemaSet, schemaFiles, error) {
	sf := schemaFiles{paths: map[string]string{}, setFrom: map[string]string{}}
	var all []gen.SchemaSet
	from := map[string]string{}
	for _, dir := range dirs {
		sets, err := readSets(dir, f)
		if err != nil {
			return nil, sf, err
		}
		for _, set := range sets {
			where := setPath(dir, set)
			if prev, ok := from[set.Dir()]; ok {
				return nil, sf, fmt.Errorf("%s and %s are both the schema set %s; give one of them", prev, where, set.Dir())
			}
			from[set.Dir()] = where
			sf.setFrom[set.Dir()] = where
			sf.sets = append(sf.sets, set.Dir()+"/")
			for _, file := range set.Files {
				sf.paths[set.Dir()+"/"+file.Name] = filepath.Join(where, filepath.FromSlash(file.Name))
			}
			all = append(all, set)
		}
	}
	sortSets(all)
	return all, sf, nil
}

// setPath is the directory a set of the schema root dir was read from.
func setPath(dir string, set gen.SchemaSet) string {
	if set.Version == 0 {
		return dir
	}
	return filepath.Join(dir, set.Family, fmt.Sprintf("v%d", set.Version))
}

// readSets reads every FAMILY/vN/ directory under dir as one schema set, in
// family and version order. A directory without FAMILY/vN/ directories is
// one set without a version, named after the directory: its schema files,
// searched recursively.
func readSets(dir string, f fileFilter) ([]gen.SchemaSet, error) {
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
			files, err := readSchemas(filepath.Join(dir, fam.Name(), v.Name()), f)
			if err != nil {
				return nil, err
			}
			sets = append(sets, gen.SchemaSet{Family: fam.Name(), Version: n, Files: files})
		}
	}
	if len(sets) == 0 {
		return plainSet(dir, f)
	}
	sortSets(sets)
	return sets, nil
}

// sortSets orders sets by family, then version.
func sortSets(sets []gen.SchemaSet) {
	sort.Slice(sets, func(i, j int) bool {
		if sets[i].Family != sets[j].Family {
			return sets[i].Family < sets[j].Family
		}
		return sets[i].Version < sets[j].Version
	})
}

// plainSet reads a plain directory of schemas as one set without a version.
// A directory of vN/ directories is a family given by mistake for the
// schema root above it, and refused.
func plainSet(dir string, f fileFilter) ([]gen.SchemaSet, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && versionDir.MatchString(e.Name()) {
			return nil, fmt.Errorf("no FAMILY/vN directories under %s: it holds %s/, so it is one family; give the directory above it", dir, e.Name())
		}
	}
	files, err := readSchemas(dir, f)
	if err != nil {
		return nil, fmt.Errorf("no FAMILY/vN directories and no schema files (%s) under %s", f.describe(), dir)
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
	generate func(sets []gen.SchemaSet, out string, where setsWhere) (map[string][]byte, error)
}

// setsWhere is where a sets command reads and writes, for generators that
// name those places in what they write.
type setsWhere struct {
	schemas []string // the --schemas directories
	out     string
	sf      schemaFiles
}

func (c setsCommand) run(args []string, stdout, stderr io.Writer) int {
	fl := subFlags(c.name)
	schemas := fl.StringArray("schemas", nil, "")
	filter := addFilterFlags(fl)
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
	case len(*schemas) == 0 || *out == "":
		return subUsageError(stderr, "zerogen "+c.name, "--schemas and --out are required")
	}
	if err := filter.check(); err != nil {
		return subUsageError(stderr, "zerogen "+c.name, err.Error())
	}
	sets, sf, err := readSetDirs(*schemas, filter)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	files, err := c.generate(sets, *out, setsWhere{schemas: *schemas, out: *out, sf: sf})
	if err != nil {
		return sf.fail(stderr, err)
	}
	return output{dir: *out}.sync(files, *check, rerunLine("zerogen "+c.name, args), stderr)
}

// sourcePath is where the set's schema files were read from, as the user
// gave it.
func (w setsWhere) sourcePath(set gen.SchemaSet) string {
	return filepath.ToSlash(w.sf.setFrom[set.Dir()])
}

// place names a directory the user gave as a path and as a link from
// --out; "" stays the zero Place.
func (w setsWhere) place(dir string) gen.Place {
	if dir == "" {
		return gen.Place{}
	}
	return gen.Place{Text: filepath.ToSlash(filepath.Clean(dir)), Link: relLink(w.out, dir)}
}

// relLink is the path of target relative to the directory from, with
// forward slashes (target itself when there is no relative path).
func relLink(from, target string) string {
	af, err1 := filepath.Abs(from)
	at, err2 := filepath.Abs(target)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(target)
	}
	rel, err := filepath.Rel(af, at)
	if err != nil {
		return filepath.ToSlash(at)
	}
	return filepath.ToSlash(rel)
}
