package openai

import (
	"context"
	"testing"

	"github.com/zeroproject/zero/internal/provider/providertest"
)

// TestContextWindow asks a vLLM-like and a llama.cpp-like server for the
// window, and gets 0 from one that states none; no question takes a turn
// of the script.
func TestContextWindow(t *testing.T) {
	for _, tc := range []struct {
		name, path, body string
		want             int
	}{
		{"vllm", "/v1/models", `{"object":"list","data":[{"id":"other","object":"model","max_model_len":2048},{"id":"qwen","object":"model","owned_by":"vllm","max_model_len":32768}]}`, 32768},
		{"llama.cpp", "/props", `{"default_generation_settings":{"n_ctx":4096,"params":{}},"total_slots":1}`, 4096},
		{"silent", "/v1/models", `{"object":"list","data":[{"id":"qwen","object":"model"}]}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.NewServer()
			defer srv.Close()
			srv.AnswerGet(tc.path, tc.body)
			p := New(Config{BaseURL: srv.URL + "/v1", Model: "qwen"})
			if got := p.ContextWindow(context.Background(), ""); got != tc.want {
				t.Errorf("ContextWindow = %d, want %d (asked %q)", got, tc.want, srv.Probes())
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("%d scripted requests, want 0", n)
			}
		})
	}
	if got := New(Config{APIKey: "k"}).ContextWindow(context.Background(), "gpt-5"); got != 0 {
		t.Errorf("the official API: %d, want 0 without asking", got)
	}
}
