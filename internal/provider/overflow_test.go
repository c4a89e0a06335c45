package provider

import "testing"

// TestOverflow reads the context-window errors of the servers Zero talks
// to, and leaves other 400s alone.
func TestOverflow(t *testing.T) {
	for _, tc := range []struct {
		name         string
		status       int
		body         string
		exceeded     bool
		window, used int
	}{
		{"openai", 400, `{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`, true, 128000, 130512},
		{"openai with completion", 400, `{"error":{"message":"This model's maximum context length is 16385 tokens. However, you requested 17000 tokens (15000 in the messages, 2000 in the completion). Please reduce the length of the messages or completion.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`, true, 16385, 17000},
		{"vllm", 400, `{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}`, true, 4096, 5000},
		{"llama.cpp", 400, `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5120,"n_ctx":4096}}`, true, 4096, 5120},
		{"anthropic", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 tokens > 200000 maximum"},"request_id":"req_1"}`, true, 200000, 208310},
		{"anthropic with max_tokens", 400, `{"type":"error","error":{"type":"invalid_request_error","message":"input length and ` + "`max_tokens`" + ` exceed context limit: 198000 + 8192 > 200000, decrease input length or ` + "`max_tokens`" + ` and try again"},"request_id":"req_1"}`, true, 200000, 198000},
		{"ollama", 400, `{"error":{"message":"the input length exceeds the context length","type":"invalid_request_error"}}`, true, 0, 0},
		{"other bad request", 400, `{"error":{"message":"messages: field required","type":"invalid_request_error"}}`, false, 0, 0},
		{"rate limit", 429, `{"error":{"message":"prompt is too long for your rate limit","type":"requests"}}`, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &Error{Status: tc.status}
			overflow(tc.status, decodeErrorBody([]byte(tc.body)), e)
			if e.ContextExceeded != tc.exceeded || e.ContextWindow != tc.window || e.ContextUsed != tc.used {
				t.Errorf("exceeded %v, window %d, used %d; want %v, %d, %d", e.ContextExceeded, e.ContextWindow, e.ContextUsed, tc.exceeded, tc.window, tc.used)
			}
		})
	}
}
