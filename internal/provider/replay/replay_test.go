package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	"github.com/zeroproject/zero/internal/provider"
)

const twoTurns = `{
  "schemaVersion": 1,
  "model": "scripted-1",
  "turns": [
    { "steps": [
      { "type": "reasoning", "delta": "Read the README first." },
      { "type": "text", "delta": "Reading." },
      { "type": "tool_call", "id": "call_1", "name": "read_file", "args": {"path": "README.md",  "x": [1, 2.50]} },
      { "type": "usage", "promptTokens": 120, "completionTokens": 14 }
    ] },
    { "steps": [
      { "type": "text", "delta": "The README " },
      { "type": "text", "delta": "describes Zero." }
    ] }
  ]
}`

func mustDecode(t *testing.T, s string) *replayv1.ReplayScript {
	t.Helper()
	script, err := decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return script
}

// collect streams one turn and returns its events and error.
func collect(p provider.Provider) ([]provider.Event, error) {
	var evs []provider.Event
	err := p.Stream(context.Background(), provider.Request{}, func(e provider.Event) error {
		evs = append(evs, e)
		return nil
	})
	return evs, err
}

func TestStreamPlaysTurnsInOrder(t *testing.T) {
	p := New(mustDecode(t, twoTurns))
	if p.Name() != "replay" || p.DefaultModel() != "scripted-1" {
		t.Errorf("Name %q, DefaultModel %q", p.Name(), p.DefaultModel())
	}
	want := [][]provider.Event{
		{
			{Kind: provider.EventReasoning, Delta: "Read the README first."},
			{Kind: provider.EventText, Delta: "Reading."},
			{Kind: provider.EventToolCall, Call: provider.ToolCall{ID: "call_1", Name: "read_file", Args: []byte(`{"path": "README.md",  "x": [1, 2.50]}`)}},
			{Kind: provider.EventUsage, Usage: provider.Usage{PromptTokens: 120, CompletionTokens: 14, TotalTokens: 134}},
		},
		{
			{Kind: provider.EventText, Delta: "The README "},
			{Kind: provider.EventText, Delta: "describes Zero."},
		},
	}
	for i, w := range want {
		got, err := collect(p)
		if err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("turn %d (-want +got):\n%s", i+1, diff)
		}
	}
}

func TestDefaultModelWithoutScriptModel(t *testing.T) {
	p := New(mustDecode(t, `{"schemaVersion":1,"turns":[{"steps":[]}]}`))
	if got := p.DefaultModel(); got != "replay-demo" {
		t.Errorf("DefaultModel = %q, want replay-demo", got)
	}
	if evs, err := collect(p); err != nil || len(evs) != 0 {
		t.Errorf("empty turn: %v, %v", evs, err)
	}
}

func TestErrorStep(t *testing.T) {
	p := New(mustDecode(t, `{"schemaVersion":1,"turns":[{"steps":[
		{"type":"text","delta":"partial"},
		{"type":"error","message":"rate limited","status":429},
		{"type":"text","delta":"never"}]},
		{"steps":[{"type":"error","message":"connection reset"}]}]}`))
	evs, err := collect(p)
	if len(evs) != 1 || evs[0].Delta != "partial" {
		t.Errorf("events before the error: %v", evs)
	}
	want := &provider.Error{Code: provider.CodeProviderError, Message: "rate limited", Status: 429}
	var pe *provider.Error
	if !errors.As(err, &pe) || *pe != *want {
		t.Errorf("error %#v, want %#v", err, want)
	}
	_, err = collect(p)
	if !errors.As(err, &pe) || pe.Status != 0 || pe.Message != "connection reset" || pe.Recoverable {
		t.Errorf("error without status: %#v", err)
	}
}

func TestCallBeyondLastTurn(t *testing.T) {
	p := New(mustDecode(t, twoTurns))
	collect(p)
	collect(p)
	_, err := collect(p)
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Code != provider.CodeProviderError || pe.Recoverable ||
		!strings.HasPrefix(pe.Message, "replay script has no turn 3") {
		t.Errorf("third call: %#v", err)
	}
}

func TestCancellation(t *testing.T) {
	p := New(mustDecode(t, twoTurns))
	ctx, cancel := context.WithCancel(context.Background())
	var evs []provider.Event
	err := p.Stream(ctx, provider.Request{}, func(e provider.Event) error {
		evs = append(evs, e)
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || len(evs) != 1 {
		t.Errorf("cancelled after the first event: %d events, %v", len(evs), err)
	}
	err = p.Stream(ctx, provider.Request{}, func(e provider.Event) error {
		t.Errorf("event %v after cancellation", e)
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

func TestEmitErrorIsReturned(t *testing.T) {
	stop := errors.New("stop")
	p := New(mustDecode(t, twoTurns))
	n := 0
	err := p.Stream(context.Background(), provider.Request{}, func(provider.Event) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("Stream = %v after %d events, want the emit error after 1", err, n)
	}
}

func TestConcurrentCallsTakeDistinctTurns(t *testing.T) {
	const n = 32
	var b strings.Builder
	b.WriteString(`{"schemaVersion":1,"turns":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"steps":[{"type":"text","delta":"%d"}]}`, i)
	}
	b.WriteString(`]}`)
	p := New(mustDecode(t, b.String()))
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := map[string]bool{}
	for range n {
		wg.Go(func() {
			evs, err := collect(p)
			if err != nil || len(evs) != 1 {
				t.Errorf("%v %v", evs, err)
				return
			}
			mu.Lock()
			seen[evs[0].Delta] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(seen) != n {
		t.Errorf("%d distinct turns played, want %d", len(seen), n)
	}
}
