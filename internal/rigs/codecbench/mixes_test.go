package codecbench

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	v2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
	"github.com/zeroproject/zero/rt"
)

// codecMix is one set of documents the ratio goals are stated on, with
// everything each baseline needs to read them: the generated type of each
// document, plain structs for encoding/json, and the schema file that
// jsonschema/v5 validates each document against.
type codecMix struct {
	name string
	docs [][]byte
	// targets returns fresh values of the generated type of each document.
	targets func() []generated
	// plain returns fresh plain structs, one per document.
	plain func() []any
	// family is the schema directory under schema/ and files the schema file
	// of each document.
	family string
	files  []string
	// readOnly marks vendor documents, which Zero decodes and never
	// writes: their generated types skip members Zero does not read, so
	// encoding gives other bytes and no encode ratio is stated.
	readOnly bool
}

// generated is the API every generated type has.
type generated interface {
	AppendJSON(b []byte) ([]byte, error)
	UnmarshalJSON(b []byte) error
	DecodeJSON(d *rt.Decoder) error
}

// mixes lists the mixes TestRatios and bench-instructions report on: the
// house stream-json events, an ACP session/update text chunk (in English,
// and in Japanese), an MCP tools/call request with its result, and the
// text delta chunks of the OpenAI and Anthropic streams.
func mixes() []codecMix {
	return []codecMix{houseMix(), acpMix(), acpJapaneseMix(), mcpMix(), openAIMix(), anthropicMix()}
}

// mixNamed returns the mix called name ("" is the house mix).
func mixNamed(tb testing.TB, name string) codecMix {
	if name == "" {
		name = "house"
	}
	for _, m := range mixes() {
		if m.name == name {
			return m
		}
	}
	tb.Fatalf("no mix %q", name)
	return codecMix{}
}

func houseMix() codecMix {
	docs := mix()
	return codecMix{
		name: "house",
		docs: docs,
		targets: func() []generated {
			return []generated{new(v2.Output), new(v2.Output), new(v2.Output), new(v2.Output)}
		},
		plain:  mixdocs.HousePlain[json.RawMessage],
		family: "streamjson/v2",
		files:  []string{"output.json", "output.json", "output.json", "output.json"},
	}
}

func acpMix() codecMix {
	return codecMix{
		name:    "acp",
		docs:    [][]byte{acpAgentMessageChunk},
		targets: func() []generated { return []generated{new(acpv1.SessionUpdateMessage)} },
		plain:   func() []any { return []any{new(mixdocs.ACPSessionUpdate)} },
		family:  "acp/v1",
		files:   []string{"session_update_message.json"},
	}
}

// acpJapaneseMix is the ACP mix with the chunk's text in Japanese.
func acpJapaneseMix() codecMix {
	m := acpMix()
	m.name = "acp-ja"
	m.docs = [][]byte{acpAgentMessageChunkJapanese}
	return m
}

func mcpMix() codecMix {
	return codecMix{
		name:    "mcp",
		docs:    [][]byte{mcpToolsCallRequest, mcpToolsCallResult()},
		targets: func() []generated { return []generated{new(mcpv1.CallToolRequest), new(mcpv1.CallToolResult)} },
		plain: func() []any {
			return []any{new(mixdocs.MCPCallToolRequest[json.RawMessage]), new(mixdocs.MCPCallToolResult[json.RawMessage])}
		},
		family: "mcp/v1",
		files:  []string{"callToolRequest.json", "callToolResult.json"},
	}
}

// decoded returns the mix's documents decoded into their generated types.
func (m codecMix) decoded(tb testing.TB) []generated {
	out := m.targets()
	for i, doc := range m.docs {
		if err := out[i].UnmarshalJSON(doc); err != nil {
			tb.Fatalf("%s document %d: %v", m.name, i, err)
		}
	}
	return out
}

// schemas compiles, with jsonschema/v5, the schema file of each document
// from every file of the mix's schema directory.
func (m codecMix) schemas(tb testing.TB) []*jsonschema.Schema {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	dir := filepath.Join("..", "..", "..", "schema", filepath.FromSlash(m.family))
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	base := "https://schemas.zero.dev/" + m.family + "/"
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddResource(base+e.Name(), bytes.NewReader(data)); err != nil {
			tb.Fatal(err)
		}
	}
	out := make([]*jsonschema.Schema, len(m.files))
	for i, f := range m.files {
		if out[i], err = c.Compile(base + f); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}
