package codecbench

import (
	"encoding/json"

	"github.com/zeroproject/zero/internal/rigs/mixdocs"
)

// The ACP and MCP documents of the mixes (see package mixdocs).
var (
	acpAgentMessageChunk         = mixdocs.ACPAgentMessageChunk()
	acpAgentMessageChunkJapanese = mixdocs.ACPAgentMessageChunkJapanese()
	mcpToolsCallRequest          = mixdocs.MCPToolsCallRequest()
	mcpToolsCallResult           = mixdocs.MCPToolsCallResult
)

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
