// Package mixdocs holds the documents the codec goals are stated on, for the
// rigs that measure them: codecbench (the generated codecs against their
// baselines) and peers (against the libraries a user would pick instead,
// in a module of its own). Each function returns fresh bytes.
package mixdocs

import (
	"encoding/json"
	"strings"

	"github.com/zeroproject/zero/internal/provider/providertest"
)

// House is the representative mix of stream-json v2 events: run_start, a
// text delta, a tool_call with nested arguments and a tool_result with 4
// KiB of output.
func House() [][]byte {
	output := strings.Repeat("package main // the quick brown fox jumps over the lazy dog\n", 70)[:4096]
	res, _ := json.Marshal(output)
	return [][]byte{
		[]byte(`{"schemaVersion":2,"type":"run_start","runId":"run_20260603_abc123","sessionId":"zero_20260603100000_abc123","cwd":"/home/user/project","provider":"openai","model":"gpt-4.1","apiModel":"gpt-4.1-2025-04-14"}`),
		[]byte(`{"schemaVersion":2,"type":"text","runId":"run_20260603_abc123","delta":"Let me look at the README first, then I will check the tests."}`),
		[]byte(`{"schemaVersion":2,"type":"tool_call","runId":"run_20260603_abc123","id":"call_8f2a","name":"grep","args":{"pattern":"func (x \\*Output)","path":"generated","glob":"*.go","options":{"case_insensitive":false,"max_results":50,"context":[2,2]}},"sideEffect":"read"}`),
		[]byte(`{"schemaVersion":2,"type":"tool_result","runId":"run_20260603_abc123","id":"call_8f2a","status":"ok","output":` + string(res) + `,"truncated":false}`),
	}
}

// ACPAgentMessageChunk is the ACP notification an agent sends most often: a
// piece of its answer's text, as `zero acp` streams it to the editor.
func ACPAgentMessageChunk() []byte {
	return []byte(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_7c1e0b9d4f2a","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"The failing test reads the fixture before the generator has written it; I will move the read after "}}}}`)
}

// ACPAgentMessageChunkJapanese is that notification with Japanese text:
// every letter three bytes of UTF-8, as an answer in Japanese, Chinese or
// Korean streams.
func ACPAgentMessageChunkJapanese() []byte {
	return []byte(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_7c1e0b9d4f2a","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"テストが失敗するのは、生成器が書き込む前にフィクスチャを読むからです。読み込みを後ろに移します。"}}}}`)
}

// MCPToolsCallRequest is the tools/call request Zero sends to an MCP
// server, with the _meta every request of Zero carries.
func MCPToolsCallRequest() []byte {
	return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_text_file","arguments":{"head":80,"path":"/home/user/project/internal/run/loop.go"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"zero","version":"0.9.0"}}}}`)
}

// MCPToolsCallResult is the result of that call, as a file-reading server
// answers it: the text once as a content block and once as structured
// content (the result member of the JSON-RPC response, which Zero decodes
// into its CallToolResult).
func MCPToolsCallResult() []byte {
	text := strings.Repeat("\tif err := step(ctx, turn); err != nil {\n\t\treturn fmt.Errorf(\"turn %d: %w\", turn, err)\n\t}\n", 40)[:2048]
	s, _ := json.Marshal(text)
	return []byte(`{"content":[{"type":"text","text":` + string(s) + `}],"structuredContent":{"content":` + string(s) + `}}`)
}

// VendorDelta is the text of the vendor delta chunks: a few words, as
// models stream them.
const VendorDelta = " before the generator has written it, so"

// OpenAIChunk is one OpenAI chat.completion.chunk carrying VendorDelta,
// exactly as the vendor's wire format renders it.
func OpenAIChunk() []byte { return vendorChunk(providertest.OpenAI) }

// AnthropicEvent is one Anthropic content_block_delta event carrying
// VendorDelta.
func AnthropicEvent() []byte { return vendorChunk(providertest.Anthropic) }

// vendorChunk returns the data of the SSE event that carries VendorDelta
// when the dialect streams a text answer: the bytes Zero decodes per delta.
func vendorChunk(d *providertest.Dialect) []byte {
	for _, ev := range d.Events(providertest.Text("The failing test reads the fixture", VendorDelta)) {
		if !strings.Contains(ev, VendorDelta) {
			continue
		}
		_, data, ok := strings.Cut(ev, "data: ")
		if !ok {
			panic("mixdocs: a " + d.Name() + " event without data: " + ev)
		}
		return []byte(strings.TrimSuffix(data, "\n\n"))
	}
	panic("mixdocs: no " + d.Name() + " event carries the delta")
}
