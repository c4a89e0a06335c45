package anthropic

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"

	"github.com/zeroproject/zero/internal/provider"
)

// messagesRequest is the body of POST /v1/messages.
type messagesRequest struct {
	Model     string    `json:"model"`
	MaxTokens int       `json:"max_tokens"`
	System    string    `json:"system,omitempty"`
	Messages  []message `json:"messages"`
	Tools     []tool    `json:"tools,omitempty"`
	Stream    bool      `json:"stream"`
}

type message struct {
	Role    string  `json:"role"`
	Content []block `json:"content"`
}

// block is a content block: text, image, tool_use or tool_result. A
// tool_result's content is its text, or text and image blocks when the tool
// returned images.
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	Source    *imageSource    `json:"source,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   any             `json:"content,omitempty"` // string or []block
	IsError   bool            `json:"is_error,omitempty"`
}

// imageSource is the data of an image block.
type imageSource struct {
	Type      string `json:"type"` // "base64"
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

type tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// emptyObject stands in for missing or unusable JSON objects.
var emptyObject = json.RawMessage(`{}`)

// emptySchema stands in for a tool without parameters.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// wireRequest translates req into the Messages API body.
func (p *Provider) wireRequest(req provider.Request) (*messagesRequest, error) {
	msgs, err := messages(req.Messages)
	if err != nil {
		return nil, err
	}
	return &messagesRequest{
		Model:     cmp.Or(req.Model, p.DefaultModel()),
		MaxTokens: cmp.Or(req.MaxTokens, p.cfg.MaxTokens, DefaultMaxTokens),
		System:    req.System,
		Messages:  msgs,
		Tools:     tools(req.Tools),
		Stream:    true,
	}, nil
}

// messages translates the conversation, merging consecutive messages of one role (so that the
// results of one turn's tool calls travel in one user message) and leaving out empty ones.
func messages(msgs []provider.Message) ([]message, error) {
	var out []message
	for i, m := range msgs {
		role, blocks, err := blocksOf(m)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		switch {
		case len(blocks) == 0:
		case len(out) > 0 && out[len(out)-1].Role == role:
			last := &out[len(out)-1]
			last.Content = append(last.Content, blocks...)
		default:
			out = append(out, message{Role: role, Content: blocks})
		}
	}
	return out, nil
}

// blocksOf returns the API role and content blocks of one message.
func blocksOf(m provider.Message) (string, []block, error) {
	switch m.Role {
	case provider.RoleUser:
		return "user", textBlocks(m.Text), nil
	case provider.RoleAssistant:
		return "assistant", assistantBlocks(m), nil
	case provider.RoleTool:
		b := block{Type: "tool_result", ToolUseID: provider.MapToolCallID(m.ToolCallID, provider.AnthropicToolIDs), Content: toolContent(m), IsError: m.IsError}
		return "user", []block{b}, nil
	}
	return "", nil, fmt.Errorf("unknown role %q", m.Role)
}

// imageTypes are the image types the Messages API reads.
var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// toolContent is a tool_result's content: its text, or its text and its
// images of a type the API reads (the text names the others). Empty text
// is left out.
func toolContent(m provider.Message) any {
	var blocks []block
	for _, im := range m.Images {
		if imageTypes[im.MediaType] {
			blocks = append(blocks, block{Type: "image", Source: &imageSource{Type: "base64", MediaType: im.MediaType, Data: im.Data}})
		}
	}
	switch {
	case len(blocks) > 0:
		return append(textBlocks(m.Text), blocks...)
	case m.Text != "":
		return m.Text
	}
	return nil
}

// textBlocks returns a text block, or none for empty text, which the API refuses.
func textBlocks(text string) []block {
	if text == "" {
		return nil
	}
	return []block{{Type: "text", Text: text}}
}

func assistantBlocks(m provider.Message) []block {
	blocks := textBlocks(m.Text)
	for _, c := range m.ToolCalls {
		id := provider.MapToolCallID(c.ID, provider.AnthropicToolIDs)
		blocks = append(blocks, block{Type: "tool_use", ID: id, Name: c.Name, Input: objectOrEmpty(c.Args)})
	}
	return blocks
}

// objectOrEmpty returns args when it is a JSON object, else {} (the API wants an object).
func objectOrEmpty(args []byte) json.RawMessage {
	trimmed := bytes.TrimSpace(args)
	if len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(trimmed) {
		return emptyObject
	}
	return json.RawMessage(trimmed)
}

func tools(specs []provider.ToolSpec) []tool {
	var out []tool
	for _, s := range specs {
		schema := json.RawMessage(s.Parameters)
		if len(schema) == 0 {
			schema = emptySchema
		}
		out = append(out, tool{Name: s.Name, Description: s.Description, InputSchema: schema})
	}
	return out
}
