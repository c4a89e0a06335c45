package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// TestAllErrorsAgreeWithReference runs the interpreter's all-errors mode
// (what UnmarshalJSONAll walks) over every case of the suite's top-level
// files and this package's dialect cases, built in process from the
// generator's model (no Go code is compiled, so it takes seconds), and
// checks for every test:
//   - the all-errors verdict is the first-error mode's (Node.ValidateRaw);
//   - a document jsonschema/v5 accepts gets no errors;
//   - for a document it refuses, the leaf errors (errors without Causes,
//     and the leaves of the Causes) are at the same instance locations
//     with the same keywords as the leaves of jsonschema/v5's error tree
//     (what DetailedOutput shows), by the rules of leafKeys.
//
// Documents the interpreter does not judge (duplicate keys, numbers beyond
// its exact range, see rt.IsRange) are left out and counted.
func TestAllErrorsAgreeWithReference(t *testing.T) {
	dir := suiteDir(repoRoot(t))
	if _, err := os.Stat(filepath.Join(dir, "tests", "draft2020-12")); err != nil {
		t.Skipf("SKIPPED, NOT RUN: the JSON Schema Test Suite is not at %s (%v); see 'make fetch-suite'", dir, err)
	}
	files, err := loadSuite(dir)
	if err != nil {
		t.Fatal(err)
	}
	remotes := filepath.Join(dir, "remotes")
	var cases, tests, invalid, multi, refused, skipped, refDiffers int
	for _, f := range files {
		if f.Optional {
			continue
		}
		for _, c := range f.Cases {
			cases++
			node, err := allNode(c, remotes)
			if err != nil {
				refused++ // the generator refuses the schema; TestSuite reports it
				continue
			}
			ref, err := referenceSchema(c, asDraft4(t, c.Schema), remotes)
			if err != nil {
				t.Fatalf("%s #%d: the reference does not compile the schema: %v", f.Name, c.Index, err)
			}
			for _, tc := range c.Tests {
				name := fmt.Sprintf("%s #%d %q / %q", f.Name, c.Index, c.Description, tc.Description)
				first := node.ValidateRaw(rt.Raw(tc.Data))
				all := node.ValidateAll(string(tc.Data))
				if (first == nil) != (all == nil) {
					t.Errorf("%s: first-error mode says %v, all-errors mode %v", name, first, all)
					continue
				}
				if first != nil && (rt.IsRange(first) || first.(*rt.Error).Keyword == "duplicate") || anyRange(all) {
					skipped++
					continue
				}
				tests++
				if (all == nil) != tc.Valid {
					t.Errorf("%s: the suite says valid=%v, all-errors mode %v", name, tc.Valid, all)
					continue
				}
				var v any
				if err := json.Unmarshal(tc.Data, &v); err != nil {
					t.Fatal(err)
				}
				verr := ref.Validate(v)
				if (verr == nil) != tc.Valid {
					refDiffers++ // jsonschema/v5's own verdict is wrong here: nothing to compare
					continue
				}
				if verr == nil {
					continue
				}
				invalid++
				ve, ok := verr.(*jsonschema.ValidationError)
				if !ok {
					t.Fatalf("%s: %v", name, verr)
				}
				want := refLeaves(ve, v)
				got := matchLocs(ourLeaves(all), want)
				if len(want) > 1 {
					multi++
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: %s\nleaf errors %v\njsonschema/v5 %v\nours:\n%s\nreference:\n%s", name, tc.Data, got, want, all, detailed(ve))
				}
			}
		}
	}
	t.Logf("%d cases (%d refused by the generator), %d tests compared (%d invalid, %d of them with several leaf errors), %d not judged by the interpreter, %d where jsonschema/v5 disagrees with the suite",
		cases, refused, tests, invalid, multi, skipped, refDiffers)
	if invalid < 500 || multi < 50 {
		t.Errorf("only %d invalid documents compared, %d with several errors; is the suite complete?", invalid, multi)
	}
}

func anyRange(es rt.Errors) bool {
	for _, e := range es {
		if rt.IsRange(e) {
			return true
		}
	}
	return false
}

func detailed(ve *jsonschema.ValidationError) string {
	b, _ := json.MarshalIndent(ve.DetailedOutput(), "", "  ")
	return string(b)
}

// allNode builds the case's model with the all-errors node of its root, as
// zerogen --all-errors does, and turns it into the rtimpl.Node the
// generated code would declare.
func allNode(c *suiteCase, remotes string) (n *rtimpl.Node, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	_, m, err := ir.Load(schema.Options{
		Files:          []schema.File{{Name: "schema.json", Data: c.Schema}},
		BaseURL:        fmt.Sprintf("http://harness.invalid/%s/c%d/", c.File.Dir, c.Index),
		LoadURL:        remoteLoader(remotes),
		Roots:          []string{"schema.json"},
		DefaultDialect: c.File.Dialect,
	}, ir.Options{Package: "p", RootNames: map[string]string{"schema.json": "Root"}, AllErrors: true})
	if err != nil {
		return nil, err
	}
	return toRT(m.Roots[0].AllNode, map[*ir.Node]*rtimpl.Node{}), nil
}

// toRT is what gen/golang's nodes.go emits for an ir.Node, built at run
// time.
func toRT(n *ir.Node, memo map[*ir.Node]*rtimpl.Node) *rtimpl.Node {
	if n == nil {
		return nil
	}
	switch n.ID {
	case -1:
		return rtimpl.False
	case -2:
		return rtimpl.True
	}
	if r, ok := memo[n]; ok {
		return r
	}
	r := &rtimpl.Node{MaxContains: n.MaxContains, Loc: n.Loc}
	memo[n] = r
	if n.Never {
		r.Never = true
		return r
	}
	for _, t := range n.Types {
		r.Types |= map[string]rtimpl.TypeSet{"null": rtimpl.TNull, "boolean": rtimpl.TBool, "object": rtimpl.TObject,
			"array": rtimpl.TArray, "number": rtimpl.TNumber, "integer": rtimpl.TInteger, "string": rtimpl.TString}[t]
	}
	if len(n.Const) > 0 {
		r.Const = []string{n.Const[0]}
	}
	if n.Enum != nil {
		r.Enum = append([]string{}, n.Enum...)
	}
	if n.Str != nil {
		r.Str = &rtimpl.StrRule{MinLen: n.Str.MinLen, MaxLen: n.Str.MaxLen}
		if n.Str.Pattern != "" {
			r.Str.Pattern = rtimpl.MustPattern(n.Str.Pattern)
		}
		if n.Str.Format != "" {
			r.Str.Format = rtimpl.MustFormat(n.Str.Format)
		}
	}
	if b := n.Num; b != nil {
		r.Num = rtimpl.NewNumRule(b.Min, b.ExMin, b.Max, b.ExMax, b.MultipleOf)
	}
	list := func(ns []*ir.Node) []*rtimpl.Node {
		var out []*rtimpl.Node
		for _, m := range ns {
			out = append(out, toRT(m, memo))
		}
		return out
	}
	r.Prefix, r.Items = list(n.Prefix), toRT(n.Items, memo)
	if n.Contains != nil {
		r.Contains, r.MinContains, r.ContainsNoEval = toRT(n.Contains, memo), n.MinContains, n.ContainsNoEval
	}
	if s := n.ArrSize; s != nil {
		r.ArrSize = &rtimpl.SizeRule{Min: s.Min, Max: s.Max, MinKw: "minItems", MaxKw: "maxItems", Noun: "item"}
	}
	r.Unique = n.Unique
	for _, p := range n.Props {
		if r.Props == nil {
			r.Props = map[string]*rtimpl.Node{}
		}
		r.Props[p.Name] = toRT(p.Node, memo)
	}
	for _, p := range n.Patterns {
		r.Patterns = append(r.Patterns, rtimpl.PatternNode{Pattern: rtimpl.MustPattern(p.Name), Node: toRT(p.Node, memo)})
	}
	r.Additional, r.PropertyNames = toRT(n.Additional, memo), toRT(n.PropertyNames, memo)
	r.Required, r.DepKeyword = n.Required, n.DepKeyword
	for _, d := range n.DepRequired {
		if r.DepRequired == nil {
			r.DepRequired = map[string][]string{}
		}
		r.DepRequired[d.Name] = d.Requires
	}
	for _, d := range n.DepSchemas {
		if r.DepSchemas == nil {
			r.DepSchemas = map[string]*rtimpl.Node{}
		}
		r.DepSchemas[d.Name] = toRT(d.Node, memo)
	}
	if s := n.ObjSize; s != nil {
		r.ObjSize = &rtimpl.SizeRule{Min: s.Min, Max: s.Max, MinKw: "minProperties", MaxKw: "maxProperties", Noun: "property"}
	}
	r.Ref, r.DynRef, r.DynName = toRT(n.Ref, memo), toRT(n.DynRef, memo), n.DynName
	for _, a := range n.DynAnchors {
		if r.DynAnchors == nil {
			r.DynAnchors = map[string]*rtimpl.Node{}
		}
		r.DynAnchors[a.Name] = toRT(a.Node, memo)
		r.DynResource = n.DynResource
	}
	r.AllOf, r.AnyOf, r.OneOf = list(n.AllOf), list(n.AnyOf), list(n.OneOf)
	r.Not, r.If, r.Then, r.Else = toRT(n.Not, memo), toRT(n.If, memo), toRT(n.Then, memo), toRT(n.Else, memo)
	r.UnevalProps, r.UnevalItems = toRT(n.UnevalProps, memo), toRT(n.UnevalItems, memo)
	return r
}

// referenceSchema compiles the case's schema with jsonschema/v5 in its
// dialect, serving the suite's remote documents.
func referenceSchema(c *suiteCase, schema []byte, remotes string) (*jsonschema.Schema, error) {
	url := fmt.Sprintf("http://harness.invalid/%s/c%d/schema.json", c.File.Dir, c.Index) // as allNode names it
	comp := jsonschema.NewCompiler()
	comp.Draft = map[int]*jsonschema.Draft{4: jsonschema.Draft4, 6: jsonschema.Draft6, 7: jsonschema.Draft7,
		2019: jsonschema.Draft2019, 2020: jsonschema.Draft2020}[int(c.File.Dialect)]
	load := remoteLoader(remotes)
	comp.LoadURL = func(u string) (io.ReadCloser, error) {
		b, err := load(u)
		if err != nil {
			return nil, err
		}
		return io.NopCloser(bytes.NewReader(b)), nil
	}
	if err := comp.AddResource(url, bytes.NewReader(schema)); err != nil {
		return nil, err
	}
	return comp.Compile(url)
}

// The two validators place some failures differently; leafKeys compares
// them by these rules:
//   - additionalProperties: false and additionalItems: false: jsonschema/v5
//     reports one error at the object or array; the interpreter reports one
//     per member or item that is not allowed, at that member ("unknown
//     property") or item (the false schema). Both sides count as the
//     object or array.
//   - dependentRequired (and the property lists of draft-04's dependencies)
//     count as required, which they are for the properties they name.
//   - the keyword of a leaf is the last keyword of jsonschema/v5's keyword
//     location: a false schema's is "false" (the interpreter's keyword),
//     minContains that comes from contains alone is "contains", and the
//     errors found in propertyNames are "propertyNames", as the interpreter
//     reports them.

func ourLeaves(es rt.Errors) []string {
	var keys []string
	var walk func([]*rt.Error)
	walk = func(es []*rt.Error) {
		for _, e := range es {
			if len(e.Causes) > 0 {
				walk(e.Causes)
				continue
			}
			ptr, kw := e.Pointer, e.Keyword
			switch kw {
			case "dependentRequired":
				kw = "required"
			case "additionalProperties":
				ptr = parent(ptr)
			case "minContains":
				kw = "contains"
			case "unevaluatedProperties", "unevaluatedItems":
				kw = "false" // the false schema, as jsonschema/v5 reports it
			}
			loc := e.SchemaLoc
			if e.Keyword == "contains" {
				loc = strings.TrimSuffix(loc, "contains") + "minContains"
			}
			keys = append(keys, ptr+" "+kw+" "+shortLoc(loc))
		}
	}
	walk(es)
	return uniq(keys)
}

func refLeaves(ve *jsonschema.ValidationError, doc any) []string {
	var keys []string
	var walk func(*jsonschema.ValidationError)
	walk = func(ve *jsonschema.ValidationError) {
		if len(ve.Causes) > 0 {
			for _, c := range ve.Causes {
				walk(c)
			}
			return
		}
		kw := lastKeyword(ve)
		loc := refLoc(ve.AbsoluteKeywordLocation)
		ptr, err := url.PathUnescape(ve.InstanceLocation)
		if err != nil {
			panic(err)
		}
		switch {
		case strings.Contains(ve.KeywordLocation, "/propertyNames"):
			kw = "propertyNames"
		case kw == "minContains":
			kw = "contains"
		case kw == "additionalItems" && strings.HasPrefix(ve.Message, "only "):
			kw = "false" // the interpreter's items beyond the prefix fail the false schema
			n, _ := strconv.Atoi(strings.Fields(ve.Message)[1])
			arr, _ := at(doc, ptr).([]any)
			for i := n; i < len(arr); i++ {
				keys = append(keys, ptr+"/"+strconv.Itoa(i)+" false "+loc)
			}
			return
		}
		keys = append(keys, ptr+" "+kw+" "+loc)
	}
	walk(ve)
	return uniq(keys)
}

// lastKeyword is the keyword of a leaf: "false" for a false schema (whose
// message is "not allowed"), else the last keyword of its location.
func lastKeyword(ve *jsonschema.ValidationError) string {
	if ve.Message == "not allowed" {
		return "false"
	}
	segs := strings.Split(ve.KeywordLocation, "/")
	last := segs[len(segs)-1]
	if len(segs) >= 3 {
		if k := segs[len(segs)-3]; k == "dependentRequired" || k == "dependencies" {
			return "required" // as the interpreter's dependentRequired and draft-04's dependencies
		}
	}
	return last
}

// shortLoc keeps the JSON Pointer of a schema location. The interpreter
// places a keyword in the file, jsonschema/v5 in the innermost schema
// resource (by its $id); matchLocs reconciles the two.
func shortLoc(loc string) string {
	_, ptr, _ := strings.Cut(loc, "#")
	if p, err := url.PathUnescape(ptr); err == nil {
		ptr = p
	}
	return ptr
}

// matchLocs gives each of our leaves ("instance keyword location") the
// location of the reference's leaf at the same instance with the same
// keyword whose location ends ours: a pointer from the file ends with the
// pointer from the schema resource that holds it.
func matchLocs(got, want []string) []string {
	out := make([]string, len(got))
	for i, g := range got {
		out[i] = g
		gi := strings.LastIndexByte(g, ' ')
		for _, w := range want {
			wi := strings.LastIndexByte(w, ' ')
			if g[:gi] == w[:wi] && strings.HasSuffix(g[gi+1:], w[wi+1:]) {
				out[i] = w
				break
			}
		}
	}
	return uniq(out)
}

// refLoc is jsonschema/v5's absolute keyword location as the interpreter
// places the keyword: a failure inside propertyNames at propertyNames.
func refLoc(loc string) string {
	loc = shortLoc(loc)
	if i := strings.Index(loc, "/propertyNames"); i >= 0 {
		return loc[:i+len("/propertyNames")]
	}
	return loc
}

func parent(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ptr
}

func at(doc any, ptr string) any {
	if ptr == "" {
		return doc
	}
	for _, seg := range strings.Split(ptr[1:], "/") {
		seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
		switch v := doc.(type) {
		case map[string]any:
			doc = v[seg]
		case []any:
			i, _ := strconv.Atoi(seg)
			if i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}

func uniq(keys []string) []string {
	slices.Sort(keys)
	return slices.Compact(keys)
}

// TestAllErrorsGoldenCases does the same over the golden cases of
// gen/golang: for every root, the documents of its fixtures (valid ones,
// and invalid ones with one violation each) against the root's schema as
// jsonschema/v5 compiled it for the generator.
func TestAllErrorsGoldenCases(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "golang", "testdata", "*", "want", "testdata", "fixtures"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden fixtures: %v", err)
	}
	var docs, invalid int
	for _, fx := range dirs {
		caseDir := filepath.Dir(filepath.Dir(filepath.Dir(fx)))
		var files []schema.File
		if b, err := os.ReadFile(filepath.Join(caseDir, "schema.json")); err == nil {
			files = append(files, schema.File{Name: "schema.json", Data: b})
		} else {
			paths, _ := filepath.Glob(filepath.Join(caseDir, "schema", "*.json"))
			for _, p := range paths {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, schema.File{Name: filepath.Base(p), Data: b})
			}
		}
		l, m, err := ir.Load(schema.Options{Files: files}, ir.Options{Package: filepath.Base(caseDir), AllErrors: true})
		if err != nil {
			t.Fatalf("%s: %v", caseDir, err)
		}
		for i, root := range m.Roots {
			node := toRT(root.AllNode, map[*ir.Node]*rtimpl.Node{})
			ref := l.Roots[i].Schema
			for _, kind := range []string{"valid", "invalid"} {
				b, err := os.ReadFile(filepath.Join(fx, root.Name+"."+kind+".jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
					if len(line) == 0 {
						continue
					}
					docs++
					name := fmt.Sprintf("%s %s %s", filepath.Base(caseDir), root.Name, line)
					all := node.ValidateAll(string(line))
					if first := node.ValidateRaw(rt.Raw(line)); (first == nil) != (all == nil) {
						t.Errorf("%s: first-error mode says %v, all-errors mode %v", name, first, all)
						continue
					}
					if len(all) == 1 && all[0].Keyword == "duplicate" {
						continue // the decoders refuse duplicate keys; jsonschema/v5 sees the last
					}
					var v any
					if err := json.Unmarshal(line, &v); err != nil {
						t.Fatal(err)
					}
					verr := ref.Validate(v)
					if (verr == nil) != (all == nil) {
						t.Errorf("%s: jsonschema/v5 says %v, all-errors mode %v", name, verr, all)
						continue
					}
					if verr == nil {
						continue
					}
					invalid++
					want := refLeaves(verr.(*jsonschema.ValidationError), v)
					got := matchLocs(ourLeaves(all), want)
					if !slices.Equal(got, want) {
						t.Errorf("%s:\nleaf errors %v\njsonschema/v5 %v\nours:\n%s\nreference:\n%s", name, got, want, all, detailed(verr.(*jsonschema.ValidationError)))
					}
				}
			}
		}
	}
	t.Logf("%d golden cases, %d documents (%d invalid)", len(dirs), docs, invalid)
	if invalid < 100 {
		t.Errorf("only %d invalid documents compared", invalid)
	}
}
