package main

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/gen"
)

const usage = `Usage:
  zerogen --schemas DIR... --out DIR --package NAME [--fixtures | --skip-unknown] [--check]
          [--include GLOB]... [--exclude GLOB]... [--root FILE]... [--def-types] [--named-scalars=false]
          [--default-dialect D] [--allow-keyword NAME]... [--ref-dir URL=DIR]...
          [--assert-formats] [--format-types] [--strict-types] [--raw-report] [--all-errors]

Generates one Go package from every JSON Schema file under --schemas:
types named by each schema's title, strict single-pass decoders
(UnmarshalJSON, DecodeJSON), lossless encoders (MarshalJSON, AppendJSON,
EncodeJSON) and Validate methods.

Flags:
  --schemas DIR     directory of schema files, searched recursively: *.json,
                    and *.yaml and *.yml read as YAML (repeatable: the
                    directories are laid over one another, each file named
                    by its path under its own directory, so a relative $ref
                    finds a file in any of them; a name in two is an error)
  --include GLOB    read only the files matching GLOB (repeatable; default
                    *.json, *.yaml, *.yml). GLOB is matched against the path
                    under --schemas: * within a name, ** across directories,
                    DIR/ for everything under DIR; without a /, it matches
                    any one name in the path (examples, *.json)
  --exclude GLOB    leave out the files matching GLOB (repeatable), such as
                    example documents: --exclude examples/
  --out DIR         directory to write the Go package to
  --package NAME    Go package name of the output; a hand-written Go file
                    in --out with another package name is an error
  --fixtures        also write testdata/fixtures/ (valid and invalid documents
                    per root, checked against the reference validator, with a
                    manifest.json for clients in any language) and
                    fixtures_test.go, which runs them through the package
  --skip-unknown    decoders check the syntax of the members an open object's
                    schema does not name and skip them, allocating nothing,
                    instead of keeping them in Extra; the types then no longer
                    encode back what they decoded (for documents only read,
                    such as a vendor's stream); not with --fixtures
  --check           write nothing; exit 1 listing stale, missing or extra files
  --root FILE       make FILE (relative to --schemas) a root even if it holds
                    only annotations or $defs; without a title it is named
                    after the file (repeatable). A file with any keyword beside
                    annotations and $defs is a root anyway, and so is one of
                    only annotations with a title ({"title": "Anything"}).
  --def-types       make every $defs (or definitions) entry that is an object,
                    a union or an enum a Go type of its own, named by its title
                    or else its key, with its decoders, encoders and Validate,
                    even when no root names it: for single-file protocol
                    schemas whose root is only an anyOf of message kinds (ACP,
                    MCP), so that each message type can be decoded on its own;
                    not with --fixtures
  --named-scalars=false
                    keep the $defs entries that are a string, integer or
                    number with constraints plain Go types (string, int64,
                    float64) at every field that refers to them. By default
                    each is a named Go type (Id: {type: string, maxLength:
                    64} becomes type ID string) with its Validate, used by
                    every such field; an entry without constraints stays
                    plain
  --default-dialect D
                    dialect of files whose $schema names none: draft-04,
                    draft-06, draft-07, 2019-09, 2020-12 (the default) or
                    openapi-3.0 (OpenAPI 3.0 Schema Objects)
  --allow-keyword NAME
                    accept keyword NAME as an annotation (repeatable)
  --assert-formats  assert "format" in 2019-09 and 2020-12 files too, where it
                    is an annotation unless the meta-schema turns on the
                    format-assertion vocabulary; draft-04 to draft-07 files
                    assert it always, as jsonschema/v5 and ajv-formats do
  --format-types    give a string of format date-time a time.Time, date an
                    rt.Date, time an rt.TimeOfDay, duration an rt.Duration,
                    uuid an rt.UUID, ipv4 and ipv6 a netip.Addr and uri an
                    rt.URI, read and written by the runtime's own codecs
                    (see docs/zerogen.md, "format", for what is written back
                    differently). Such a format is asserted even where the
                    dialect makes it an annotation (2019-09, 2020-12):
                    a warning names each such schema
  --ref-dir URL=DIR read a $ref to a URL that starts with URL, and that no
                    schema file's $id names, from the file DIR/REST, where
                    REST is the rest of the URL (repeatable; the longest URL
                    wins). Nothing is ever fetched over the network.
  --strict-types    refuse to generate when a value would stay rt.Raw although
                    its schema does not admit any value ({} and true do)
  --raw-report      print every rt.Raw the package keeps, with its schema's
                    JSON Pointer and the reason, and the share of struct
                    fields that are rt.Raw, to stderr
  --all-errors      also give every root type UnmarshalJSONAll, which decodes
                    like UnmarshalJSON but reports every violation of an
                    invalid document (rt.Errors, in document order) instead of
                    the first, for 422 answers and forms; the rest of the
                    package is unchanged
  -h, --help        show this help

Every rt.Raw kept where the schema does not admit any value is reported on
stderr ("zerogen: warning: ...") with its JSON Pointer and reason, and in
the field's doc comment.

Dialects: each file is read in the dialect its $schema names: draft-04,
draft-06, draft-07, 2019-09 or 2020-12, or a custom meta-schema built on one
of them (whose $vocabulary is honoured). $ref may name the standard
meta-schemas, which are built in. A file whose $id is a standard
meta-schema's is read as the input it is. OpenAPI 3.0 Schema Objects
($schema naming https://spec.openapis.org/oas/3.0/schema/..., or
--default-dialect openapi-3.0) are read as draft-04 in which
"nullable": true adds null to the "type" beside it.

Keywords: every keyword of the file's dialect; x-* extensions (of which
x-go-name names a property's Go field); and, as
annotations, OpenAPI's discriminator, example, externalDocs, xml, nullable
(which admits null only in the OpenAPI 3.0 dialect)
and the editor hints of VS Code and SchemaStore (markdownDescription,
allowTrailingCommas, defaultSnippets, deprecationMessage, enumDescriptions,
errorMessage, patternErrorMessage, doNotSuggest, ...). Any other keyword is
refused with its position (and the nearest known keyword, for a typo)
unless --allow-keyword names it; none is ever silently ignored.

YAML: a .yaml or .yml file is read as the JSON it stands for (YAML 1.2:
yes, no, on and off are strings), key order kept, anchors and aliases
expanded; a key that is not a string, a key written twice or a second
document is an error at its line and column, and so are the loader's
errors in such a file.

Examples:
  zerogen --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2
  zerogen --schemas schema/streamjson/v2 --out generated/streamjson/v2 --package streamjsonv2 --check
  zerogen --schemas schema/tools/v1 --out generated/tools/v1 --package toolsv1 --fixtures
  zerogen --schemas api/schemas --exclude examples/ --out internal/api --package api

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
	schemas := fl.StringArray("schemas", nil, "")
	filter := addFilterFlags(fl)
	out := fl.String("out", "", "")
	pkg := fl.String("package", "", "")
	check := fl.Bool("check", false, "")
	fixtures := fl.Bool("fixtures", false, "")
	skipUnknown := fl.Bool("skip-unknown", false, "")
	roots := fl.StringArray("root", nil, "")
	defTypes := fl.Bool("def-types", false, "")
	namedScalars := fl.Bool("named-scalars", true, "")
	dialect := fl.String("default-dialect", "2020-12", "")
	allow := fl.StringArray("allow-keyword", nil, "")
	assertFormats := fl.Bool("assert-formats", false, "")
	formatTypes := fl.Bool("format-types", false, "")
	refDirFlags := fl.StringArray("ref-dir", nil, "")
	strict := fl.Bool("strict-types", false, "")
	rawReport := fl.Bool("raw-report", false, "")
	allErrors := fl.Bool("all-errors", false, "")
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
	case len(*schemas) == 0 || *out == "" || *pkg == "":
		return usageError(stderr, "--schemas, --out and --package are required")
	case *defTypes && *fixtures:
		return usageError(stderr, "--def-types and --fixtures do not go together: fixtures are written per root, not for the types of $defs entries")
	}
	if msg := checkPackageName(*pkg); msg != "" {
		return usageError(stderr, msg)
	}
	d, err := gen.ParseDialect(*dialect)
	if err != nil {
		return usageError(stderr, "--default-dialect: "+err.Error())
	}
	refs, err := parseRefDirs(*refDirFlags)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if err := filter.check(); err != nil {
		return usageError(stderr, err.Error())
	}
	sf, err := readSchemaDirs(*schemas, filter)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	for i, r := range *roots {
		r = filepath.ToSlash(filepath.Clean(r))
		(*roots)[i] = r
		if !hasFile(sf.files, r) {
			return usageError(stderr, fmt.Sprintf("--root %s: no such schema file under %s", r, strings.Join(*schemas, ", ")))
		}
	}
	if msg := packageClash(*out, *pkg); msg != "" {
		fmt.Fprintf(stderr, "zerogen: %s\n", msg)
		return 1
	}
	generated, raws, err := gen.GenerateReport(gen.Config{Package: *pkg, Files: sf.files, Fixtures: *fixtures,
		Roots: *roots, DefTypes: *defTypes, PlainScalars: !*namedScalars, DefaultDialect: d, AllowKeywords: *allow, SkipUnknown: *skipUnknown, LoadURL: refs.load,
		AssertFormats: *assertFormats, FormatTypes: *formatTypes, StrictTypes: *strict, AllErrors: *allErrors,
		Warn: func(w *gen.Error) { fmt.Fprintf(stderr, "zerogen: warning: %s\n", sf.message(w)) }})
	if err != nil {
		return sf.fail(stderr, err)
	}
	reportRaws(stderr, sf, raws, *rawReport)
	return output{dir: *out, owned: isFixture}.sync(generated, *check, rerunLine("zerogen", args), stderr)
}

// fail reports a generation error, with a hint when the file at fault
// looks like no schema, and returns exit code 1.
func (sf schemaFiles) fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "zerogen: %s\n", sf.message(err))
	if hint := sf.notSchemaHint(err); hint != "" {
		fmt.Fprintf(stderr, "zerogen: hint: %s\n", hint)
	}
	return 1
}

// hasFile reports whether files has one named name.
func hasFile(files []gen.File, name string) bool {
	for _, f := range files {
		if f.Name == name {
			return true
		}
	}
	return false
}

// isFixture reports whether rel, relative to a Go package's directory,
// is one of the fixture documents zerogen writes with --fixtures.
func isFixture(rel string) bool {
	return strings.HasPrefix(rel, "testdata/fixtures/")
}

// checkPackageName returns why name cannot be the --package of a Go
// package, or "" when it can.
func checkPackageName(name string) string {
	switch {
	case !token.IsIdentifier(name):
		return fmt.Sprintf("--package %q is not a Go package name: use letters, digits and underscores, not starting with a digit (for example %q)", name, suggestPackage(name))
	case name == "_":
		return "--package _ is not a usable Go package name"
	}
	return ""
}

// suggestPackage turns name into the nearest Go package name: lower case,
// with everything but letters and digits dropped.
func suggestPackage(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || token.IsKeyword(b.String()) {
		return "schemas"
	}
	return b.String()
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "zerogen: %s\nRun 'zerogen --help' for usage.\n", msg)
	return 2
}
