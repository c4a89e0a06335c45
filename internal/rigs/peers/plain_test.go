package peers

import (
	"encoding/json"

	"github.com/go-json-experiment/json/jsontext"
)

// Plain Go structs for sonic and encoding/json/v2, as codecbench has them
// for encoding/json: each document decodes into a struct of its own kind
// (the caller knows which event it is, which favours these libraries), and
// a member that holds any JSON value keeps its bytes in R, the library's
// own raw-JSON type: json.RawMessage for sonic, jsontext.Value for
// json/v2. The vendor chunks' structs hold what the generated types hold;
// their arrays are omitempty, as json/v2 writes a nil slice as [].
type raw interface {
	json.RawMessage | jsontext.Value
}

type runStart struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	SessionID     string `json:"sessionId"`
	Cwd           string `json:"cwd"`
	Provider      string `json:"provider"`
	Model         string `json:"model"`
	APIModel      string `json:"apiModel"`
}

type text struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	Delta         string `json:"delta"`
}

type toolCall[R raw] struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	ID            string `json:"id"`
	Name          string `json:"name"`
	Args          R      `json:"args"`
	SideEffect    string `json:"sideEffect"`
}

type toolResult struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	ID            string `json:"id"`
	Status        string `json:"status"`
	Output        string `json:"output"`
	Truncated     bool   `json:"truncated"`
}

func housePlain[R raw]() []any {
	return []any{new(runStart), new(text), new(toolCall[R]), new(toolResult)}
}

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

type mcpCallToolRequest[R raw] struct {
	Jsonrpc string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  struct {
		Name      string `json:"name"`
		Arguments R      `json:"arguments"`
		Meta      struct {
			ProtocolVersion    string `json:"io.modelcontextprotocol/protocolVersion"`
			ClientCapabilities R      `json:"io.modelcontextprotocol/clientCapabilities"`
			ClientInfo         struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"io.modelcontextprotocol/clientInfo"`
		} `json:"_meta"`
	} `json:"params"`
}

type mcpCallToolResult[R raw] struct {
	Content           []plainContent `json:"content"`
	StructuredContent R              `json:"structuredContent"`
}

type oaChunk struct {
	Choices []struct {
		Delta *struct {
			Content          *string `json:"content"`
			ReasoningContent *string `json:"reasoning_content"`
			Reasoning        *string `json:"reasoning"`
			ToolCalls        []struct {
				Index    *int64  `json:"index"`
				ID       *string `json:"id"`
				Function *struct {
					Name      *string `json:"name"`
					Arguments *string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls,omitempty"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices,omitempty"`
	Usage *struct {
		PromptTokens     *int64 `json:"prompt_tokens"`
		CompletionTokens *int64 `json:"completion_tokens"`
		TotalTokens      *int64 `json:"total_tokens"`
	} `json:"usage"`
	Error *struct {
		Message *string `json:"message"`
	} `json:"error"`
}

type anEvent struct {
	Type  *string `json:"type"`
	Index *int64  `json:"index"`
	Delta *struct {
		Type        *string `json:"type"`
		Text        *string `json:"text"`
		Thinking    *string `json:"thinking"`
		PartialJSON *string `json:"partial_json"`
		StopReason  *string `json:"stop_reason"`
	} `json:"delta"`
}
