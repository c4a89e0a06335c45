package openai

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

func text(s string) provider.Event { return provider.Event{Kind: provider.EventText, Delta: s} }

func reasoning(s string) provider.Event {
	return provider.Event{Kind: provider.EventReasoning, Delta: s}
}

func call(id, name, args string) provider.Event {
	return provider.Event{Kind: provider.EventToolCall, Call: provider.ToolCall{ID: id, Name: name, Args: []byte(args)}}
}

func stop(reason string) provider.Event {
	return provider.Event{Kind: provider.EventStop, Stop: provider.Stop{Reason: reason, Truncated: reason == "length"}}
}

func usage(p, c, total int64) provider.Event {
	return provider.Event{Kind: provider.EventUsage, Usage: provider.Usage{PromptTokens: p, CompletionTokens: c, TotalTokens: total}}
}

// TestCompatibleServers feeds chunks as OpenAI-compatible servers write them.
func TestCompatibleServers(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   []provider.Event
	}{{
		name: "no id, usage null, empty choices, comments",
		chunks: []string{
			": OPENROUTER PROCESSING\n\n",
			`data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}],"usage":null}` + "\n\n",
			`data: {"choices":[]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{text("Hi"), stop("stop"), usage(3, 1, 4)},
	}, {
		name: "reasoning field",
		chunks: []string{
			`data: {"choices":[{"index":0,"delta":{"reasoning":"hmm","content":null}}]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{"content":"ok"}}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{reasoning("hmm"), text("ok")},
	}, {
		name: "both reasoning fields",
		chunks: []string{
			`data: {"choices":[{"index":0,"delta":{"reasoning_content":"a","reasoning":"b"}}]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{"reasoning_content":"c","reasoning":""}}]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{"reasoning_content":null,"reasoning":"d"}}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{reasoning("ab"), reasoning("c"), reasoning("d")},
	}, {
		name: "tool calls without index",
		chunks: []string{
			`data: {"choices":[{"delta":{"tool_calls":[{"id":"a","function":{"name":"f","arguments":"{\"x\":"}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[{"function":{"arguments":"1}"}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[{"id":"b","function":{"name":"g","arguments":"{}"}}]}}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{call("a", "f", `{"x":1}`), call("b", "g", "{}")},
	}, {
		name: "index 0 reused with new ids",
		chunks: []string{
			`data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"b","type":"function","function":{"name":"g","arguments":"{\"y\":2}"}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{call("a", "f", "{}"), call("b", "g", `{"y":2}`), stop("tool_calls")},
	}, {
		name: "finish_reason, then the stream closes without [DONE]",
		chunks: []string{
			`data: {"choices":[{"index":0,"delta":{"content":"Done"}}]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n\n",
		},
		want: []provider.Event{text("Done"), stop("stop")},
	}, {
		name: "cut by the token limit",
		chunks: []string{
			`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"w","arguments":"{\"content\":\"ab"}}]}}]}` + "\n\n",
			`data: {"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{call("c", "w", `{"content":"ab`), stop("length")},
	}, {
		name: "several calls in one chunk, no ids, emitted at [DONE]",
		chunks: []string{
			`data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":""}},{"index":1,"function":{"name":"g","arguments":"{\"z\":"}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[{"index":1,"function":{"arguments":"3}"}}]}}]}` + "\n\n",
			"data: [DONE]\n\n",
		},
		want: []provider.Event{call("call_0", "f", "{}"), call("call_1", "g", `{"z":3}`)},
	}, {
		name: "null for every member, and members Zero does not read",
		chunks: []string{
			`data: {"id":null,"choices":null,"usage":null,"error":null,"x_vendor":{"a":[1,{"b":"\u00e9"}]}}` + "\n\n",
			`data: {"choices":[null,{"index":null,"delta":null,"finish_reason":null,"logprobs":{"content":[]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"content":null,"reasoning":null,"reasoning_content":null,"tool_calls":null,"refusal":null}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[null,{"index":null,"id":null,"type":"function","function":null}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"tool_calls":[{"function":{"name":null,"arguments":null}}]}}]}` + "\n\n",
			`data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":null,"completion_tokens":2,"total_tokens":null,"prompt_tokens_details":{"cached_tokens":0}}}` + "\n\n",
		},
		want: []provider.Event{text("ok"), call("call_0", "", "{}"), stop("stop"), usage(0, 2, 2)},
	}, {
		name: "CRLF line ends and empty data",
		chunks: []string{
			"data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\r\n\r\n",
			"data:\r\n\r\n",
			"data: [DONE]\r\n\r\n",
		},
		want: []provider.Event{text("a")},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.NewServer(providertest.Response{Chunks: tc.chunks})
			defer srv.Close()
			got, err := providertest.Collect(context.Background(), New(Config{BaseURL: srv.URL}), conversation)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

// TestClosedBeforeFinish checks that a stream closed before any finish_reason stays an error,
// even when it sent text.
func TestClosedBeforeFinish(t *testing.T) {
	srv := providertest.NewServer(providertest.Response{Chunks: []string{
		`data: {"choices":[{"index":0,"delta":{"content":"Half an ans"}}]}` + "\n\n",
	}})
	defer srv.Close()
	got, err := providertest.Collect(context.Background(), New(Config{BaseURL: srv.URL}), conversation)
	if !provider.EndedEarly(err) {
		t.Errorf("error %v, want the stream to have ended early", err)
	}
	if diff := cmp.Diff([]provider.Event{text("Half an ans")}, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestErrorInStream(t *testing.T) {
	srv := providertest.NewServer(providertest.Response{Chunks: []string{
		`data: {"choices":[{"delta":{"content":"a"}}]}` + "\n\n",
		`data: {"error":{"message":"upstream overloaded","code":502}}` + "\n\n",
	}})
	defer srv.Close()
	_, err := providertest.Collect(context.Background(), New(Config{BaseURL: srv.URL}), conversation)
	var perr *provider.Error
	if !errors.As(err, &perr) || !perr.Recoverable || perr.Message != "openai: error in stream: upstream overloaded" {
		t.Errorf("error %#v, want a recoverable *provider.Error about the upstream", err)
	}
}
