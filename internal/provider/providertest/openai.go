package providertest

import (
	"cmp"
	"fmt"
	"net/http"
)

// OpenAI writes Chat Completions streams: one "data: " line per chat.completion.chunk object,
// usage in a last chunk with empty choices (as stream_options.include_usage asks), then
// "data: [DONE]". Reasoning arrives as delta.reasoning_content, as DeepSeek and vLLM send it.
var OpenAI = &Dialect{
	name:      "openai",
	header:    func() http.Header { return sseHeader("X-Request-Id", "req_providertest") },
	events:    openAIEvents,
	errorBody: openAIError,
	stop:      openAIStop,
	tooLong:   openAITooLong,
	broken:    "data: {\"id\":\"chatcmpl-providertest\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"oops\"\n\n",
}

type oaChunk struct {
	ID                string     `json:"id"`
	Object            string     `json:"object"`
	Created           int64      `json:"created"`
	Model             string     `json:"model"`
	SystemFingerprint string     `json:"system_fingerprint"`
	Choices           []oaChoice `json:"choices"`
	Usage             *oaUsage   `json:"usage"`
}

type oaChoice struct {
	Index        int       `json:"index"`
	Delta        oaDelta   `json:"delta"`
	Logprobs     *struct{} `json:"logprobs"`
	FinishReason *string   `json:"finish_reason"`
}

type oaDelta struct {
	Role             string       `json:"role,omitempty"`
	Content          *string      `json:"content,omitempty"`
	ReasoningContent string       `json:"reasoning_content,omitempty"`
	ToolCalls        []oaToolCall `json:"tool_calls,omitempty"`
}

type oaToolCall struct {
	Index    int        `json:"index"`
	ID       string     `json:"id,omitempty"`
	Type     string     `json:"type,omitempty"`
	Function oaFunction `json:"function"`
}

type oaFunction struct {
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments"`
}

type oaUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

func openAIEvents(t Turn) []string {
	model := cmp.Or(t.Model, "gpt-test")
	empty := ""
	deltas := []oaDelta{{Role: "assistant", Content: &empty}}
	for _, r := range t.Reasoning {
		deltas = append(deltas, oaDelta{ReasoningContent: r})
	}
	for _, s := range t.Text {
		deltas = append(deltas, oaDelta{Content: &s})
	}
	for i, c := range t.Calls {
		deltas = append(deltas, openAICallDeltas(i, c)...)
	}
	var events []string
	for _, d := range deltas {
		events = append(events, openAIData(oaChunkOf(model, oaChoice{Delta: d})))
	}
	finish := openAIStop(t)
	events = append(events, openAIData(oaChunkOf(model, oaChoice{FinishReason: &finish})))
	usage := oaChunkOf(model)
	usage.Usage = &oaUsage{t.Usage.Input, t.Usage.Output, t.Usage.Input + t.Usage.Output}
	return append(events, openAIData(usage), "data: [DONE]\n\n")
}

func openAIStop(t Turn) string {
	switch {
	case t.Truncated:
		return "length"
	case len(t.Calls) > 0:
		return "tool_calls"
	}
	return "stop"
}

// openAICallDeltas streams call number i: id, type and name first, then the argument fragments.
func openAICallDeltas(i int, c Call) []oaDelta {
	first := oaToolCall{Index: i, ID: c.ID, Type: "function", Function: oaFunction{Name: c.Name}}
	deltas := []oaDelta{{ToolCalls: []oaToolCall{first}}}
	for _, frag := range c.Args {
		deltas = append(deltas, oaDelta{ToolCalls: []oaToolCall{{Index: i, Function: oaFunction{Arguments: frag}}}})
	}
	return deltas
}

func oaChunkOf(model string, choices ...oaChoice) oaChunk {
	if choices == nil {
		choices = []oaChoice{}
	}
	return oaChunk{
		ID:                "chatcmpl-providertest",
		Object:            "chat.completion.chunk",
		Created:           1700000000,
		Model:             model,
		SystemFingerprint: "fp_providertest",
		Choices:           choices,
	}
}

func openAIData(v any) string { return "data: " + marshal(v) + "\n\n" }

func openAIError(status int, message string) string {
	typ, code := "invalid_request_error", any(nil)
	switch {
	case status == http.StatusUnauthorized:
		code = "invalid_api_key"
	case status == http.StatusTooManyRequests:
		typ, code = "requests", "rate_limit_exceeded"
	case status >= 500:
		typ = "server_error"
	}
	return marshal(o("error", o("message", message, "type", typ, "param", nil, "code", code)))
}

func openAITooLong(window, used int) string {
	msg := fmt.Sprintf("This model's maximum context length is %d tokens. However, your messages resulted in %d tokens. "+
		"Please reduce the length of the messages.", window, used)
	return marshal(o("error", o("message", msg, "type", "invalid_request_error", "param", "messages", "code", "context_length_exceeded")))
}
