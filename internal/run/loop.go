package run

import (
	"context"
	"strings"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
)

// runner is the state of one run.
type runner struct {
	cfg      Config
	red      *redact.Redactor
	runID    string
	system   string
	maxTurns int
	msgs     []provider.Message
	deltas   deltas
	answer   strings.Builder // every text delta of the run, unredacted
	calls    int             // tool calls so far
	saveErr  bool            // a session_not_saved warning was written
	// isWaiting says the run waits on the model: a call started and
	// nothing of its answer arrived yet.
	isWaiting bool
}

// Run runs cfg to its end and returns how it ended. It always writes
// run_end last, exactly once (unless the sink itself fails).
func Run(ctx context.Context, cfg Config) Outcome {
	r := newRunner(cfg)
	err := r.start()
	if err == nil {
		err = r.loop(ctx)
	}
	return r.end(ctx, err)
}

func newRunner(cfg Config) *runner {
	red := cfg.Redactor
	if red == nil {
		red = redact.New()
	}
	r := &runner{cfg: cfg, red: red, runID: cfg.Start.RunID, system: cfg.System, maxTurns: cfg.MaxTurns}
	if r.system == "" {
		r.system = SystemPrompt(cfg.Start.Cwd)
	}
	if r.maxTurns <= 0 {
		r.maxTurns = DefaultMaxTurns
	}
	r.deltas = deltas{r: r, text: red.Stream(), reasoning: red.Stream()}
	return r
}

// start writes run_start and the warnings, records the start and the
// prompt, and sets up the conversation.
func (r *runner) start() error {
	s := r.cfg.Start
	if err := r.emit(&streamjsonv2.RunStart{RunID: streamjsonv2.ID(s.RunID), SessionID: streamjsonv2.ID(s.SessionID),
		Cwd: streamjsonv2.NonEmptyString(s.Cwd), Provider: streamjsonv2.NonEmptyString(s.Provider),
		Model: streamjsonv2.NonEmptyString(s.Model), APIModel: streamjsonv2.NonEmptyString(s.APIModel)}); err != nil {
		return err
	}
	for _, w := range r.cfg.Warnings {
		if err := r.warn(w.Code, w.Message); err != nil {
			return err
		}
	}
	r.msgs = append(append(r.msgs, r.cfg.History...), provider.Message{Role: provider.RoleUser, Text: r.cfg.Prompt})
	if err := r.record(&sessionv1.RunStartRecord{RunID: sessionv1.ID(r.runID), Provider: sessionv1.NonEmptyString(s.Provider),
		Model: sessionv1.NonEmptyString(s.Model)}); err != nil {
		return err
	}
	return r.record(&sessionv1.UserRecord{RunID: sessionv1.ID(r.runID), Content: sessionv1.NonEmptyString(r.cfg.Prompt)})
}

// loop calls the model until a turn makes no tool calls or the turn limit
// is reached.
func (r *runner) loop(ctx context.Context) error {
	for turn := 1; ; turn++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		calls, err := r.turn(ctx)
		if err != nil || calls == 0 {
			return err
		}
		if turn >= r.maxTurns {
			return &turnLimitError{turns: r.maxTurns, hint: r.cfg.LimitHint}
		}
	}
}

// end writes final or error, then run_end, records the end and returns the
// outcome.
func (r *runner) end(ctx context.Context, err error) Outcome {
	if ferr := r.deltas.flush(); err == nil {
		err = ferr
	}
	code, fail := outcome(ctx, err)
	if fail == nil {
		if err := r.emit(&streamjsonv2.Final{RunID: streamjsonv2.ID(r.runID), Text: r.answer.String()}); err != nil {
			code, fail = outcome(ctx, err)
		}
	}
	if fail != nil {
		r.emit(&streamjsonv2.Error{RunID: streamjsonv2.ID(r.runID), Code: fail.Code, Message: streamjsonv2.NonEmptyString(fail.Message), Recoverable: fail.Recoverable})
	}
	status := streamjsonv2.RunStatusSuccess
	if code != streamjsonv2.ExitCodeSuccess {
		status = streamjsonv2.RunStatusError
	}
	r.emit(&streamjsonv2.RunEnd{RunID: streamjsonv2.ID(r.runID), Status: status, ExitCode: int64(code)})
	r.record(&sessionv1.RunEndRecord{RunID: sessionv1.ID(r.runID), Status: sessionv1.RunStatus(status), ExitCode: int64(code)})
	return Outcome{ExitCode: code, Text: r.answer.String(), Failure: fail}
}

// emit writes one event to the sink.
func (r *runner) emit(ev streamjsonv2.OutputValue) error {
	if err := r.cfg.Sink.Emit(ev); err != nil {
		return &outputError{err: err}
	}
	return nil
}

// warn writes a warning event.
func (r *runner) warn(code, msg string) error {
	return r.emit(&streamjsonv2.Warning{RunID: streamjsonv2.ID(r.runID), Code: code, Message: streamjsonv2.NonEmptyString(msg)})
}

// SystemPrompt is the system prompt of a run in cwd.
func SystemPrompt(cwd string) string {
	return "You are Zero, a coding agent running headless (no one can answer questions during the run) " +
		"in the working directory " + cwd + ". Use the tools to inspect and change files there; relative " +
		"paths are relative to that directory, and tools cannot reach outside it. Work on your own, and " +
		"end with a concise answer to the user's request."
}
