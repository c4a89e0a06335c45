package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

// defaultInclude is what --schemas reads without --include: JSON and YAML
// files.
var defaultInclude = []string{"*.json", "*.yaml", "*.yml"}

// fileFilter chooses the schema files under a --schemas directory
// (--include, --exclude). A pattern is matched against a file's path
// relative to its --schemas directory, with / between directories: * and
// ? and [...] match within one name, ** matches any number of
// directories, and a pattern ending in / matches everything under such a
// directory. A pattern without a / matches any one name in the path, so
// "examples" leaves out every examples directory and "*.json" takes JSON
// files at any depth. A file is read when it matches an --include pattern
// (by default *.json, *.yaml and *.yml) and no --exclude pattern;
// directories named testdata are never read.
type fileFilter struct {
	include, exclude *[]string
}

// addFilterFlags registers --include and --exclude on fl.
func addFilterFlags(fl *pflag.FlagSet) fileFilter {
	return fileFilter{include: fl.StringArray("include", nil, ""), exclude: fl.StringArray("exclude", nil, "")}
}

// check reports the first malformed pattern.
func (f fileFilter) check() error {
	for _, list := range []*[]string{f.include, f.exclude} {
		if list == nil {
			continue
		}
		for _, p := range *list {
			if p == "" || strings.HasPrefix(p, "/") {
				return fmt.Errorf("pattern %q: patterns are relative to the --schemas directory", p)
			}
			if _, err := path.Match(strings.ReplaceAll(p, "**", "*"), ""); err != nil {
				return fmt.Errorf("pattern %q: %v", p, err)
			}
		}
	}
	return nil
}

// takes reports whether the file at rel (slash-separated, relative to its
// --schemas directory) is read.
func (f fileFilter) takes(rel string) bool {
	include := defaultInclude
	if f.include != nil && len(*f.include) > 0 {
		include = *f.include
	}
	if !matchAny(include, rel) {
		return false
	}
	return f.exclude == nil || !matchAny(*f.exclude, rel)
}

func (f fileFilter) describe() string {
	include := defaultInclude
	if f.include != nil && len(*f.include) > 0 {
		include = *f.include
	}
	s := strings.Join(include, ", ")
	if f.exclude != nil && len(*f.exclude) > 0 {
		s += " less " + strings.Join(*f.exclude, ", ")
	}
	return s
}

func matchAny(patterns []string, rel string) bool {
	for _, p := range patterns {
		if matchGlob(p, rel) {
			return true
		}
	}
	return false
}

// matchGlob matches one pattern (see fileFilter) against rel.
func matchGlob(pattern, rel string) bool {
	segs := strings.Split(rel, "/")
	if strings.HasSuffix(pattern, "/") {
		pattern += "**"
	}
	if !strings.Contains(pattern, "/") {
		for _, s := range segs {
			if ok, _ := path.Match(pattern, s); ok {
				return true
			}
		}
		return false
	}
	return matchSegs(strings.Split(pattern, "/"), segs)
}

func matchSegs(p, s []string) bool {
	for len(p) > 0 {
		if p[0] == "**" {
			for i := 0; i <= len(s); i++ {
				if matchSegs(p[1:], s[i:]) {
					return true
				}
			}
			return false
		}
		if len(s) == 0 {
			return false
		}
		if ok, _ := path.Match(p[0], s[0]); !ok {
			return false
		}
		p, s = p[1:], s[1:]
	}
	return len(s) == 0
}

// schemaFiles is the schema files one command reads, and the path each
// came from, to name it in messages.
type schemaFiles struct {
	files []gen.File
	// paths maps a name as the generator reports it (for a schema set,
	// with the set's directory in front) to the file's path.
	paths map[string]string
	// sets are the set directories the generator puts in front of names
	// ("streamjson/v2/"), for a command that reads schema sets.
	sets []string
	// setFrom maps a set's directory ("streamjson/v2") to the directory it
	// was read from.
	setFrom map[string]string
}

// readSchemaDirs reads the schema files under each of dirs. The
// directories are laid over one another: each file is named by its path
// relative to its own directory, so a relative $ref finds a file of
// another directory as if both were one, and a name found in two
// directories is an error.
func readSchemaDirs(dirs []string, f fileFilter) (schemaFiles, error) {
	sf := schemaFiles{paths: map[string]string{}}
	for _, dir := range dirs {
		files, err := readSchemas(dir, f)
		if err != nil {
			return sf, err
		}
		for _, file := range files {
			p := filepath.Join(dir, filepath.FromSlash(file.Name))
			if prev, ok := sf.paths[file.Name]; ok {
				return sf, fmt.Errorf("%s and %s have the same name relative to their --schemas directories; each name may come from one directory (leave one out with --exclude %s)", prev, p, file.Name)
			}
			sf.paths[file.Name] = p
			sf.files = append(sf.files, file)
		}
	}
	return sf, nil
}

// readSchemas reads the files under dir that f takes, skipping
// directories named testdata.
func readSchemas(dir string, f fileFilter) ([]gen.File, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, errors.Unwrap(err))
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	var files []gen.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() || !f.takes(rel) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, gen.File{Name: rel, Data: data})
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no schema files (%s) under %s", f.describe(), dir)
	}
	return files, err
}

// baseURL is what the generator names a file without $id by.
const baseURL = "file:///schemas/"

var internalURL = regexp.MustCompile(regexp.QuoteMeta(baseURL) + `[^\s#"']*`)

// message is err as the user reads it: schema files named by the paths
// they were read from, never by the generator's internal base URL.
func (sf schemaFiles) message(err error) string {
	var ge *gen.Error
	if errors.As(err, &ge) {
		c := *ge
		prefix := ""
		for _, s := range sf.sets {
			if strings.HasPrefix(c.File, s) && len(s) > len(prefix) {
				prefix = s
			}
		}
		if p, ok := sf.paths[c.File]; ok {
			c.File = filepath.ToSlash(p)
		}
		c.Msg = sf.rewriteURLs(c.Msg, prefix)
		return c.Error()
	}
	return sf.rewriteURLs(err.Error(), "")
}

// rewriteURLs replaces each internal file URL in msg by the path of the
// file it names, found under prefix.
func (sf schemaFiles) rewriteURLs(msg, prefix string) string {
	return internalURL.ReplaceAllStringFunc(msg, func(u string) string {
		name := strings.TrimPrefix(u, baseURL)
		if p, ok := sf.paths[prefix+name]; ok {
			return filepath.ToSlash(p)
		}
		return name
	})
}

// notSchemaHint explains, for an error in a file that names no $schema and
// looks like a document rather than a schema, how to leave it out.
func (sf schemaFiles) notSchemaHint(err error) string {
	var ge *gen.Error
	if !errors.As(err, &ge) || strings.Count(ge.Pointer, "/") > 1 {
		return ""
	}
	p, ok := sf.paths[ge.File]
	if !ok {
		return ""
	}
	var data []byte
	for _, f := range sf.files {
		if f.Name == ge.File {
			data = f.Data
		}
	}
	if gen.IsYAML(ge.File) {
		var yerr error
		if data, yerr = gen.YAMLToJSON(data); yerr != nil {
			return ""
		}
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) == nil {
		for _, k := range []string{"$schema", "$id", "id", "$defs", "definitions", "type", "properties", "$ref"} {
			if _, ok := top[k]; ok {
				return ""
			}
		}
	}
	return fmt.Sprintf("%s is read as a schema because it is under --schemas; if it is not one (an example document, say), leave it out with --exclude %s", filepath.ToSlash(p), quoteArg(excludeFor(ge.File)))
}

// excludeFor suggests an --exclude pattern for the file name: its first
// directory, or the file itself.
func excludeFor(name string) string {
	if dir, _, ok := strings.Cut(name, "/"); ok {
		return dir + "/"
	}
	return name
}
