package replay

import (
	"context"
	"fmt"
	"sync/atomic"

	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	"github.com/zeroproject/zero/internal/provider"
)

// DemoModel is the model name a script without one reports.
const DemoModel = "replay-demo"

// replayProvider plays a script; calls counts the calls of Stream.
type replayProvider struct {
	script *replayv1.ReplayScript
	calls  atomic.Int64
}

// New returns a provider that plays script, turn i on the i-th call of
// Stream. It is safe for concurrent use; concurrent calls take turns in the
// order they start.
func New(script *replayv1.ReplayScript) provider.Provider {
	return &replayProvider{script: script}
}

// Name returns "replay".
func (p *replayProvider) Name() string { return "replay" }

// DefaultModel returns the script's model, or DemoModel when it has none.
func (p *replayProvider) DefaultModel() string {
	if m, ok := p.script.Model.Get(); ok {
		return m
	}
	return DemoModel
}

// Stream plays the next turn of the script, step by step. It stops with
// ctx.Err() when ctx is cancelled before a step.
func (p *replayProvider) Stream(ctx context.Context, _ provider.Request, emit func(provider.Event) error) error {
	n := p.calls.Add(1)
	if n > int64(len(p.script.Turns)) {
		return &provider.Error{
			Code:    provider.CodeProviderError,
			Message: fmt.Sprintf("replay script has no turn %d: it has %d", n, len(p.script.Turns)),
		}
	}
	for _, step := range p.script.Turns[n-1].Steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := play(step, emit); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// play emits the event of one step, or returns the error of an error step.
func play(step replayv1.ReplayStep, emit func(provider.Event) error) error {
	switch s := step.Value.(type) {
	case *replayv1.ReplayReasoning:
		return emit(provider.Event{Kind: provider.EventReasoning, Delta: s.Delta})
	case *replayv1.ReplayText:
		return emit(provider.Event{Kind: provider.EventText, Delta: s.Delta})
	case *replayv1.ReplayToolCall:
		call := provider.ToolCall{ID: s.ID, Name: s.Name, Args: append([]byte(nil), s.Args...)}
		return emit(provider.Event{Kind: provider.EventToolCall, Call: call})
	case *replayv1.ReplayUsage:
		u := provider.Usage{PromptTokens: s.PromptTokens, CompletionTokens: s.CompletionTokens, TotalTokens: s.PromptTokens + s.CompletionTokens}
		return emit(provider.Event{Kind: provider.EventUsage, Usage: u})
	case *replayv1.ReplayError:
		return &provider.Error{Code: provider.CodeProviderError, Message: s.Message, Status: int(s.Status.V)}
	}
	return &provider.Error{Code: provider.CodeProviderError, Message: fmt.Sprintf("replay script step of unknown type %T", step.Value)}
}
