package run

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/compact"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/rt"
)

// contextError ends a run whose conversation does not fit the model's
// context window.
type contextError struct{ msg string }

func (e *contextError) Error() string { return e.msg }

// Bounds of the summary's length, in tokens.
const (
	minSummaryTokens = 256
	maxSummaryTokens = 4096
)

// modelRequest builds the request of the next model call. With Config.Context
// it first asks the server for the window (once), and, when the
// conversation nears the window, prunes and compacts it (hard: keeping
// only the last turn, after the vendor refused a request). It returns the
// request and its estimate.
func (r *runner) modelRequest(ctx context.Context, hard bool) (provider.Request, int, error) {
	r.askWindow(ctx)
	req := provider.Request{Model: r.cfg.Start.APIModel, System: r.system, Messages: r.msgs, Tools: r.cfg.Tools.Offered(),
		MaxTokens: r.cfg.MaxOutputTokens}
	est := compact.Estimate(req)
	m := r.cfg.Context
	if m == nil || m.Off || m.Window <= 0 {
		return req, est, nil
	}
	budget := m.Units(m.Budget(r.cfg.MaxOutputTokens))
	fixed := compact.FixedTokens(req.System, req.Tools)
	var err error
	if est > share(budget, compact.Trigger) && !hard {
		est, err = r.prune(est, budget)
	}
	if err == nil && (est > share(budget, compact.Trigger) || hard) {
		est, err = r.compact(ctx, fixed, est, budget, hard)
	}
	// Zero's estimate alone never stops a request: the vendor, whose count
	// is the true one, may take it. After its refusal, Zero believes it.
	if err == nil && hard && est > m.Units(m.Window) {
		err = &contextError{msg: fmt.Sprintf("the conversation does not fit the model's context window of %d tokens (%s): "+
			"even the user's prompts, a summary and the last turn take an estimated %d tokens", m.Window, m.Source, m.Tokens(est))}
	}
	req.Messages = r.msgs
	return req, est, err
}

// share is the fraction f of n.
func share(n int, f float64) int { return int(float64(n) * f) }

// askWindow asks the server for the window when no one said it.
func (r *runner) askWindow(ctx context.Context) {
	m := r.cfg.Context
	if m == nil || m.Off || m.Window > 0 || m.Asked {
		return
	}
	m.Asked = true
	if wr, ok := r.cfg.Provider.(provider.WindowReporter); ok {
		if w := wr.ContextWindow(ctx, r.cfg.Start.APIModel); w > 0 {
			m.Window, m.Source = w, "the server"
		}
	}
}

// prune clips old tool results down to compact.PruneTarget of budget.
func (r *runner) prune(est, budget int) (int, error) {
	end := compact.TurnStart(r.msgs, compact.RecentTurns)
	n, after := compact.Prune(r.msgs, end, est, share(budget, compact.PruneTarget), compact.Light)
	return after, r.warnPruned(n, est, after)
}

// warnPruned reports that n tool results were clipped.
func (r *runner) warnPruned(n, before, after int) error {
	if n == 0 {
		return nil
	}
	m := r.cfg.Context
	return r.warn(streamjsonv2.WarningCodeContextPruned, fmt.Sprintf("the conversation neared the model's context window: "+
		"Zero clipped the output of %d older tool calls in what it sends the model (estimated %d → %d tokens, window %d)",
		n, m.Tokens(before), m.Tokens(after), m.Window))
}

// compact replaces older turns with a summary the model writes, then
// clips the kept turns' output if they alone are still too long.
func (r *runner) compact(ctx context.Context, fixed, est, budget int, hard bool) (int, error) {
	plan, ok := compact.NewPlan(r.msgs, share(budget, compact.TailShare), share(budget, compact.TaskShare), hard)
	if ok {
		summary, err := r.summarize(ctx, plan, budget)
		if err != nil {
			return est, err
		}
		tail := append([]provider.Message(nil), r.msgs[len(r.msgs)-plan.Kept:]...)
		r.msgs = compact.Compacted(plan.Tasks, summary, tail)
		after := fixed + compact.MessagesTokens(r.msgs)
		if err := r.recordCompaction(plan, summary, est, after); err != nil {
			return after, err
		}
		est = after
	}
	target := share(budget, compact.PruneTarget)
	for _, c := range []compact.Clip{compact.Light, compact.Hard} {
		if est <= share(budget, compact.Trigger) {
			break
		}
		n, after := compact.Prune(r.msgs, len(r.msgs), est, target, c)
		if err := r.warnPruned(n, est, after); err != nil {
			return after, err
		}
		est = after
	}
	return est, nil
}

// recordCompaction records a compaction and reports it.
func (r *runner) recordCompaction(p compact.Plan, summary string, before, after int) error {
	m := r.cfg.Context
	tasks := make([]sessionv1.NonEmptyString, len(p.Tasks))
	for i, t := range p.Tasks {
		tasks[i] = sessionv1.NonEmptyString(t)
	}
	rec := &sessionv1.CompactionRecord{RunID: sessionv1.ID(r.runID), Summary: sessionv1.NonEmptyString(summary), Tasks: tasks,
		Kept: sessionv1.NonNegativeInteger(p.Kept), TokensBefore: sessionv1.NonNegativeInteger(m.Tokens(before)),
		TokensAfter: sessionv1.NonNegativeInteger(m.Tokens(after)), Window: sessionv1.NonNegativeInteger(m.Window)}
	if c := m.Calibration(); c > 0 {
		rec.Calibration = rt.Some(c)
	}
	if err := r.record(rec); err != nil {
		return err
	}
	return r.warn(streamjsonv2.WarningCodeContextCompacted, fmt.Sprintf("the conversation neared the model's context window: "+
		"Zero replaced %d earlier messages with a summary the model wrote, keeping the user's prompts and the last %d messages "+
		"(estimated %d → %d tokens, window %d)", len(p.Old), p.Kept, m.Tokens(before), m.Tokens(after), m.Window))
}

// summarize has the model summarize p.Old. A summarizing call the vendor
// refuses as too long is made once more with half the transcript.
func (r *runner) summarize(ctx context.Context, p compact.Plan, budget int) (string, error) {
	m := r.cfg.Context
	maxTokens := min(max(share(m.Budget(0), compact.SummaryShare), minSummaryTokens), maxSummaryTokens)
	room := share(budget, compact.TranscriptShare)
	for try := 0; ; try++ {
		req := compact.SummaryRequest(r.cfg.Start.APIModel, p, room, maxTokens)
		t := &turnState{}
		err := r.stream(ctx, req, func(ev provider.Event) error {
			switch ev.Kind {
			case provider.EventText:
				appendText(&t.text, ev.Delta)
			case provider.EventUsage:
				t.usage, t.hasUsage = ev.Usage, true
			}
			return nil
		})
		if perr := overflowError(err); perr != nil && try == 0 {
			room /= 2
			continue
		}
		if err != nil {
			return "", err
		}
		r.calibrate(compact.Estimate(req), t)
		if err := r.usage(t); err != nil {
			return "", err
		}
		summary := strings.TrimSpace(r.red.Known().String("", t.text.String()))
		if summary == "" {
			summary = compact.Fallback(p, maxTokens*compact.BytesPerToken)
		}
		return summary, nil
	}
}

// calibrate takes the prompt tokens the vendor reported for a request
// whose estimate was est.
func (r *runner) calibrate(est int, t *turnState) {
	if r.cfg.Context != nil && t.hasUsage {
		r.cfg.Context.Calibrate(est, t.usage.PromptTokens)
	}
}

// overflowError returns err's provider error when the vendor refused the
// request as longer than the context window.
func overflowError(err error) *provider.Error {
	var perr *provider.Error
	if errors.As(err, &perr) && perr.ContextExceeded {
		return perr
	}
	return nil
}

// retryable returns the vendor's refusal of a turn as too long when the
// run may compact harder and send the turn again: context management is
// on and nothing of the turn was streamed.
func (r *runner) retryable(err error, t *turnState) *provider.Error {
	m := r.cfg.Context
	perr := overflowError(err)
	if perr == nil || m == nil || m.Off || t.text.Len() > 0 || t.reasoning.Len() > 0 || len(t.calls) > 0 {
		return nil
	}
	return perr
}

// recover learns from the vendor's refusal (the window it states, the
// size it counted) and builds the turn's request again, compacted hard.
func (r *runner) recover(ctx context.Context, perr *provider.Error, est int) (provider.Request, int, error) {
	if err := r.learn(perr, est); err != nil {
		return provider.Request{}, 0, err
	}
	return r.modelRequest(ctx, true)
}

// learn takes the window and the request's size from the vendor's error.
// An error that states no window, for a model whose window is unknown,
// makes Zero assume three quarters of the refused request.
func (r *runner) learn(perr *provider.Error, est int) error {
	m := r.cfg.Context
	if perr.ContextUsed > 0 {
		m.Calibrate(est, int64(perr.ContextUsed))
	}
	window, stated := perr.ContextWindow, perr.ContextWindow > 0
	if !stated && m.Window == 0 {
		window = m.Tokens(est) * 3 / 4
	}
	if window <= 0 || window == m.Window {
		return nil
	}
	was, wasSource := m.Window, m.Source
	m.Window, m.Source = window, "the provider's error"
	msg := fmt.Sprintf("the context window of %s was not known; %s's error says it is %d tokens, so Zero compacted the "+
		"conversation to fit it and sent the request again (set --context-window %d to start with it)",
		r.cfg.Start.APIModel, r.cfg.Start.Provider, window, window)
	switch {
	case !stated:
		msg = fmt.Sprintf("the context window of %s is not known and %s's error does not state it; Zero assumes %d tokens, "+
			"three quarters of the refused request, compacted the conversation and sent it again (set --context-window N to give the window)",
			r.cfg.Start.APIModel, r.cfg.Start.Provider, window)
	case was > 0:
		msg = fmt.Sprintf("Zero took the context window of %s to be %d tokens (%s), but %s's error says it is %d; Zero compacted "+
			"the conversation to fit it and sent the request again (set --context-window %d)",
			r.cfg.Start.APIModel, was, wasSource, r.cfg.Start.Provider, window, window)
	}
	return r.warn(streamjsonv2.WarningCodeContextWindow, msg)
}

// contextFailure turns the vendor's refusal of a request as too long,
// when the run cannot avoid it, into the run's context error.
func (r *runner) contextFailure(err error) error {
	perr := overflowError(err)
	if perr == nil {
		return err
	}
	if m := r.cfg.Context; m == nil || m.Off {
		return &contextError{msg: "the conversation is longer than the model's context window and compaction is off: " + perr.Message}
	}
	return &contextError{msg: "the conversation does not fit the model's context window even after compaction: " + perr.Message}
}
