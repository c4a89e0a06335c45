package run

import (
	"context"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/streamio"
)

// Start is what run_start reports.
type Start struct {
	RunID     string
	SessionID string
	Cwd       string
	Provider  string
	Model     string // as the user asked for it
	APIModel  string // as sent to the provider
}

// Recorder saves session records; *session.Session is one.
type Recorder interface {
	Append(rec *sessionv1.SessionRecord) error
}

// Warning is a warning event to write right after run_start.
type Warning struct {
	Code    string
	Message string
}

// Config is one run.
type Config struct {
	Start    Start
	Provider provider.Provider
	Tools    *Toolbox
	// MaxTurns bounds the model calls of the run; 0 means DefaultMaxTurns.
	MaxTurns int
	// System is the system prompt; "" means SystemPrompt(Start.Cwd).
	System string
	// History is the conversation of earlier runs of the session.
	History []provider.Message
	// Prompt is the user's prompt for this run.
	Prompt string
	Sink   streamio.Sink
	// Recorder saves the run; nil records nothing.
	Recorder Recorder
	// Redactor redacts the streamed deltas; nil means redact.New().
	Redactor *redact.Redactor
	// ModelRedactor, when set, redacts the tool results sent to the model
	// (a result it changed ends with ModelRedactedNote); nil sends them as
	// the tools returned them. Events and records are redacted by the
	// Sink and the Recorder either way.
	ModelRedactor *redact.Redactor
	// Warnings are written after run_start.
	Warnings []Warning
	// MaxOutputTokens bounds each model reply; 0 leaves the provider's default.
	MaxOutputTokens int
	// OnStop, when set, receives the vendor's stop reason of each model call.
	OnStop func(reason string)
	// OnWait, when set, is called with true when a model call starts and
	// with false when its first event arrives or the call ends, for a
	// progress display.
	OnWait func(waiting bool)
	// Asker, when set, answers the calls the policy leaves to a person
	// (action "prompt"), as an editor does; without it such calls do not
	// run, as in a headless run.
	Asker Asker
	// OnToolStart, when set, is called right before a granted tool call
	// runs, with the call's id as events name it.
	OnToolStart func(id string)
	// Flush, when set, writes out what the sink holds. The run calls it
	// before it waits: on the model (and the provider before each read of
	// the response, through provider.WithBeforeWait) and on a tool.
	Flush func()
	// LimitHint is appended to the turn-limit error, to name the setting
	// that raises the limit (for zero exec, its --max-turns flag).
	LimitHint string
}

// Question is a tool call the policy leaves to a person.
type Question struct {
	ID     string // the call's id, as events name it
	Tool   string // the tool's name
	Args   []byte // the call's arguments, as the model sent them
	Reason string // why the call needs approval
	// Protected, when not "", is the protected place the call would write
	// (tools.Protection.Path): an answer given for the tool as a whole
	// must not cover it.
	Protected string
}

// Asker asks a person whether a call may run. Ask returns true to let
// it run; an error (such as ctx's, when the prompt is cancelled while the
// question waits) means it does not run.
type Asker interface {
	Ask(ctx context.Context, q Question) (bool, error)
}

// DefaultMaxTurns is the turn limit when Config.MaxTurns is 0.
const DefaultMaxTurns = 20

// Failure is why a run did not succeed.
type Failure struct {
	Code        string // an error code of the protocol (streamjsonv2.ErrorCode*)
	Message     string
	Recoverable bool
}

// Outcome is how a run ended.
type Outcome struct {
	ExitCode int // an exit code of the protocol (streamjsonv2.ExitCode*)
	// Text is the answer: every text delta of the run.
	Text string
	// Failure is set when ExitCode is not 0.
	Failure *Failure
}
