package provider

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// errorBody is what Zero reads of a vendor's JSON error body: OpenAI's
// and Anthropic's {"error": {...}}, and the flat {"message": ...} of
// vLLM.
type errorBody struct {
	Error struct {
		Message string `json:"message"`
		Type    string `json:"type"`
		Code    any    `json:"code"`            // a string at OpenAI, a number at llama.cpp
		NCtx    int    `json:"n_ctx"`           // llama.cpp
		NPrompt int    `json:"n_prompt_tokens"` // llama.cpp
	} `json:"error"`
	Message string `json:"message"`
	Type    string `json:"type"`
}

// message is the body's error message, "" when it has none.
func (b *errorBody) message() string {
	if b.Error.Message != "" {
		return b.Error.Message
	}
	return b.Message
}

// The vendors' ways of saying that a request is longer than the model's
// context window, and where they state the window and the request's size:
//
//	OpenAI, vLLM: "This model's maximum context length is 128000 tokens. However, your messages
//	               resulted in 130012 tokens." (or "you requested 130012 tokens (...)")
//	Anthropic:    "prompt is too long: 208310 tokens > 200000 maximum"
//	              "input length and `max_tokens` exceed context limit: 198000 + 8192 > 200000, ..."
//	llama.cpp:    type "exceed_context_size_error", with n_ctx and n_prompt_tokens
//	Ollama and others: a message about the context length or window, without numbers
var (
	maxContextRe = regexp.MustCompile(`maximum context length is (\d+) tokens`)
	resultedRe   = regexp.MustCompile(`(?:resulted in|you requested) (\d+) tokens`)
	tooLongRe    = regexp.MustCompile(`prompt is too long: (\d+) tokens > (\d+) maximum`)
	limitSumRe   = regexp.MustCompile(`exceed context limit: (\d+) \+ \d+ > (\d+)`)
	contextWords = regexp.MustCompile(`(?i)context (length|window|size|limit)|prompt is too long`)
)

// overflow tells from an HTTP error whether the vendor refused the request
// for being longer than the model's context window, and fills in the
// window and the request's size when the vendor states them.
func overflow(status int, b *errorBody, e *Error) {
	if status != http.StatusBadRequest && status != http.StatusRequestEntityTooLarge {
		return
	}
	msg := b.message()
	code, _ := b.Error.Code.(string)
	switch {
	case code == "context_length_exceeded", b.Error.Type == "exceed_context_size_error":
	case contextWords.MatchString(msg):
	default:
		return
	}
	e.ContextExceeded = true
	e.ContextWindow, e.ContextUsed = b.Error.NCtx, b.Error.NPrompt
	if m := maxContextRe.FindStringSubmatch(msg); m != nil {
		e.ContextWindow = atoi(m[1])
		if u := resultedRe.FindStringSubmatch(msg); u != nil {
			e.ContextUsed = atoi(u[1])
		}
	}
	for _, re := range []*regexp.Regexp{tooLongRe, limitSumRe} {
		if m := re.FindStringSubmatch(msg); m != nil {
			e.ContextUsed, e.ContextWindow = atoi(m[1]), atoi(m[2])
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimSpace(s))
	return n
}

// decodeErrorBody reads a vendor's JSON error body; the zero value when
// it is not one.
func decodeErrorBody(body []byte) *errorBody {
	var b errorBody
	if json.Unmarshal(body, &b) != nil {
		return &errorBody{}
	}
	return &b
}
