package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

const usage = `Usage:
  zerogen --schemas DIR --out DIR --package NAME [--fixtures] [--check]

Generates one Go package from every JSON Schema file under --schemas:
types named by each schema's title, strict single-pass decoders
(UnmarshalJSON, DecodeJSON), lossless encoders (MarshalJSON, AppendJSON,
EncodeJSON) and Validate methods.

Flags:
  --schemas DIR     directory of schema files (*.json, searched recursively)
  --out DIR         directory to write the Go package to
  --package NAME    Go package name of the output
  --fixtures        also write testdata/fixtures/ (valid and invalid documents
                    per root, checked against the reference validator, with a
                    manifest.json for clients in any language) and
                    fixtures_test.go, which runs them through the package
  --check           write nothing; exit 1 listing stale, missing or extra files
  -h, --help        show this help

Examples:
  zerogen --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2
  zerogen --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2 --check
  zerogen --schemas schema/tools/v1 --out generated/tools/v1 --package toolsv1 --fixtures

Exit status: 0 success, 1 generation failed or files are stale, 2 usage error.
`

// run is the whole program; main only exits with its result.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if sub, ok := subcommands[args[0]]; ok {
			return sub(args[1:], stdout, stderr)
		}
	}
	fl := pflag.NewFlagSet("zerogen", pflag.ContinueOnError)
	fl.SetOutput(io.Discard)
	schemas := fl.String("schemas", "", "")
	out := fl.String("out", "", "")
	pkg := fl.String("package", "", "")
	check := fl.Bool("check", false, "")
	fixtures := fl.Bool("fixtures", false, "")
	help := fl.BoolP("help", "h", false, "")
	if err := fl.Parse(args); err != nil {
		return usageError(stderr, err.Error())
	}
	if *help {
		fmt.Fprint(stdout, usage+"\n"+subcommandUsage)
		return 0
	}
	switch {
	case fl.NArg() > 0:
		return usageError(stderr, "unexpected argument "+fl.Arg(0))
	case *schemas == "" || *out == "" || *pkg == "":
		return usageError(stderr, "--schemas, --out and --package are required")
	}
	files, err := readSchemas(*schemas)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	generated, err := gen.Generate(gen.Config{Package: *pkg, Files: files, Fixtures: *fixtures})
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %s\n", relError(err, *schemas))
		return 1
	}
	if *check {
		return checkOutput(*out, generated, stderr)
	}
	if err := writeOutput(*out, generated); err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	return 0
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "zerogen: %s\nRun 'zerogen --help' for usage.\n", msg)
	return 2
}

// relError names the schema file relative to the working directory.
func relError(err error, dir string) string {
	var ge *gen.Error
	if errors.As(err, &ge) {
		c := *ge
		c.File = filepath.ToSlash(filepath.Join(dir, ge.File))
		return c.Error()
	}
	return err.Error()
}

// readSchemas reads every *.json file under dir, skipping testdata.
func readSchemas(dir string) ([]gen.File, error) {
	var files []gen.File
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files = append(files, gen.File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no *.json files under %s", dir)
	}
	return files, err
}

// existing lists the generated files now in out (those with the zerogen header).
func existing(out string) (map[string]bool, error) {
	found := map[string]bool{}
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(data, []byte("// "+gen.Header)) || isFixture(out, path) {
			rel, _ := filepath.Rel(out, path)
			found[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return found, err
}

func isFixture(out, path string) bool {
	rel, _ := filepath.Rel(out, path)
	return strings.HasPrefix(filepath.ToSlash(rel), "testdata/fixtures/")
}

func checkOutput(out string, generated map[string][]byte, stderr io.Writer) int {
	have, err := existing(out)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	var stale []string
	for _, name := range sortedNames(generated) {
		path := filepath.Join(out, filepath.FromSlash(name))
		data, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			stale = append(stale, "missing: "+path)
		case err != nil:
			stale = append(stale, "unreadable: "+path)
		case !bytes.Equal(data, generated[name]):
			stale = append(stale, "stale: "+path)
		}
		delete(have, name)
	}
	for name := range have {
		stale = append(stale, "no longer generated: "+filepath.Join(out, filepath.FromSlash(name)))
	}
	if len(stale) == 0 {
		return 0
	}
	sort.Strings(stale)
	for _, s := range stale {
		fmt.Fprintf(stderr, "zerogen: %s\n", s)
	}
	fmt.Fprintln(stderr, "zerogen: run 'make generate' and commit the result")
	return 1
}

func writeOutput(out string, generated map[string][]byte) error {
	have, err := existing(out)
	if err != nil {
		return err
	}
	for _, name := range sortedNames(generated) {
		path := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, generated[name]) {
			delete(have, name)
			continue
		}
		if err := os.WriteFile(path, generated[name], 0o644); err != nil {
			return err
		}
		delete(have, name)
	}
	for name := range have {
		if err := os.Remove(filepath.Join(out, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
