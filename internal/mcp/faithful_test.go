package mcp_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	"github.com/zeroproject/zero/schema"
)

// The tests in this file prove Zero's own MCP schemas (schema/mcp/v1)
// faithful to the official ones, which live in the shared folder beside
// the repository and are never copied in:
//
//   - every fixture zerogen generates from our schemas is accepted by ours
//     exactly when the official schema of a protocol version Zero speaks
//     accepts it: 2026-07-28, or 2025-06-18 (the version today's servers
//     answer, and the only one of the two with initialize);
//   - every official 2026-07-28 example of a type we model is accepted by
//     ours, and by the generated decoder where the type is a root.
//
// Run them with: go test ./internal/mcp/ -run Faithful (they skip, saying
// so, when ../shared/thirdparty/mcp is absent).

var officialDir = filepath.Join("..", "..", "..", "shared", "thirdparty", "mcp")

const (
	official2026 = "https://official.mcp/2026-07-28/schema.json"
	official2025 = "https://official.mcp/2025-06-18/schema.json"
)

// official says which official definitions describe each of our roots,
// and how ours must agree with them. A version's list holds definitions
// that must all accept a document (2025-06-18 describes the JSON-RPC
// envelope apart from each message); an empty list means the version lacks
// the message (2026-07-28 has no initialize handshake, 2025-06-18 no
// server/discover).
//
// Messages Zero sends are held to the newest version that has them, both
// ways, and must also suit 2025-06-18: ours == v2026 and ours ⇒ v2025 (or
// ours == v2025 when 2026-07-28 lacks the message). Messages Zero reads come
// from servers of either version, so ours == v2026 ∨ v2025.
type official struct {
	send         bool
	v2026, v2025 []string
}

var officialNames = map[string]official{
	"CallToolRequest":         {true, []string{"CallToolRequest"}, []string{"JSONRPCRequest", "CallToolRequest"}},
	"ListToolsRequest":        {true, []string{"ListToolsRequest"}, []string{"JSONRPCRequest", "ListToolsRequest"}},
	"DiscoverRequest":         {true, []string{"DiscoverRequest"}, nil},
	"InitializeRequest":       {true, nil, []string{"JSONRPCRequest", "InitializeRequest"}},
	"InitializedNotification": {true, nil, []string{"JSONRPCNotification", "InitializedNotification"}},
	"CancelledNotification":   {true, []string{"CancelledNotification"}, []string{"JSONRPCNotification", "CancelledNotification"}},
	"CallToolResult":          {false, []string{"CallToolResult"}, []string{"CallToolResult"}},
	"ListToolsResult":         {false, []string{"ListToolsResult"}, []string{"ListToolsResult"}},
	"InitializeResult":        {false, nil, []string{"InitializeResult"}},
	"DiscoverResult":          {false, []string{"DiscoverResult"}, nil},
	"ProgressNotification":    {false, []string{"ProgressNotification"}, []string{"JSONRPCNotification", "ProgressNotification"}},
	"ErrorResponse":           {false, []string{"JSONRPCErrorResponse"}, []string{"JSONRPCError"}},
}

// judge is the verdict of one version's definitions on a document; nil
// definitions judge nothing.
type judge []*jsonschema.Schema

func (j judge) accepts(v any) bool {
	for _, s := range j {
		if s.Validate(v) != nil {
			return false
		}
	}
	return true
}

// agree reports whether ours and the official definitions agree on v under
// o's rule, and what the official verdict was.
func (o official) agree(ours bool, v any, v2026, v2025 judge) (bool, bool) {
	switch {
	case o.send && v2026 != nil:
		want := v2026.accepts(v)
		return ours == want && (!ours || v2025 == nil || v2025.accepts(v)), want
	case o.send:
		want := v2025.accepts(v)
		return ours == want, want
	}
	want := v2026 != nil && v2026.accepts(v) || v2025 != nil && v2025.accepts(v)
	return ours == want, want
}

func compileAllOf(t *testing.T, c *jsonschema.Compiler, base, defs string, names []string) judge {
	var j judge
	for _, n := range names {
		j = append(j, mustCompile(t, c, base+"#/"+defs+"/"+n))
	}
	return j
}

// notOfficial are our roots without an official counterpart, and why.
var notOfficial = map[string]string{
	"Message": "the envelope Zero reads first to tell requests, notifications and responses apart; " +
		"it is deliberately wider than any one message, whose params or result are then decoded by their own root",
}

func officialOrSkip(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(officialDir, "2026-07-28", "schema.json")); err != nil {
		t.Skipf("SKIPPED: the official MCP schemas are not at %s (%v): they live in the shared folder beside the "+
			"repository; check out ../shared to run this test", officialDir, err)
	}
}

// compilers returns a compiler that knows our schemas (from schema.FS) and
// the two official files.
func compilers(t *testing.T) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat = false
	for _, dir := range []string{"mcp/v1"} {
		entries, err := schema.FS.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := schema.FS.ReadFile(dir + "/" + e.Name())
			if err != nil {
				t.Fatal(err)
			}
			if err := c.AddResource("https://schemas.zero.dev/"+dir+"/"+e.Name(), bytes.NewReader(b)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for url, file := range map[string]string{official2026: "2026-07-28/schema.json", official2025: "2025-06-18/schema.json"} {
		b, err := os.ReadFile(filepath.Join(officialDir, file))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(url, bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

func mustCompile(t *testing.T, c *jsonschema.Compiler, url string) *jsonschema.Schema {
	t.Helper()
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compile %s: %v", url, err)
	}
	return s
}

type manifest struct {
	Roots []struct {
		Name   string `json:"name"`
		Schema string `json:"schema"`
	} `json:"roots"`
}

const fixtureDir = "../../generated/mcp/v1/testdata/fixtures"

func TestFaithfulFixtures(t *testing.T) {
	officialOrSkip(t)
	c := compilers(t)
	var m manifest
	readJSON(t, filepath.Join(fixtureDir, "manifest.json"), &m)
	checked := 0
	for _, root := range m.Roots {
		o, ok := officialNames[root.Name]
		if !ok {
			if notOfficial[root.Name] == "" {
				t.Errorf("root %s has no official counterpart listed in officialNames or notOfficial", root.Name)
			}
			continue
		}
		ours := mustCompile(t, c, "https://schemas.zero.dev/mcp/v1/"+root.Schema)
		v2026 := compileAllOf(t, c, official2026, "$defs", o.v2026)
		v2025 := compileAllOf(t, c, official2025, "definitions", o.v2025)
		for _, kind := range []string{"valid", "invalid"} {
			for i, line := range fixtureLines(t, root.Name+"."+kind+".jsonl") {
				v, err := decode(line)
				if err != nil { // duplicate keys and the like: no JSON value to compare
					continue
				}
				checked++
				got := ours.Validate(v) == nil
				if ok, want := o.agree(got, v, v2026, v2025); !ok {
					t.Errorf("%s.%s.jsonl line %d: ours says valid=%v, official says %v:\n%s", root.Name, kind, i+1, got, want, line)
				}
			}
		}
	}
	t.Logf("%d fixture documents judged alike by our schemas and the official ones", checked)
}

// exampleTargets maps official example folders to our schema of the same
// type: a root file, or a $defs entry of defs.json.
var exampleTargets = map[string]string{
	"CallToolRequest":       "callToolRequest.json",
	"CallToolResult":        "callToolResult.json",
	"CancelledNotification": "cancelledNotification.json",
	"DiscoverRequest":       "discoverRequest.json",
	"DiscoverResult":        "discoverResult.json",
	"ListToolsRequest":      "listToolsRequest.json",
	"ListToolsResult":       "listToolsResult.json",
	"ProgressNotification":  "progressNotification.json",
	"Tool":                  "defs.json#/$defs/tool",
	"TextContent":           "defs.json#/$defs/textContent",
	"ImageContent":          "defs.json#/$defs/imageContent",
	"AudioContent":          "defs.json#/$defs/audioContent",
	"ResourceLink":          "defs.json#/$defs/resourceLink",
	"EmbeddedResource":      "defs.json#/$defs/embeddedResource",
	"TextResourceContents":  "defs.json#/$defs/textResourceContents",
	"BlobResourceContents":  "defs.json#/$defs/blobResourceContents",
}

// decoders are the generated decoders of the roots among exampleTargets.
var decoders = map[string]func() json.Unmarshaler{
	"CallToolRequest":       func() json.Unmarshaler { return &mcpv1.CallToolRequest{} },
	"CallToolResult":        func() json.Unmarshaler { return &mcpv1.CallToolResult{} },
	"CancelledNotification": func() json.Unmarshaler { return &mcpv1.CancelledNotification{} },
	"DiscoverRequest":       func() json.Unmarshaler { return &mcpv1.DiscoverRequest{} },
	"DiscoverResult":        func() json.Unmarshaler { return &mcpv1.DiscoverResult{} },
	"ListToolsRequest":      func() json.Unmarshaler { return &mcpv1.ListToolsRequest{} },
	"ListToolsResult":       func() json.Unmarshaler { return &mcpv1.ListToolsResult{} },
	"ProgressNotification":  func() json.Unmarshaler { return &mcpv1.ProgressNotification{} },
}

func TestFaithfulExamples(t *testing.T) {
	officialOrSkip(t)
	c := compilers(t)
	n := 0
	for typ, target := range exampleTargets {
		ours := mustCompile(t, c, "https://schemas.zero.dev/mcp/v1/"+target)
		files, _ := filepath.Glob(filepath.Join(officialDir, "2026-07-28", "examples", typ, "*.json"))
		if len(files) == 0 {
			t.Errorf("no official examples of %s", typ)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			v, err := decode(b)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			n++
			if err := ours.Validate(v); err != nil {
				t.Errorf("%s/%s: rejected by %s: %v", typ, filepath.Base(f), target, err)
			}
			if newDoc := decoders[typ]; newDoc != nil {
				if err := newDoc().UnmarshalJSON(b); err != nil {
					t.Errorf("%s/%s: the generated decoder refuses it: %v", typ, filepath.Base(f), err)
				}
			}
		}
	}
	t.Logf("%d official examples accepted", n)
}

func fixtureLines(t *testing.T, name string) [][]byte {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			out = append(out, []byte(line))
		}
	}
	return out
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// decode reads one JSON value with numbers kept exact, refusing trailing
// data, as jsonschema expects.
func decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	return v, nil
}

// TestFaithfulRequired closes a gap the fixtures leave: a property our
// schema forgot to require shows in no fixture (the valid ones carry every
// property or only ours' required ones). For each building block that both
// versions define alike, our required list must equal the official one.
func TestFaithfulRequired(t *testing.T) {
	officialOrSkip(t)
	var theirs struct {
		Defs map[string]struct {
			Required []string `json:"required"`
		} `json:"$defs"`
	}
	readJSON(t, filepath.Join(officialDir, "2026-07-28", "schema.json"), &theirs)
	b, err := schema.FS.ReadFile("mcp/v1/defs.json")
	if err != nil {
		t.Fatal(err)
	}
	var ours struct {
		Defs map[string]struct {
			Required []string `json:"required"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &ours); err != nil {
		t.Fatal(err)
	}
	for typ, target := range exampleTargets {
		key, ok := strings.CutPrefix(target, "defs.json#/$defs/")
		if !ok {
			continue
		}
		got, want := sorted(ours.Defs[key].Required), sorted(theirs.Defs[typ].Required)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: our %s requires %v, the official schema %v", typ, key, got, want)
		}
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	slices.Sort(out)
	return out
}
