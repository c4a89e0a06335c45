package run

import (
	"context"
	"fmt"
	"strings"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
)

// turnState gathers one model turn as it streams.
type turnState struct {
	text      strings.Builder // this turn's text, unredacted
	reasoning strings.Builder
	calls     []*call
	usage     provider.Usage
	hasUsage  bool
	stop      provider.Stop // why the model stopped, when the provider said
	separated bool          // the blank line before this turn's text was written
}

// turn makes one model call, records it, and runs the tools it asked for.
// It returns the number of tool calls. A call the vendor refuses as longer
// than the context window is compacted harder and made once more.
func (r *runner) turn(ctx context.Context) (int, error) {
	req, est, err := r.modelRequest(ctx, false)
	if err != nil {
		return 0, err
	}
	t := &turnState{}
	err = r.send(ctx, req, t)
	if perr := r.retryable(err, t); perr != nil {
		if req, est, err = r.recover(ctx, perr, est); err == nil {
			t = &turnState{}
			err = r.send(ctx, req, t)
		}
	}
	if err != nil {
		r.recordPartial(t)
		return 0, r.contextFailure(err)
	}
	r.calibrate(est, t)
	r.msgs = append(r.msgs, t.message())
	if err := r.recordAssistant(t, true); err != nil {
		return 0, err
	}
	if err := r.warnCut(t); err != nil {
		return 0, err
	}
	// The turn's usage closes the turn, after the results of its calls.
	callErr := r.runCalls(ctx, t.calls)
	if err := r.usage(t); err != nil && callErr == nil {
		callErr = err
	}
	if callErr == nil && t.stop.Truncated && len(t.calls) == 0 {
		callErr = &cutError{provider: r.cfg.Start.Provider, reason: t.stop.Reason}
	}
	return len(t.calls), callErr
}

// send makes the turn's model call, gathering its events into t.
func (r *runner) send(ctx context.Context, req provider.Request, t *turnState) error {
	return r.stream(ctx, req, func(ev provider.Event) error { return r.onEvent(t, ev) })
}

// stream makes one model call: it flushes the output, tells OnWait, and
// passes each event to handle.
func (r *runner) stream(ctx context.Context, req provider.Request, handle func(provider.Event) error) error {
	r.flush()
	r.waiting(true)
	streamCtx := ctx
	if r.cfg.Flush != nil {
		streamCtx = provider.WithBeforeWait(ctx, r.cfg.Flush)
	}
	err := r.cfg.Provider.Stream(streamCtx, req, func(ev provider.Event) error {
		r.waiting(false)
		return handle(ev)
	})
	r.waiting(false)
	if ferr := r.deltas.flush(); err == nil {
		err = ferr
	}
	return err
}

// warnCut tells the user that the output-token limit cut a turn that
// still made tool calls (a cut answer without calls ends the run instead),
// and marks its last call as cut when its arguments are incomplete.
func (r *runner) warnCut(t *turnState) error {
	if !t.stop.Truncated || len(t.calls) == 0 {
		return nil
	}
	last := t.calls[len(t.calls)-1]
	last.cut = !validJSON(last.orig.Args)
	msg := fmt.Sprintf("the model's output was cut off at its output-token limit (%s stop reason %q)", r.cfg.Start.Provider, t.stop.Reason)
	if last.cut {
		msg += fmt.Sprintf("; the arguments of its %s call are incomplete, so it does not run", last.name)
	}
	return r.warn(streamjsonv2.WarningCodeMaxOutputTokens, msg+"; raise the limit with --max-output-tokens")
}

// flush writes out what the sink holds, before the run waits.
func (r *runner) flush() {
	if r.cfg.Flush != nil {
		r.cfg.Flush()
	}
}

// waiting tells Config.OnWait whether the run now waits on the model.
func (r *runner) waiting(w bool) {
	if r.cfg.OnWait != nil && r.isWaiting != w {
		r.isWaiting = w
		r.cfg.OnWait(w)
	}
}

// onEvent handles one provider event while the turn streams.
func (r *runner) onEvent(t *turnState, ev provider.Event) error {
	switch ev.Kind {
	case provider.EventText:
		return r.onText(t, ev.Delta)
	case provider.EventReasoning:
		appendText(&t.reasoning, ev.Delta)
		return r.deltas.reasoningDelta(ev.Delta)
	case provider.EventToolCall:
		return r.onToolCall(t, ev.Call)
	case provider.EventUsage:
		t.usage, t.hasUsage = ev.Usage, true
	case provider.EventStop:
		t.stop = ev.Stop
		if r.cfg.OnStop != nil {
			r.cfg.OnStop(ev.Stop.Reason)
		}
	}
	return nil
}

// onText streams a text delta, first separating this turn's text from
// the text of earlier turns by a blank line.
func (r *runner) onText(t *turnState, delta string) error {
	if delta == "" {
		return nil
	}
	appendText(&t.text, delta)
	if !t.separated {
		t.separated = true
		delta = separator(r.answer.String()) + delta
	}
	appendText(&r.answer, delta)
	return r.deltas.textDelta(delta)
}

// appendText adds s to b, doubling b's room when s does not fit. WriteString
// alone grows like append, which adds only a quarter to a large buffer, so a
// long answer arriving in tiny deltas would be copied over and over; Grow
// doubles.
func appendText(b *strings.Builder, s string) {
	if b.Cap()-b.Len() < len(s) {
		b.Grow(len(s))
	}
	b.WriteString(s)
}

// separator returns what joins the text so far to a new turn's text.
func separator(before string) string {
	switch n := len(before); {
	case n == 0 || before[n-1] == '\n' && n > 1 && before[n-2] == '\n':
		return ""
	case before[n-1] == '\n':
		return "\n"
	}
	return "\n\n"
}

// onToolCall writes the tool_call event of a completed call.
func (r *runner) onToolCall(t *turnState, pc provider.ToolCall) error {
	if err := r.deltas.flush(); err != nil {
		return err
	}
	r.calls++
	c := r.newCall(pc, r.calls)
	t.calls = append(t.calls, c)
	return r.emit(&streamjsonv2.ToolCall{RunID: streamjsonv2.ID(r.runID), ID: streamjsonv2.ID(c.id), Name: streamjsonv2.NonEmptyString(c.name), Args: c.args,
		SideEffect: c.sideEffect()})
}

// usage writes and records the turn's token counts.
func (r *runner) usage(t *turnState) error {
	if !t.hasUsage {
		return nil
	}
	u := t.usage
	if u.TotalTokens == 0 {
		u.TotalTokens = u.PromptTokens + u.CompletionTokens
	}
	if err := r.emit(&streamjsonv2.Usage{RunID: streamjsonv2.ID(r.runID), PromptTokens: streamjsonv2.NonNegativeInteger(u.PromptTokens),
		CompletionTokens: streamjsonv2.NonNegativeInteger(u.CompletionTokens), TotalTokens: streamjsonv2.NonNegativeInteger(u.TotalTokens)}); err != nil {
		return err
	}
	return r.record(&sessionv1.UsageRecord{RunID: sessionv1.ID(r.runID), PromptTokens: sessionv1.NonNegativeInteger(u.PromptTokens),
		CompletionTokens: sessionv1.NonNegativeInteger(u.CompletionTokens), TotalTokens: sessionv1.NonNegativeInteger(u.TotalTokens)})
}

// recordPartial records what a failed turn streamed before it failed, so
// that a resumed session knows what the user saw. Its tool calls never ran
// and are left out.
func (r *runner) recordPartial(t *turnState) {
	if t.text.Len() > 0 || t.reasoning.Len() > 0 {
		r.recordAssistant(t, false)
	}
}

// message returns the turn as the assistant message of the conversation.
func (t *turnState) message() provider.Message {
	m := provider.Message{Role: provider.RoleAssistant, Text: t.text.String(), Reasoning: t.reasoning.String()}
	for _, c := range t.calls {
		m.ToolCalls = append(m.ToolCalls, c.orig)
	}
	return m
}
