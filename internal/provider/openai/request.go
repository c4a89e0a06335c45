package openai

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/zeroproject/zero/internal/provider"
)

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model               string         `json:"model"`
	Messages            []chatMessage  `json:"messages"`
	Tools               []chatTool     `json:"tools,omitempty"`
	Stream              bool           `json:"stream"`
	StreamOptions       *streamOptions `json:"stream_options,omitempty"`
	MaxTokens           int            `json:"max_tokens,omitempty"`
	MaxCompletionTokens int            `json:"max_completion_tokens,omitempty"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type chatMessage struct {
	Role       string         `json:"role"`
	Content    *string        `json:"content"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function chatFunction `json:"function"`
}

type chatFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type chatTool struct {
	Type     string       `json:"type"`
	Function chatToolSpec `json:"function"`
}

type chatToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

// emptySchema stands in for a tool without parameters.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// wireRequest translates req into the Chat Completions body.
func (p *Provider) wireRequest(req provider.Request) (*chatRequest, error) {
	msgs, err := chatMessages(req.System, req.Messages)
	if err != nil {
		return nil, err
	}
	w := &chatRequest{
		Model:         cmp.Or(req.Model, p.DefaultModel()),
		Messages:      msgs,
		Tools:         chatTools(req.Tools),
		Stream:        true,
		StreamOptions: &streamOptions{IncludeUsage: true},
	}
	if p.officialAPI() {
		w.MaxCompletionTokens = req.MaxTokens
	} else {
		w.MaxTokens = req.MaxTokens
	}
	return w, nil
}

// officialAPI says the endpoint is OpenAI's own, which wants max_completion_tokens; compatible
// servers understand max_tokens.
func (p *Provider) officialAPI() bool {
	u, err := url.Parse(p.endpoint)
	return err == nil && u.Hostname() == "api.openai.com"
}

func chatMessages(system string, msgs []provider.Message) ([]chatMessage, error) {
	var out []chatMessage
	if system != "" {
		out = append(out, chatMessage{Role: "system", Content: &system})
	}
	for i, m := range msgs {
		cm, err := chatMessageOf(m)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		out = append(out, cm)
	}
	return out, nil
}

func chatMessageOf(m provider.Message) (chatMessage, error) {
	text := m.Text
	switch m.Role {
	case provider.RoleUser:
		return chatMessage{Role: "user", Content: &text}, nil
	case provider.RoleAssistant:
		return assistantMessage(m), nil
	case provider.RoleTool:
		// A tool message takes text only, so m.Images stay the
		// placeholders its text holds.
		if m.IsError {
			text = "Error: " + text
		}
		return chatMessage{Role: "tool", Content: &text, ToolCallID: provider.MapToolCallID(m.ToolCallID, provider.OpenAIToolIDs)}, nil
	}
	return chatMessage{}, fmt.Errorf("unknown role %q", m.Role)
}

// assistantMessage sends the text (null when there is none beside tool calls) and the tool
// calls with their arguments as a string.
func assistantMessage(m provider.Message) chatMessage {
	cm := chatMessage{Role: "assistant"}
	if m.Text != "" || len(m.ToolCalls) == 0 {
		text := m.Text
		cm.Content = &text
	}
	for _, c := range m.ToolCalls {
		cm.ToolCalls = append(cm.ToolCalls, chatToolCall{
			ID:       provider.MapToolCallID(c.ID, provider.OpenAIToolIDs),
			Type:     "function",
			Function: chatFunction{Name: c.Name, Arguments: argsOrEmpty(c.Args)},
		})
	}
	return cm
}

func chatTools(specs []provider.ToolSpec) []chatTool {
	var out []chatTool
	for _, s := range specs {
		params := json.RawMessage(s.Parameters)
		if len(params) == 0 {
			params = emptySchema
		}
		out = append(out, chatTool{
			Type:     "function",
			Function: chatToolSpec{Name: s.Name, Description: s.Description, Parameters: params},
		})
	}
	return out
}

func argsOrEmpty(args []byte) string {
	if len(args) == 0 {
		return "{}"
	}
	return string(args)
}
