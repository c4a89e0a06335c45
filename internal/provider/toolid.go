package provider

import (
	"crypto/sha256"
	"encoding/hex"
)

// ToolIDRule is what one vendor accepts as a tool-call id in a request.
type ToolIDRule struct {
	// Prefix starts the ids MapToolCallID makes ("toolu_", "call_").
	Prefix string
	// MaxLen is the longest id the vendor accepts.
	MaxLen int
	// Byte reports whether the vendor accepts b in an id; nil accepts
	// every byte.
	Byte func(b byte) bool
}

// AnthropicToolIDs is Anthropic's rule for tool_use.id and
// tool_result.tool_use_id: ^[a-zA-Z0-9_-]+$.
var AnthropicToolIDs = ToolIDRule{Prefix: "toolu_", MaxLen: 64, Byte: func(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '-'
}}

// OpenAIToolIDs is the OpenAI Chat Completions rule for tool_calls[].id and
// tool_call_id: any string of at most 40 characters.
var OpenAIToolIDs = ToolIDRule{Prefix: "call_", MaxLen: 40}

// MapToolCallID returns id when the vendor of rule accepts it, else an id
// it accepts made from id alone: rule.Prefix and the first 96 bits of
// id's SHA-256 in hex. A history recorded with another vendor's ids
// ("functions.read_file:0" from an OpenAI-compatible server, sent to
// Anthropic) is thereby sent with valid ids, and since the mapping is
// deterministic, a tool call and its result still name the same id.
func MapToolCallID(id string, rule ToolIDRule) string {
	if rule.accepts(id) {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return rule.Prefix + hex.EncodeToString(sum[:12])
}

// accepts reports whether id is non-empty, short enough and made of bytes
// the rule accepts.
func (r ToolIDRule) accepts(id string) bool {
	if id == "" || len(id) > r.MaxLen {
		return false
	}
	if r.Byte == nil {
		return true
	}
	for i := 0; i < len(id); i++ {
		if !r.Byte(id[i]) {
			return false
		}
	}
	return true
}
