package providertest

import (
	"cmp"
	"fmt"
	"net/http"
)

// Anthropic writes Messages streams: "event: NAME" and "data: {...}" pairs from message_start
// through content blocks (thinking, text, tool_use) to message_delta and message_stop, with a
// ping after message_start, as the Messages streaming reference shows them.
var Anthropic = &Dialect{
	name:      "anthropic",
	header:    func() http.Header { return sseHeader("Request-Id", "req_providertest") },
	events:    anthropicEvents,
	errorBody: anthropicError,
	stop:      anthropicStop,
	tooLong:   anthropicTooLong,
	broken:    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"oops\"\n\n",
}

// AnthropicErrorEvent returns an "error" event, as the Messages API sends one mid-stream, for
// example with typ "overloaded_error".
func AnthropicErrorEvent(typ, message string) string {
	return anthropicEvent("error", o("type", "error", "error", o("type", typ, "message", message)))
}

func anthropicEvents(t Turn) []string {
	events := []string{anthropicStart(t), anthropicEvent("ping", o("type", "ping"))}
	index := 0
	if len(t.Reasoning) > 0 {
		events = append(events, anthropicThinking(index, t.Reasoning)...)
		index++
	}
	if len(t.Text) > 0 {
		events = append(events, anthropicText(index, t.Text)...)
		index++
	}
	for _, c := range t.Calls {
		events = append(events, anthropicToolUse(index, c)...)
		index++
	}
	stop := anthropicStop(t)
	return append(events,
		anthropicEvent("message_delta", o(
			"type", "message_delta",
			"delta", o("stop_reason", stop, "stop_sequence", nil),
			"usage", o("output_tokens", t.Usage.Output),
		)),
		anthropicEvent("message_stop", o("type", "message_stop")))
}

func anthropicStop(t Turn) string {
	switch {
	case t.Truncated:
		return "max_tokens"
	case len(t.Calls) > 0:
		return "tool_use"
	}
	return "end_turn"
}

func anthropicStart(t Turn) string {
	usage := o("input_tokens", t.Usage.Input, "cache_creation_input_tokens", 0,
		"cache_read_input_tokens", 0, "output_tokens", 1)
	return anthropicEvent("message_start", o("type", "message_start", "message", o(
		"id", "msg_providertest", "type", "message", "role", "assistant",
		"model", cmp.Or(t.Model, "claude-test"), "content", []any{},
		"stop_reason", nil, "stop_sequence", nil, "usage", usage,
	)))
}

func anthropicThinking(index int, parts []string) []string {
	deltas := make([]ordered, 0, len(parts)+1)
	for _, p := range parts {
		deltas = append(deltas, o("type", "thinking_delta", "thinking", p))
	}
	deltas = append(deltas, o("type", "signature_delta", "signature", "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"))
	return anthropicBlock(index, o("type", "thinking", "thinking", "", "signature", ""), deltas)
}

func anthropicText(index int, parts []string) []string {
	deltas := make([]ordered, 0, len(parts))
	for _, p := range parts {
		deltas = append(deltas, o("type", "text_delta", "text", p))
	}
	return anthropicBlock(index, o("type", "text", "text", ""), deltas)
}

func anthropicToolUse(index int, c Call) []string {
	deltas := []ordered{o("type", "input_json_delta", "partial_json", "")}
	for _, frag := range c.Args {
		deltas = append(deltas, o("type", "input_json_delta", "partial_json", frag))
	}
	block := o("type", "tool_use", "id", c.ID, "name", c.Name, "input", o())
	return anthropicBlock(index, block, deltas)
}

// anthropicBlock streams one content block: its start, its deltas and its stop.
func anthropicBlock(index int, block ordered, deltas []ordered) []string {
	events := []string{anthropicEvent("content_block_start", o(
		"type", "content_block_start", "index", index, "content_block", block,
	))}
	for _, d := range deltas {
		events = append(events, anthropicEvent("content_block_delta", o(
			"type", "content_block_delta", "index", index, "delta", d,
		)))
	}
	return append(events, anthropicEvent("content_block_stop", o("type", "content_block_stop", "index", index)))
}

func anthropicEvent(name string, data ordered) string {
	return "event: " + name + "\ndata: " + marshal(data) + "\n\n"
}

func anthropicError(status int, message string) string {
	return marshal(o(
		"type", "error",
		"error", o("type", anthropicErrorType(status), "message", message),
		"request_id", "req_providertest",
	))
}

func anthropicErrorType(status int) string {
	switch status {
	case 401:
		return "authentication_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limit_error"
	case 529:
		return "overloaded_error"
	}
	if status >= 500 {
		return "api_error"
	}
	return "invalid_request_error"
}

func anthropicTooLong(window, used int) string {
	return marshal(o(
		"type", "error",
		"error", o("type", "invalid_request_error", "message", fmt.Sprintf("prompt is too long: %d tokens > %d maximum", used, window)),
		"request_id", "req_providertest",
	))
}
