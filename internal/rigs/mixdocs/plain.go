package mixdocs

// Plain Go structs equivalent to the mixes' documents, with no validation
// at all: the baselines that encoding/json, sonic and json/v2 decode into
// and encode from. Each document decodes into a struct of its own kind
// (the caller knows which event it is, which favours these libraries). A
// member that holds any JSON value keeps its bytes in R, the library's own
// raw-JSON type (json.RawMessage, jsontext.Value). The vendor chunks'
// structs hold what the generated types hold; their arrays are omitempty,
// as json/v2 writes a nil slice as [].

// RawJSON is a library's raw-JSON type.
type RawJSON interface{ ~[]byte }

// RunStart is a run_start event.
type RunStart struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	SessionID     string `json:"sessionId"`
	Cwd           string `json:"cwd"`
	Provider      string `json:"provider"`
	Model         string `json:"model"`
	APIModel      string `json:"apiModel"`
}

// Text is a text event.
type Text struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	Delta         string `json:"delta"`
}

// ToolCall is a tool_call event.
type ToolCall[R RawJSON] struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	ID            string `json:"id"`
	Name          string `json:"name"`
	Args          R      `json:"args"`
	SideEffect    string `json:"sideEffect"`
}

// ToolResult is a tool_result event.
type ToolResult struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	ID            string `json:"id"`
	Status        string `json:"status"`
	Output        string `json:"output"`
	Truncated     bool   `json:"truncated"`
}

// HousePlain returns fresh plain structs in the order of House.
func HousePlain[R RawJSON]() []any {
	return []any{new(RunStart), new(Text), new(ToolCall[R]), new(ToolResult)}
}

// ACPSessionUpdate is an ACP session/update notification with an agent message chunk.
type ACPSessionUpdate struct {
	Jsonrpc string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  struct {
		SessionID string `json:"sessionId"`
		Update    struct {
			SessionUpdate string       `json:"sessionUpdate"`
			Content       PlainContent `json:"content"`
		} `json:"update"`
	} `json:"params"`
}

// PlainContent is a text content block.
type PlainContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// MCPCallToolRequest is an MCP tools/call request.
type MCPCallToolRequest[R RawJSON] struct {
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

// MCPCallToolResult is the result of an MCP tools/call.
type MCPCallToolResult[R RawJSON] struct {
	Content           []PlainContent `json:"content"`
	StructuredContent R              `json:"structuredContent"`
}

// PlainOpenAIChunk is an OpenAI chat.completion.chunk.
type PlainOpenAIChunk struct {
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

// PlainAnthropicEvent is an Anthropic stream event.
type PlainAnthropicEvent struct {
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
