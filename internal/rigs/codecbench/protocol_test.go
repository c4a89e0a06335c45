package codecbench

import (
	"encoding/json"
	"strings"
)

// acpAgentMessageChunk is the ACP notification an agent sends most often: a
// piece of its answer's text, as `zero acp` streams it to the editor.
var acpAgentMessageChunk = []byte(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_7c1e0b9d4f2a","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"The failing test reads the fixture before the generator has written it; I will move the read after "}}}}`)

// acpAgentMessageChunkJapanese is that notification with Japanese text:
// every letter three bytes of UTF-8, as an answer in Japanese, Chinese or
// Korean streams.
var acpAgentMessageChunkJapanese = []byte(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_7c1e0b9d4f2a","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"テストが失敗するのは、生成器が書き込む前にフィクスチャを読むからです。読み込みを後ろに移します。"}}}}`)

// mcpToolsCallRequest is the tools/call request Zero sends to an MCP server,
// with the _meta every request of Zero carries.
var mcpToolsCallRequest = []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_text_file","arguments":{"head":80,"path":"/home/user/project/internal/run/loop.go"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"zero","version":"0.9.0"}}}}`)

// mcpToolsCallResult is the result of that call, as a file-reading server
// answers it: the text once as a content block and once as structured
// content (the result member of the JSON-RPC response, which Zero decodes
// into its CallToolResult).
func mcpToolsCallResult() []byte {
	text := strings.Repeat("\tif err := step(ctx, turn); err != nil {\n\t\treturn fmt.Errorf(\"turn %d: %w\", turn, err)\n\t}\n", 40)[:2048]
	s, _ := json.Marshal(text)
	return []byte(`{"content":[{"type":"text","text":` + string(s) + `}],"structuredContent":{"content":` + string(s) + `}}`)
}

// Plain structs equivalent to the ACP and MCP documents, for encoding/json,
// with no validation at all.
type acpSessionUpdate struct {
	Jsonrpc string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  struct {
		SessionID string `json:"sessionId"`
		Update    struct {
			SessionUpdate string       `json:"sessionUpdate"`
			Content       plainContent `json:"content"`
		} `json:"update"`
	} `json:"params"`
}

type plainContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type mcpCallToolRequest struct {
	Jsonrpc string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      struct {
			ProtocolVersion    string          `json:"io.modelcontextprotocol/protocolVersion"`
			ClientCapabilities json.RawMessage `json:"io.modelcontextprotocol/clientCapabilities"`
			ClientInfo         struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"io.modelcontextprotocol/clientInfo"`
		} `json:"_meta"`
	} `json:"params"`
}

type mcpCallToolResult struct {
	Content           []plainContent  `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
}
