package anthropic

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

func call(id, name, args string) provider.Event {
	return provider.Event{Kind: provider.EventToolCall, Call: provider.ToolCall{ID: id, Name: name, Args: []byte(args)}}
}

func usageEvent(p, c int64) provider.Event {
	return provider.Event{Kind: provider.EventUsage, Usage: provider.Usage{PromptTokens: p, CompletionTokens: c, TotalTokens: p + c}}
}

func ev(name, data string) string { return "event: " + name + "\ndata: " + data + "\n\n" }

const (
	start = `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"usage":{"input_tokens":10,"cache_creation_input_tokens":5,"cache_read_input_tokens":100,"output_tokens":1}}}`
	stop  = `{"type":"message_stop"}`
)

func TestStreamDetails(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   []provider.Event
	}{{
		name: "cached input tokens count as prompt tokens",
		chunks: []string{
			ev("message_start", start),
			ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":7}}`),
			ev("message_stop", stop),
		},
		want: []provider.Event{{Kind: provider.EventStop, Stop: provider.Stop{Reason: "end_turn"}}, usageEvent(115, 7)},
	}, {
		name: "max_tokens cuts a tool call",
		chunks: []string{
			ev("message_start", start),
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"w","input":{}}}`),
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"content\":\"ab"}}`),
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`),
			ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":9}}`),
			ev("message_stop", stop),
		},
		want: []provider.Event{call("t1", "w", `{"content":"ab`),
			{Kind: provider.EventStop, Stop: provider.Stop{Reason: "max_tokens", Truncated: true}}, usageEvent(115, 9)},
	}, {
		name: "message_delta may carry input tokens",
		chunks: []string{
			ev("message_start", start),
			ev("message_delta", `{"type":"message_delta","delta":{},"usage":{"input_tokens":20,"output_tokens":7}}`),
			ev("message_stop", stop),
		},
		want: []provider.Event{usageEvent(20, 7)},
	}, {
		name: "tool input given whole at the start",
		chunks: []string{
			ev("message_start", start),
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"f","input":{"a":1}}}`),
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`),
			ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t2","name":"g","input":{}}}`),
			ev("content_block_stop", `{"type":"content_block_stop","index":1}`),
			ev("message_stop", stop),
		},
		want: []provider.Event{call("t1", "f", `{"a":1}`), call("t2", "g", `{}`)},
	}, {
		name: "unknown events and deltas are ignored",
		chunks: []string{
			ev("message_start", start),
			ev("ping", `{"type": "ping"}`),
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking","data":"xyz"}}`),
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{}}}`),
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`),
			ev("future_event", `{"type":"future_event"}`),
			ev("message_stop", stop),
		},
		want: nil,
	}, {
		name: "null for members, a missing type, and members Zero does not read",
		chunks: []string{
			ev("message_start", `{"type":"message_start","message":{"id":"m","usage":{"input_tokens":5,"cache_read_input_tokens":null,"output_tokens":null,"server_tool_use":{"web_search_requests":0}}}}`),
			ev("content_block_start", `{"index":0,"content_block":{"type":"text","text":null,"citations":null}}`),
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi","x":[1,{"y":"\u00e9"}]}}`),
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`),
			ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":null,"stop_sequence":null},"usage":{"input_tokens":null,"output_tokens":3}}`),
			ev("message_stop", `{"type":"message_stop","message":null}`),
		},
		want: []provider.Event{{Kind: provider.EventText, Delta: "Hi"}, usageEvent(5, 3)},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.NewServer(providertest.Response{Chunks: tc.chunks})
			defer srv.Close()
			got, err := providertest.Collect(context.Background(), New(Config{Endpoint: provider.Endpoint{BaseURL: srv.URL}}), conversation)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStreamErrors(t *testing.T) {
	turn := providertest.Text("Hello", " there")
	tests := []struct {
		name        string
		resp        providertest.Response
		message     string
		recoverable bool
	}{{
		name:        "overloaded error event",
		resp:        providertest.Insert(providertest.Anthropic.Stream(turn), 3, providertest.AnthropicErrorEvent("overloaded_error", "Overloaded")),
		message:     "anthropic: error in stream: overloaded_error: Overloaded",
		recoverable: true,
	}, {
		name:    "invalid request error event",
		resp:    providertest.Insert(providertest.Anthropic.Stream(turn), 3, providertest.AnthropicErrorEvent("invalid_request_error", "bad")),
		message: "anthropic: error in stream: invalid_request_error: bad",
	}, {
		name: "input delta for a block that is no tool_use",
		resp: providertest.Response{Chunks: []string{
			ev("message_start", start),
			ev("content_block_delta", `{"type":"content_block_delta","index":4,"delta":{"type":"input_json_delta","partial_json":"{"}}`),
		}},
		message: "anthropic: malformed stream: input_json_delta for content block 4, which is no tool_use",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.NewServer(tc.resp)
			defer srv.Close()
			_, err := providertest.Collect(context.Background(), New(Config{Endpoint: provider.Endpoint{BaseURL: srv.URL}}), conversation)
			var perr *provider.Error
			if !errors.As(err, &perr) {
				t.Fatalf("error %v, want *provider.Error", err)
			}
			if perr.Message != tc.message || perr.Recoverable != tc.recoverable {
				t.Errorf("error %q (recoverable %v), want %q (recoverable %v)", perr.Message, perr.Recoverable, tc.message, tc.recoverable)
			}
		})
	}
}
