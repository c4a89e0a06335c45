package openai

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

// conversation has a user message, an assistant turn with text and two tool calls, their
// results (one an error), and a final user message.
var conversation = provider.Request{
	System: "You are terse.",
	Messages: []provider.Message{
		{Role: provider.RoleUser, Text: "Weather in Paris?"},
		{Role: provider.RoleAssistant, Text: "Checking.", Reasoning: "not sent", ToolCalls: []provider.ToolCall{
			{ID: "call_1", Name: "get_weather", Args: []byte(`{"city":"Paris"}`)},
			{ID: "call_2", Name: "get_time"},
		}},
		{Role: provider.RoleTool, ToolCallID: "call_1", ToolName: "get_weather", Text: "18C"},
		{Role: provider.RoleTool, ToolCallID: "call_2", ToolName: "get_time", Text: "no clock", IsError: true},
		{Role: provider.RoleAssistant, ToolCalls: []provider.ToolCall{{ID: "call_3", Name: "get_time", Args: []byte(`{}`)}}},
		{Role: provider.RoleTool, ToolCallID: "call_3", Text: "12:00"},
		{Role: provider.RoleUser, Text: "Thanks"},
	},
	Tools: []provider.ToolSpec{
		{Name: "get_weather", Description: "Weather for a city", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)},
		{Name: "get_time"},
	},
	MaxTokens: 1000,
}

const wantBody = `{
	"model": "gpt-test-model",
	"messages": [
		{"role": "system", "content": "You are terse."},
		{"role": "user", "content": "Weather in Paris?"},
		{"role": "assistant", "content": "Checking.", "tool_calls": [
			{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}},
			{"id": "call_2", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}
		]},
		{"role": "tool", "tool_call_id": "call_1", "content": "18C"},
		{"role": "tool", "tool_call_id": "call_2", "content": "Error: no clock"},
		{"role": "assistant", "content": null, "tool_calls": [
			{"id": "call_3", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}
		]},
		{"role": "tool", "tool_call_id": "call_3", "content": "12:00"},
		{"role": "user", "content": "Thanks"}
	],
	"tools": [
		{"type": "function", "function": {"name": "get_weather", "description": "Weather for a city",
			"parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}},
		{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}
	],
	"stream": true,
	"stream_options": {"include_usage": true},
	"max_tokens": 1000
}`

func TestRequestShape(t *testing.T) {
	srv := providertest.NewServer(providertest.OpenAI.Stream(providertest.Text("ok")))
	defer srv.Close()
	p := New(Config{APIKey: "sk-key", BaseURL: srv.URL + "/v1", Model: "gpt-test-model"})
	if _, err := providertest.Collect(context.Background(), p, conversation); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if got.Method != "POST" || got.Path != "/v1/chat/completions" {
		t.Errorf("request %s %s, want POST /v1/chat/completions", got.Method, got.Path)
	}
	for name, want := range map[string]string{
		"Authorization": "Bearer sk-key",
		"Content-Type":  "application/json",
		"Accept":        "text/event-stream",
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

func TestNoKeyNoAuthorization(t *testing.T) {
	srv := providertest.NewServer(providertest.OpenAI.Stream(providertest.Text("ok")))
	defer srv.Close()
	p := New(Config{BaseURL: srv.URL})
	if _, err := providertest.Collect(context.Background(), p, conversation); err != nil {
		t.Fatal(err)
	}
	got := srv.Requests()[0]
	if v, ok := got.Header["Authorization"]; ok {
		t.Errorf("Authorization header %q sent without a key", v)
	}
	if got.Path != "/chat/completions" {
		t.Errorf("path %q, want /chat/completions", got.Path)
	}
}

func TestDefaults(t *testing.T) {
	p := New(Config{})
	if p.endpoint != "https://api.openai.com/v1/chat/completions" {
		t.Errorf("endpoint %q", p.endpoint)
	}
	if p.Name() != "openai" || p.DefaultModel() != DefaultModel {
		t.Errorf("Name, DefaultModel = %q, %q", p.Name(), p.DefaultModel())
	}
	w, err := p.wireRequest(provider.Request{Model: "o3", MaxTokens: 50})
	if err != nil {
		t.Fatal(err)
	}
	if w.Model != "o3" || w.MaxCompletionTokens != 50 || w.MaxTokens != 0 {
		t.Errorf("model %q, max_completion_tokens %d, max_tokens %d; want o3, 50, 0", w.Model, w.MaxCompletionTokens, w.MaxTokens)
	}
}

func TestFromEnv(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://localhost:11434/v1"}
	got := FromEnv(func(k string) string { return env[k] })
	if got.APIKey != "k" || got.BaseURL != "http://localhost:11434/v1" {
		t.Errorf("FromEnv = %+v", got)
	}
}

func TestUnknownRole(t *testing.T) {
	srv := providertest.NewServer()
	defer srv.Close()
	req := provider.Request{Messages: []provider.Message{{Role: "system", Text: "x"}}}
	_, err := providertest.Collect(context.Background(), New(Config{BaseURL: srv.URL}), req)
	var perr *provider.Error
	if !errors.As(err, &perr) || perr.Recoverable {
		t.Errorf("error %v, want a non-recoverable *provider.Error", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("server got %d requests, want none", n)
	}
}
