package anthropic

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

// conversation has a user message, an assistant turn with text and two tool calls, their
// results (one an error) followed by more user text, and an assistant call with broken args.
var conversation = provider.Request{
	System: "You are terse.",
	Messages: []provider.Message{
		{Role: provider.RoleUser, Text: "Weather in Paris?"},
		{Role: provider.RoleAssistant, Text: "Checking.", Reasoning: "not sent", ToolCalls: []provider.ToolCall{
			{ID: "toolu_1", Name: "get_weather", Args: []byte(`{"city":"Paris"}`)},
			{ID: "toolu_2", Name: "get_time"},
		}},
		{Role: provider.RoleTool, ToolCallID: "toolu_1", ToolName: "get_weather", Text: "18C"},
		{Role: provider.RoleTool, ToolCallID: "toolu_2", ToolName: "get_time", Text: "no clock", IsError: true},
		{Role: provider.RoleUser, Text: "Also the time?"},
		{Role: provider.RoleAssistant, ToolCalls: []provider.ToolCall{{ID: "toolu_3", Name: "get_time", Args: []byte(`{"zone":`)}}},
		{Role: provider.RoleTool, ToolCallID: "toolu_3", Text: ""},
	},
	Tools: []provider.ToolSpec{
		{Name: "get_weather", Description: "Weather for a city", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)},
		{Name: "get_time"},
	},
}

const wantBody = `{
	"model": "claude-test-model",
	"max_tokens": 8192,
	"system": "You are terse.",
	"messages": [
		{"role": "user", "content": [{"type": "text", "text": "Weather in Paris?"}]},
		{"role": "assistant", "content": [
			{"type": "text", "text": "Checking."},
			{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}},
			{"type": "tool_use", "id": "toolu_2", "name": "get_time", "input": {}}
		]},
		{"role": "user", "content": [
			{"type": "tool_result", "tool_use_id": "toolu_1", "content": "18C"},
			{"type": "tool_result", "tool_use_id": "toolu_2", "content": "no clock", "is_error": true},
			{"type": "text", "text": "Also the time?"}
		]},
		{"role": "assistant", "content": [
			{"type": "tool_use", "id": "toolu_3", "name": "get_time", "input": {}}
		]},
		{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_3"}]}
	],
	"tools": [
		{"name": "get_weather", "description": "Weather for a city",
			"input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
		{"name": "get_time", "input_schema": {"type": "object", "properties": {}}}
	],
	"stream": true
}`

func TestRequestShape(t *testing.T) {
	srv := providertest.NewServer(providertest.Anthropic.Stream(providertest.Text("ok")))
	defer srv.Close()
	p := New(Config{Endpoint: provider.Endpoint{APIKey: "sk-ant-key", BaseURL: srv.URL, Model: "claude-test-model"}})
	if _, err := providertest.Collect(context.Background(), p, conversation); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if got.Method != "POST" || got.Path != "/v1/messages" {
		t.Errorf("request %s %s, want POST /v1/messages", got.Method, got.Path)
	}
	for name, want := range map[string]string{
		"X-Api-Key":         "sk-ant-key",
		"Anthropic-Version": "2023-06-01",
		"Content-Type":      "application/json",
		"Accept":            "text/event-stream",
		"Authorization":     "",
	} {
		if v := got.Header.Get(name); v != want {
			t.Errorf("header %s = %q, want %q", name, v, want)
		}
	}
	var want map[string]any
	if err := json.Unmarshal([]byte(wantBody), &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got.JSON); diff != "" {
		t.Errorf("body (-want +got):\n%s", diff)
	}
}

func TestMaxTokens(t *testing.T) {
	tests := []struct {
		cfg, req, want int
	}{
		{0, 0, DefaultMaxTokens},
		{100, 0, 100},
		{100, 7, 7},
	}
	for _, tc := range tests {
		w, err := New(Config{MaxTokens: tc.cfg}).wireRequest(provider.Request{MaxTokens: tc.req})
		if err != nil {
			t.Fatal(err)
		}
		if w.MaxTokens != tc.want {
			t.Errorf("config %d, request %d: max_tokens %d, want %d", tc.cfg, tc.req, w.MaxTokens, tc.want)
		}
	}
}

func TestDefaults(t *testing.T) {
	p := New(Config{})
	if p.endpoint != "https://api.anthropic.com/v1/messages" {
		t.Errorf("endpoint %q", p.endpoint)
	}
	if p.Name() != "anthropic" || p.DefaultModel() != DefaultModel {
		t.Errorf("Name, DefaultModel = %q, %q", p.Name(), p.DefaultModel())
	}
	env := map[string]string{"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": "http://proxy"}
	if got := FromEnv(func(k string) string { return env[k] }); got.APIKey != "k" || got.BaseURL != "http://proxy" {
		t.Errorf("FromEnv = %+v", got)
	}
}
