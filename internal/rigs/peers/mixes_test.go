package peers

import (
	"encoding/json"

	"github.com/go-faster/jx"
	"github.com/go-json-experiment/json/jsontext"

	oacp "github.com/zeroproject/zero/internal/rigs/peers/ogen/acpv1"
	oanthropic "github.com/zeroproject/zero/internal/rigs/peers/ogen/anthropicv1"
	omcp "github.com/zeroproject/zero/internal/rigs/peers/ogen/mcpv1"
	oopenai "github.com/zeroproject/zero/internal/rigs/peers/ogen/openaiv1"
	ostream "github.com/zeroproject/zero/internal/rigs/peers/ogen/streamjsonv2"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	anthropicv1 "github.com/zeroproject/zero/generated/anthropic/v1"
	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	openaiv1 "github.com/zeroproject/zero/generated/openai/v1"
	v2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
	"github.com/zeroproject/zero/rt"
)

// mix is one set of documents, with fresh values for each library to decode
// them into, one per document.
type mix struct {
	name string
	docs [][]byte
	zero func() []generated
	ogen func() []ogenValue
	// sonic and jsonv2 return plain structs; they differ only in the type
	// of the members that hold any JSON value.
	sonic, jsonv2 func() []any
	// readOnly marks the vendor chunks: Zero reads them and never writes
	// them, and its generated types keep only the members Zero reads, so
	// the libraries' encoders are not compared and the round trip is
	// checked on those members (see roundTrip).
	readOnly bool
}

// generated is the API of every zerogen type.
type generated interface {
	AppendJSON(b []byte) ([]byte, error)
	UnmarshalJSON(b []byte) error
	DecodeJSON(d *rt.Decoder) error
}

// ogenValue is the API of every ogen type; Validate, where ogen generates
// one, is found by a type assertion (ogen generates none for a type it has
// nothing to check in).
type ogenValue interface {
	Decode(d *jx.Decoder) error
	Encode(e *jx.Encoder)
}

type ogenValidator interface{ Validate() error }

func mixes() []mix {
	acp := mix{
		name:   "acp",
		docs:   [][]byte{mixdocs.ACPAgentMessageChunk()},
		zero:   func() []generated { return []generated{new(acpv1.SessionUpdateMessage)} },
		ogen:   func() []ogenValue { return []ogenValue{new(oacp.SessionUpdateMessage)} },
		sonic:  func() []any { return []any{new(mixdocs.ACPSessionUpdate)} },
		jsonv2: func() []any { return []any{new(mixdocs.ACPSessionUpdate)} },
	}
	acpJa := acp
	acpJa.name = "acp-ja"
	acpJa.docs = [][]byte{mixdocs.ACPAgentMessageChunkJapanese()}
	return []mix{
		{
			name: "house",
			docs: mixdocs.House(),
			zero: func() []generated {
				return []generated{new(v2.Output), new(v2.Output), new(v2.Output), new(v2.Output)}
			},
			ogen: func() []ogenValue {
				return []ogenValue{new(ostream.Output), new(ostream.Output), new(ostream.Output), new(ostream.Output)}
			},
			sonic:  mixdocs.HousePlain[json.RawMessage],
			jsonv2: mixdocs.HousePlain[jsontext.Value],
		},
		acp,
		acpJa,
		{
			name: "mcp",
			docs: [][]byte{mixdocs.MCPToolsCallRequest(), mixdocs.MCPToolsCallResult()},
			zero: func() []generated { return []generated{new(mcpv1.CallToolRequest), new(mcpv1.CallToolResult)} },
			ogen: func() []ogenValue { return []ogenValue{new(omcp.CallToolRequest), new(omcp.CallToolResult)} },
			sonic: func() []any {
				return []any{new(mixdocs.MCPCallToolRequest[json.RawMessage]), new(mixdocs.MCPCallToolResult[json.RawMessage])}
			},
			jsonv2: func() []any {
				return []any{new(mixdocs.MCPCallToolRequest[jsontext.Value]), new(mixdocs.MCPCallToolResult[jsontext.Value])}
			},
		},
		{
			name:     "openai",
			docs:     [][]byte{mixdocs.OpenAIChunk()},
			zero:     func() []generated { return []generated{new(openaiv1.ChatCompletionChunk)} },
			ogen:     func() []ogenValue { return []ogenValue{new(oopenai.ChatCompletionChunk)} },
			sonic:    func() []any { return []any{new(mixdocs.PlainOpenAIChunk)} },
			jsonv2:   func() []any { return []any{new(mixdocs.PlainOpenAIChunk)} },
			readOnly: true,
		},
		{
			name:     "anthropic",
			docs:     [][]byte{mixdocs.AnthropicEvent()},
			zero:     func() []generated { return []generated{new(anthropicv1.StreamEvent)} },
			ogen:     func() []ogenValue { return []ogenValue{new(oanthropic.StreamEvent)} },
			sonic:    func() []any { return []any{new(mixdocs.PlainAnthropicEvent)} },
			jsonv2:   func() []any { return []any{new(mixdocs.PlainAnthropicEvent)} },
			readOnly: true,
		},
	}
}

func totalBytes(docs [][]byte) int64 {
	var n int64
	for _, d := range docs {
		n += int64(len(d))
	}
	return n
}
