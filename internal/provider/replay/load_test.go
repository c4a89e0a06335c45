package replay

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/schema"

	"github.com/santhosh-tekuri/jsonschema/v5"

	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
	"github.com/zeroproject/zero/internal/provider"
)

func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "script.json")
	if err := os.WriteFile(path, []byte(twoTurns), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Turns) != 2 || s.Model.V != "scripted-1" {
		t.Errorf("loaded %+v", s)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, doc string
		want      []string
	}{
		{"syntax.json", "{\"schemaVersion\": 1,\n  \"turns\": [\n    {\"steps\": [}\n  ]\n}", []string{"syntax.json:3:", "syntax"}},
		{"truncated.json", `{"schemaVersion": 1, "turns": [`, []string{"truncated.json", "syntax"}},
		{"unknown.json", `{"schemaVersion": 1, "turns": [{"steps": [{"type": "text", "delta": "x", "extra": 1}]}]}`, []string{"unknown.json:1:", "/turns/0/steps/0"}},
		{"missing.json", "{\"schemaVersion\": 1,\n \"turns\": [{\"steps\": [{\"type\": \"usage\", \"promptTokens\": -1, \"completionTokens\": 0}]}]}", []string{"missing.json:2:", "/turns/0/steps/0/promptTokens", "minimum"}},
		{"badtype.json", `{"schemaVersion": 1, "turns": [{"steps": [{"type": "speak", "delta": "x"}]}]}`, []string{"/turns/0/steps/0/type"}},
		{"noturns.json", `{"schemaVersion": 1, "turns": []}`, []string{"/turns", "minItems"}},
		{"version.json", `{"schemaVersion": 2, "turns": [{"steps": []}]}`, []string{"/schemaVersion"}},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.doc), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range append(c.want, path) {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}
	if _, err := Load(filepath.Join(dir, "nope.json")); err == nil || !strings.Contains(err.Error(), "nope.json") {
		t.Errorf("missing file: %v", err)
	}
}

// TestDemoValid checks demo.json against the schema with the reference
// validator, not only the generated decoder that Demo uses.
func TestDemoValid(t *testing.T) {
	raw, err := fs.ReadFile(schema.FS, "replay/v1/script.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	const id = "https://schemas.zero.dev/replay/v1/script.json"
	if err := c.AddResource(id, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	// The reference validator takes the value as encoding/json decodes it.
	dec := json.NewDecoder(bytes.NewReader(demoJSON))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Errorf("demo.json: %v", err)
	}
	if a, b := Demo(), Demo(); a == b {
		t.Error("Demo returns a shared script")
	}
}

func TestDemoPlaysAToolCallThenAnswers(t *testing.T) {
	p := New(Demo())
	if p.DefaultModel() != "replay-demo" {
		t.Errorf("DefaultModel = %q", p.DefaultModel())
	}
	first, err := collect(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := kinds(first); got != "reasoning text tool_call usage" {
		t.Errorf("turn 1 kinds: %s", got)
	}
	if !strings.HasPrefix(first[0].Delta, "Looking at the workspace") {
		t.Errorf("turn 1 reasoning %q", first[0].Delta)
	}
	call := first[2].Call
	var args toolsv1.ListDirectoryArgs
	if err := args.UnmarshalJSON(call.Args); err != nil || call.Name != "list_directory" || args.Path.V != "." {
		t.Errorf("tool call %s %s: %v", call.Name, call.Args, err)
	}
	second, err := collect(p)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, e := range second {
		if e.Kind == provider.EventToolCall {
			t.Error("turn 2 calls a tool: the run would not end")
		}
		text.WriteString(e.Delta)
	}
	for _, w := range []string{"list_directory", "scripted", "zero exec", "OPENAI_API_KEY", "ZERO_PROVIDER"} {
		if !strings.Contains(text.String(), w) {
			t.Errorf("final answer lacks %q:\n%s", w, text.String())
		}
	}
	if last := second[len(second)-1]; last.Kind != provider.EventUsage || last.Usage.TotalTokens == 0 {
		t.Errorf("turn 2 ends with %+v, want usage", last)
	}
	if _, err := collect(p); err == nil {
		t.Error("a third call of the demo succeeded")
	}
}

// TestDemoRoundTrips checks that the demo survives encoding with the
// generated codec, as the run loop's session copy of it would.
func TestDemoRoundTrips(t *testing.T) {
	b, err := Demo().AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var s replayv1.ReplayScript
	if err := s.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
}

func kinds(evs []provider.Event) string {
	var ks []string
	for _, e := range evs {
		ks = append(ks, e.Kind.String())
	}
	return strings.Join(ks, " ")
}
