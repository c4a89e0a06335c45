package gen

import (
	"fmt"
	"path"
	"strings"

	"github.com/zeroproject/zero/gen/bundle"
	"github.com/zeroproject/zero/gen/compat"
	"github.com/zeroproject/zero/gen/docs"
	"github.com/zeroproject/zero/gen/fixtures"
	"github.com/zeroproject/zero/gen/golang"
	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/gen/ts"
)

// Header is the first line of every file zerogen generates, after "// "
// in Go and TypeScript and inside a comment in Markdown. Files that start
// with it belong to zerogen: a later run may replace or remove them.
const Header = schema.Header

// UpgradeHeader starts the file `zerogen upgrade` writes. It differs from
// Header on purpose: that file is owned by `zerogen upgrade`, so the run
// that generates the rest of the package leaves it alone.
const UpgradeHeader = schema.UpgradeHeader

// File is one schema file given to the generator.
type File = schema.File

// SchemaSet is the schema files of one document family and version, as
// they sit under schema/FAMILY/vN/.
type SchemaSet = schema.SchemaSet

// Error is a generation failure located at a schema position: the file
// and the JSON Pointer inside it.
type Error = schema.Error

// Config says what to generate.
type Config struct {
	// Package is the Go package name of the output.
	Package string
	// Files are the schema files. Every file that is more than a container
	// of $defs is a root: it gets a Go type with decoders and encoders.
	Files []File
	// BaseURL names files that have no $id: BaseURL + Name. Default
	// "file:///schemas/".
	BaseURL string
	// LoadURL fetches schemas referred to by $ref that are not among Files
	// (for example a test suite's remote documents). Nil refuses them.
	LoadURL func(url string) ([]byte, error)
	// Roots names files (by Name) that are roots whatever they hold (a
	// file with a title, or with any keyword beside annotations and $defs,
	// is one anyway). RootNames give the Go name of a root whose schema has
	// no title; a file named in Roots without one is named after the file.
	Roots     []string
	RootNames map[string]string
	// DefaultDialect reads the files whose $schema names no dialect
	// (default 2020-12).
	DefaultDialect Dialect
	// AllowKeywords are keywords accepted as annotations beyond those of
	// the dialect and of the known extension vocabularies.
	AllowKeywords []string
	// DefTypes makes every $defs entry whose type is a struct, union or
	// enum a named Go type (by its title, else its key), even when no root
	// names it on its own.
	DefTypes bool
	// PlainScalars opts out of named scalar types. By default every $defs
	// entry that is a string, integer or number with constraints is a
	// named Go type (ID: {type: string, maxLength: 64} is type ID string),
	// with Validate, used by every field that refers to it; with
	// PlainScalars those fields are plain string, int64 or float64.
	PlainScalars bool
	// Fixtures also generates test fixtures and the test that runs them.
	Fixtures bool
	// AssertFormats makes "format" assert in 2019-09 and 2020-12 files
	// too (draft-04 to -07 assert it always, as jsonschema/v5 and ajv with
	// ajv-formats do); see schema.Options.AssertFormats.
	AssertFormats bool
	// FormatTypes gives string schemas of the formats date-time, date,
	// time, duration, uuid, ipv4, ipv6 and uri Go types (time.Time,
	// rt.Date, rt.TimeOfDay, rt.Duration, rt.UUID, netip.Addr, rt.URI;
	// see ir.FormatTypes) instead of string. The format is asserted on
	// those values even where the dialect leaves it an annotation; Warn
	// hears of each such schema.
	FormatTypes bool
	// Warn, when set, hears of what zerogen accepts but the user may not
	// expect, located like an Error: a keyword of another dialect than the
	// file's, which asserts nothing there (const in a draft-04 file).
	Warn func(*Error)
	// SkipUnknown makes the decoders skip the unknown members of open
	// objects without keeping them (see ir.Model.SkipUnknown): for
	// documents Zero only reads. It cannot go with Fixtures, whose test
	// checks that documents encode back losslessly.
	SkipUnknown bool
	// StrictTypes refuses any rt.Raw the generated code would keep where
	// the schema does not admit any value (see GenerateReport).
	StrictTypes bool
	// AllErrors also gives every root type UnmarshalJSONAll, which reports
	// every violation of an invalid document (rt.Errors) instead of the
	// first; the other generated code does not change.
	AllErrors bool
}

func (c Config) load() schema.Options {
	return schema.Options{Files: c.Files, BaseURL: c.BaseURL, LoadURL: c.LoadURL, Roots: c.Roots,
		DefaultDialect: c.DefaultDialect, AllowKeywords: c.AllowKeywords, Warn: c.Warn,
		AssertFormats: c.AssertFormats}
}

func (c Config) model() ir.Options {
	names := map[string]string{}
	for _, r := range c.Roots {
		base := path.Base(r)
		names[r] = ir.GoName(strings.TrimSuffix(base, path.Ext(base)))
	}
	for k, v := range c.RootNames {
		names[k] = v
	}
	return ir.Options{Package: c.Package, RootNames: names, DefTypes: c.DefTypes, PlainScalars: c.PlainScalars, FormatTypes: c.FormatTypes, AllErrors: c.AllErrors}
}

// Dialect is a JSON Schema draft zerogen reads: draft-04, draft-06,
// draft-07, 2019-09 or 2020-12.
type Dialect = schema.Dialect

// ParseDialect reads a dialect name ("draft-07", "7", "2019-09", "2020-12")
// or a standard meta-schema URL.
func ParseDialect(s string) (Dialect, error) { return schema.ParseDialect(s) }

// OpenAPI30 is the Schema Object of OpenAPI 3.0 as a default dialect:
// draft-04 in which "nullable": true adds null to "type".
const OpenAPI30 = schema.OpenAPI30

// RawValue is one place where the generated code keeps rt.Raw: the JSON
// Pointer of the schema there, the Go field and why the schema has no Go
// shape ("" when it admits any value).
type RawValue = ir.RawValue

// IsYAML reports whether a schema file is read as YAML: its name ends in
// .yaml or .yml. The generator reads such a file as the JSON it converts
// to (see YAMLToJSON).
func IsYAML(name string) bool { return schema.IsYAML(name) }

// YAMLToJSON converts one YAML document to JSON text, mapping keys kept in
// order; see schema.YAMLToJSON.
func YAMLToJSON(data []byte) ([]byte, error) { return schema.YAMLToJSON(data) }

// Generate loads, models and emits. It returns file name → contents. An
// *Error in a YAML file carries its line and column.
func Generate(cfg Config) (map[string][]byte, error) {
	out, _, err := GenerateReport(cfg)
	return out, err
}

// GenerateReport is Generate that also lists every place the generated
// code keeps rt.Raw. With Config.StrictTypes, one whose schema does not
// admit any value is an error.
func GenerateReport(cfg Config) (map[string][]byte, []RawValue, error) {
	out, m, err := generateModel(cfg)
	if err != nil {
		return nil, nil, schema.Locate(err, cfg.Files)
	}
	raws := m.RawValues()
	if cfg.StrictTypes {
		for _, r := range raws {
			if !r.Open() {
				return nil, raws, fmt.Errorf("%s (--strict-types refuses rt.Raw where the schema does not admit any value)", r)
			}
		}
	}
	return out, raws, nil
}

func generateModel(cfg Config) (map[string][]byte, *ir.Model, error) {
	if cfg.Package == "" {
		return nil, nil, fmt.Errorf("no package name")
	}
	if cfg.SkipUnknown && cfg.Fixtures {
		return nil, nil, fmt.Errorf("fixtures need lossless types, which skipping unknown members is not")
	}
	l, err := schema.Load(cfg.load())
	if err != nil {
		return nil, nil, err
	}
	if len(l.Roots) == 0 {
		return nil, nil, fmt.Errorf("no root schema among %d files", len(cfg.Files))
	}
	if cfg.DefTypes && cfg.Fixtures {
		return nil, nil, fmt.Errorf("fixtures are not written for the types of $defs entries: do not ask for both")
	}
	m, err := ir.Build(l, cfg.model())
	if err != nil {
		return nil, nil, err
	}
	m.Hash = Hash(cfg.Files)
	if cfg.SkipUnknown {
		m.SkipUnknown()
	}
	out, err := golang.Emit(m)
	if err != nil || !cfg.Fixtures {
		return out, m, err
	}
	fx, err := fixtures.Generate(l, m)
	if err != nil {
		return nil, nil, err
	}
	for name, b := range fx {
		out[name] = b
	}
	test, err := golang.FixtureTest(m)
	if err != nil {
		return nil, nil, err
	}
	out["fixtures_test.go"] = test
	return out, m, nil
}

// FixtureDir is where fixtures go inside the generated package.
const FixtureDir = fixtures.FixtureDir

// Hash is the digest of the input schema files that generated headers
// carry: "sha256:" and hex over each file's name and contents in name order.
func Hash(files []File) string { return schema.Hash(files) }

// BundledRoot is one root schema made self-contained.
type BundledRoot = bundle.BundledRoot

// BundleFile is the Go file of a bundle package.
const BundleFile = bundle.BundleFile

// Bundle makes every root file of files self-contained; see bundle.Bundle.
func Bundle(files []File) ([]BundledRoot, error) { return bundle.Bundle(files) }

// Bundles bundles every root of every set and writes the Go package pkg
// that embeds them; see bundle.Bundles.
func Bundles(pkg string, sets []SchemaSet) (map[string][]byte, error) {
	return bundle.Bundles(pkg, sets)
}

// TSOptions say what the header of a TypeScript file names; see
// ts.Options.
type TSOptions = ts.Options

// TypeScript writes one declaration file per schema set, "FAMILY/vN.d.ts";
// see ts.TypeScript.
func TypeScript(sets []SchemaSet, opts TSOptions) (map[string][]byte, error) {
	return ts.TypeScript(sets, opts)
}

// DocsOptions say what the reference pages link to; see docs.Options.
type DocsOptions = docs.Options

// Place is a path as a reader knows it and as a link from the output
// directory; see docs.Place.
type Place = docs.Place

// Docs writes the Markdown reference of the schema sets; see docs.Docs.
func Docs(sets []SchemaSet, opts DocsOptions) (map[string][]byte, error) {
	return docs.Docs(sets, opts)
}

// Role is the side of a protocol a compatibility report speaks for.
type Role = compat.Role

// The roles: see compat.Consumer and compat.Producer.
const (
	Consumer = compat.Consumer
	Producer = compat.Producer
)

// Change is one difference between two versions of a root schema.
type Change = compat.Change

// CompatReport lists the changes from one version of a schema family to
// the next.
type CompatReport = compat.Report

// Compat compares two versions of a set of schema files; see compat.Compat.
func Compat(oldFiles, newFiles []File) (*CompatReport, error) {
	return compat.Compat(oldFiles, newFiles)
}

// CompatPair names an old and a new schema to compare (see ComparePairs).
type CompatPair = compat.Pair

// ComparePairs compares the pairs' schemas only; see compat.ComparePairs.
func ComparePairs(oldFiles, newFiles []File, pairs []CompatPair) (*CompatReport, error) {
	return compat.ComparePairs(oldFiles, newFiles, pairs)
}

// UpgradeFile is the file Upgrade writes into the new version's package.
const UpgradeFile = golang.UpgradeFile

// UpgradeConfig says which two versions of a schema family to convert
// between.
type UpgradeConfig struct {
	// From is the old version's schemas; FromImport is the import path of
	// the Go package generated from them, and From.Package its name
	// (default: the last two elements of FromImport joined, as in
	// "streamjsonv1" for ".../streamjson/v1").
	From       Config
	FromImport string
	// To is the new version's schemas; To.Package is the package the
	// generated code goes in.
	To Config
	// FromDir and ToDir, when set, are put in front of the file names in
	// errors, so that they tell the two versions apart.
	FromDir, ToDir string
}

// Upgrade writes UpgradeFile: for every root of the old version, a
// function that converts a decoded old document to the new version's
// type; see golang.Upgrade.
func Upgrade(cfg UpgradeConfig) (map[string][]byte, error) {
	return golang.Upgrade(cfg.golang())
}

func (cfg UpgradeConfig) golang() golang.UpgradeConfig {
	return golang.UpgradeConfig{
		From:       golang.Version{Load: cfg.From.load(), Model: cfg.From.model()},
		FromImport: cfg.FromImport,
		To:         golang.Version{Load: cfg.To.load(), Model: cfg.To.model()},
		FromDir:    cfg.FromDir,
		ToDir:      cfg.ToDir,
	}
}

// DowngradeFile is the file Downgrade writes into the new version's
// package.
const DowngradeFile = golang.DowngradeFile

// DowngradeHeader starts the file `zerogen downgrade` writes; like
// UpgradeHeader, it keeps the run that generates the package away from it.
const DowngradeHeader = golang.DowngradeHeader

// Downgrade writes DowngradeFile: for every root of the new version (cfg.To),
// a function that converts a document to the old version (cfg.From). drops
// names, by title, each union variant the old version lacks, with the
// reason it is dropped; see golang.Downgrade.
func Downgrade(cfg UpgradeConfig, drops map[string]string) (map[string][]byte, error) {
	return golang.Downgrade(cfg.golang(), drops)
}
