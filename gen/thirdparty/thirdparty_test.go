package thirdparty

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/internal/testmod"
)

// unmarshalers finds the types a generated decode.go gives UnmarshalJSON.
var unmarshalers = regexp.MustCompile(`(?m)^func \(x \*(\w+)\) UnmarshalJSON\(`)

// protocol is one third-party schema.
type protocol struct {
	dir, pkg string
	examples bool // has examples/<Type>/*.json
}

var protocols = []protocol{
	{"mcp/2025-06-18", "mcp20250618", false},
	{"mcp/2026-07-28", "mcp20260728", true},
	{"acp/v1", "acpv1", false},
}

// sample is one document to decode as a named type.
type sample struct {
	Name  string          `json:"name"` // example path, with the mutation
	Pkg   string          `json:"pkg"`
	Type  string          `json:"type"` // Go type name
	Def   string          `json:"-"`    // $defs key
	Data  json.RawMessage `json:"data"`
	Valid bool            `json:"-"` // jsonschema/v5's verdict
}

// outcome is what the generated code did with one sample.
type outcome struct {
	OK  bool            `json:"ok"`
	Err string          `json:"err"`
	Out json.RawMessage `json:"out"`
}

func TestThirdParty(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIPPED with -short: builds three generated packages")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	shared := filepath.Join(repo, "..", "shared", "thirdparty")
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("SKIPPED, NOT RUN: the third-party schemas are not at %s (%v); put the shared reference data beside the repository and run 'go test ./gen/thirdparty'", shared, err)
	}
	dir := t.TempDir()
	env, err := testmod.Write(dir, "zerotp", repo)
	if err != nil {
		t.Fatal(err)
	}
	var samples []*sample
	decodable := map[string]bool{}
	for _, p := range protocols {
		data, err := os.ReadFile(filepath.Join(shared, filepath.FromSlash(p.dir), "schema.json"))
		if err != nil {
			t.Fatal(err)
		}
		files, err := gen.Generate(gen.Config{Package: p.pkg, Files: []gen.File{{Name: "schema.json", Data: data}},
			Roots: []string{"schema.json"}, RootNames: map[string]string{"schema.json": "Protocol"}, DefTypes: true})
		if err != nil {
			t.Errorf("%s: %v", p.dir, err)
			continue
		}
		if err := writePackage(filepath.Join(dir, p.pkg), files); err != nil {
			t.Fatal(err)
		}
		for _, m := range unmarshalers.FindAllSubmatch(files["decode.go"], -1) {
			decodable[p.pkg+"."+string(m[1])] = true
		}
		t.Logf("%s: %d Go types declared, %d of them decodable on their own", p.dir, countTypes(t, files["types.go"]), len(unmarshalers.FindAll(files["decode.go"], -1)))
		if p.examples {
			samples = append(samples, examples(t, p, filepath.Join(shared, filepath.FromSlash(p.dir)), data)...)
		}
	}
	if t.Failed() {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), mainProgram(samples, decodable), 0o644); err != nil {
		t.Fatal(err)
	}
	outcomes := runProgram(t, dir, env, samples)
	judge(t, samples, outcomes)
}

func writePackage(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// countTypes counts the type declarations of a generated types.go.
func countTypes(t *testing.T, src []byte) int {
	f, err := parser.ParseFile(token.NewFileSet(), "types.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			n += len(g.Specs)
		}
	}
	return n
}

// examples reads every example document, judges it and its mutants with
// jsonschema/v5 against its $defs entry.
func examples(t *testing.T, p protocol, dir string, schemaData []byte) []*sample {
	c := jsonschema.NewCompiler()
	c.AssertFormat, c.AssertContent = false, false
	const url = "https://thirdparty.invalid/schema.json"
	if err := c.AddResource(url, bytes.NewReader(schemaData)); err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(dir, "examples", "*", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples under %s: %v", dir, err)
	}
	sort.Strings(paths)
	var out []*sample
	for _, path := range paths {
		def := filepath.Base(filepath.Dir(path))
		s, err := c.Compile(url + "#/$defs/" + def)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel := def + "/" + filepath.Base(path)
		for _, m := range mutants(rel, data) {
			m.Pkg, m.Type, m.Def = p.pkg, ir.GoName(def), def
			var v any
			d := json.NewDecoder(bytes.NewReader(m.Data))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			m.Valid = s.Validate(v) == nil
			out = append(out, m)
		}
		if !out[len(out)-len(mutants(rel, data))].Valid {
			t.Errorf("example %s is invalid by jsonschema/v5", rel)
		}
	}
	return out
}

// mutants returns the document itself, then for an object each member
// removed, replaced by a number and by a string, and an unknown member
// added.
func mutants(name string, data []byte) []*sample {
	out := []*sample{{Name: name, Data: data}}
	var members map[string]json.RawMessage
	if json.Unmarshal(data, &members) != nil {
		return out
	}
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	with := func(what string, change func(m map[string]json.RawMessage)) {
		m := map[string]json.RawMessage{}
		for k, v := range members {
			m[k] = v
		}
		change(m)
		b, _ := json.Marshal(m)
		out = append(out, &sample{Name: name + " " + what, Data: b})
	}
	for _, k := range keys {
		with("without "+k, func(m map[string]json.RawMessage) { delete(m, k) })
		with(k+"=12345", func(m map[string]json.RawMessage) { m[k] = json.RawMessage("12345") })
		with(k+`="mutant"`, func(m map[string]json.RawMessage) { m[k] = json.RawMessage(`"mutant"`) })
	}
	with("with zzMutant", func(m map[string]json.RawMessage) { m["zzMutant"] = json.RawMessage("1") })
	return out
}

// mainProgram decodes each sample (one JSON line on stdin) into its type,
// validates it and re-encodes it. decodable lists, as "pkg.Type", the
// types that have an UnmarshalJSON method.
func mainProgram(samples []*sample, decodable map[string]bool) []byte {
	pkgs := map[string]bool{}
	cases := map[string]bool{}
	var b strings.Builder
	for _, s := range samples {
		pkgs[s.Pkg] = true
		if decodable[s.Pkg+"."+s.Type] {
			cases[s.Pkg+"."+s.Type] = true
		}
	}
	b.WriteString("package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/json\"\n\t\"os\"\n")
	for _, p := range sortedKeys(pkgs) {
		fmt.Fprintf(&b, "\t%q\n", "zerotp/"+p)
	}
	b.WriteString(")\n\n")
	b.WriteString(`type in struct{ Pkg, Type string; Data json.RawMessage }
type out struct{ OK bool ` + "`json:\"ok\"`" + `; Err string ` + "`json:\"err\"`" + `; Out json.RawMessage ` + "`json:\"out\"`" + ` }

type value interface {
	UnmarshalJSON([]byte) error
	MarshalJSON() ([]byte, error)
	Validate() error
}

func newValue(name string) value {
	switch name {
`)
	for _, c := range sortedKeys(cases) {
		fmt.Fprintf(&b, "\tcase %q:\n\t\treturn new(%s)\n", c, c)
	}
	b.WriteString(`	}
	return nil
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 64<<20)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var x in
		if err := json.Unmarshal(sc.Bytes(), &x); err != nil {
			panic(err)
		}
		v := newValue(x.Pkg + "." + x.Type)
		var o out
		switch {
		case v == nil:
			o.Err = "no such type"
		default:
			if err := v.UnmarshalJSON(x.Data); err != nil {
				o.Err = err.Error()
			} else if err := v.Validate(); err != nil {
				o.Err = "Validate: " + err.Error()
			} else if b, err := v.MarshalJSON(); err != nil {
				o.Err = "MarshalJSON: " + err.Error()
			} else {
				o.OK, o.Out = true, b
			}
		}
		if err := enc.Encode(o); err != nil {
			panic(err)
		}
	}
}
`)
	return []byte(b.String())
}

func runProgram(t *testing.T, dir string, env []string, samples []*sample) []outcome {
	bin := filepath.Join(dir, "tp")
	cmd := exec.CommandContext(t.Context(), "go", "build", "-trimpath", "-o", bin, ".")
	cmd.Dir, cmd.Env = dir, append(env, "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated packages do not build: %v\n%s", err, out)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, s := range samples {
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
	}
	cmd = exec.CommandContext(t.Context(), bin)
	cmd.Dir, cmd.Stdin = dir, &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("harness program: %v", err)
	}
	var res []outcome
	d := json.NewDecoder(bytes.NewReader(out))
	for range samples {
		var o outcome
		if err := d.Decode(&o); err != nil {
			t.Fatalf("harness program output: %v", err)
		}
		res = append(res, o)
	}
	return res
}

// judge compares each outcome with jsonschema/v5's verdict and checks the
// round trip of every accepted document.
func judge(t *testing.T, samples []*sample, outcomes []outcome) {
	examples, mutated, disagree := 0, 0, 0
	for i, s := range samples {
		o := outcomes[i]
		if !strings.Contains(s.Name, " ") {
			examples++
		} else {
			mutated++
		}
		if o.OK != s.Valid {
			disagree++
			t.Errorf("%s (%s.%s): generated code says valid=%v (%s), jsonschema/v5 says %v", s.Name, s.Pkg, s.Type, o.OK, o.Err, s.Valid)
			continue
		}
		if o.OK && !sameJSON(s.Data, o.Out) {
			t.Errorf("%s: re-encoded to a different value:\n in  %s\n out %s", s.Name, s.Data, o.Out)
		}
	}
	t.Logf("MCP 2026-07-28 examples: %d documents and %d mutants, %d verdicts differ from jsonschema/v5", examples, mutated, disagree)
}

func sameJSON(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
