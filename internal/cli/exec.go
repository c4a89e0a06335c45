package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/internal/tools"
)

// execution is one `zero exec` after its flags were accepted.
type execution struct {
	env  Env
	f    *execFlags
	red  *redact.Redactor
	sink *trackedSink
	// out holds what the sinks write to stdout until the run waits; see
	// streamio.Buffered.
	out  *streamio.Buffered
	json *streamio.JSON // the json sink, when -o json
	text *streamio.Text // the text sink, when -o text
	// spinner shows the wait on the model, in text mode on a terminal.
	spinner *streamio.Spinner
	runID   string
	// sessionWarns are what checkSessions found wrong with stored sessions,
	// reported once the run has started.
	sessionWarns []run.Warning
}

// execCmd runs `zero exec args`.
func execCmd(ctx context.Context, env Env, args []string) (code int) {
	f, err := parseExecFlags(args)
	if err == nil && f.help {
		fmt.Fprint(env.Stdout, execUsage+sandboxHelp(env))
		return streamjsonv2.ExitCodeSuccess
	}
	if err == nil {
		err = f.validate()
	}
	if err == nil {
		err = f.loadMCP(env.Getenv)
	}
	if err != nil {
		return usageFailure(env, err, "zero exec --help")
	}
	x := newExecution(env, f)
	defer x.out.Flush() // last: after a crash's error and run_end
	defer func() {
		if p := recover(); p != nil {
			code = x.crash(p)
		}
	}()
	return x.exec(ctx)
}

func newExecution(env Env, f *execFlags) *execution {
	red := newRedactor(env, f)
	x := &execution{env: env, f: f, red: red, runID: run.NewRunID(time.Now()), out: streamio.NewBuffered(env.Stdout)}
	var sink streamio.Sink = x.newSink()
	if f.lastMessage != "" {
		sink = &lastMessageSink{Sink: sink, path: f.lastMessage, hook: red.String}
	}
	x.sink = &trackedSink{Sink: sink}
	return x
}

// newSink returns the sink of the output format.
func (x *execution) newSink() streamio.Sink {
	switch x.f.format {
	case streamio.FormatStreamJSON:
		s := streamio.NewStreamJSON(x.out, x.f.schemaVersion, x.red.String)
		s.DeltasRedacted() // the run's Redactor is x.red
		return s
	case streamio.FormatJSON:
		x.json = streamio.NewJSON(x.out, x.f.schemaVersion, x.red.String)
		return x.json
	}
	return x.newTextSink()
}

// exec runs the phases of the run after flag checking.
func (x *execution) exec(ctx context.Context) int {
	st, err := x.store()
	if err != nil {
		return x.fail(err)
	}
	if err := x.checkSessions(st); err != nil {
		return x.fail(err)
	}
	if x.f.listTools {
		return x.listTools(ctx)
	}
	if err := x.f.checkPrompt(x.env.StdinTerminal); err != nil {
		return x.fail(err)
	}
	prompt, err := x.readPrompt(ctx)
	if err != nil {
		return x.fail(err)
	}
	return x.runPrompt(ctx, st, prompt)
}

// runPrompt builds the provider, opens the workspace and the session, and
// runs the loop.
func (x *execution) runPrompt(ctx context.Context, st *session.Store, prompt string) int {
	c, err := chooseProvider(x.f, x.env.Getenv)
	if err != nil {
		return x.fail(err)
	}
	maxOut, err := x.maxOutputTokens()
	if err != nil {
		return x.fail(err)
	}
	redactInput, err := redactModelInput(x.f, x.env.Getenv)
	if err != nil {
		return x.fail(err)
	}
	p := c.build(x.env.Getenv)
	meter, err := contextMeter(x.f, x.env.Getenv, c.model)
	if err != nil {
		return x.fail(err)
	}
	ws, err := tools.NewWorkspace(x.cwd())
	if err != nil {
		return x.fail(configErrorf("%v", err))
	}
	defer ws.Close()
	tb, err := run.NewToolbox(ws, x.f.policy, x.bashEnv())
	if err != nil {
		return x.fail(err)
	}
	tb.SetSandbox(newSandbox(&x.f.sandboxFlags, x.f.policy, x.env, ws.Root(), x.bashEnv()))
	m, mcpWarns, err := x.startMCP(ctx, ws.Root())
	if err != nil {
		return x.fail(err)
	}
	defer m.Close()
	if m != nil {
		tb.AddMCP(m)
		mcpWarns = append(append(mcpWarns, mcpUnmatched(x.f.policy, m)...), mcpWithheld(x.f.policy, m)...)
	}
	sess, warns, err := x.openSession(st, c, ws.Root())
	if err != nil {
		return x.fail(err)
	}
	system, sysWarns := x.systemPrompt(ws)
	warns = append(append(warns, sysWarns...), mcpWarns...)
	cfg := run.Config{
		Start:    run.Start{RunID: x.runID, SessionID: streamio.NoSession, Cwd: ws.Root(), Provider: c.name, Model: c.model, APIModel: c.model},
		Provider: p, Tools: tb, MaxTurns: x.f.maxTurns, Prompt: prompt, System: system,
		Sink: x.sink, Redactor: x.red, Warnings: append(x.warnings(), warns...),
		MaxOutputTokens: maxOut, OnStop: x.onStop, OnWait: x.onWait, Flush: x.flushOut,
		LimitHint: "raise it with --max-turns", Context: meter,
	}
	if redactInput {
		cfg.ModelRedactor = x.red.Known()
	}
	if sess != nil {
		defer x.closeSession(sess)
		cfg.Start.SessionID, cfg.History, cfg.Recorder = string(sess.Meta.ID), session.ToMessages(sess.History()), sess
		meter.Remember(session.Window(sess.History(), c.model))
	}
	out := run.Run(x.withRetryNote(ctx), cfg)
	if x.spinner != nil {
		x.spinner.Stop()
	}
	if out.Failure != nil && !x.readerGone() {
		x.errorf("%s", out.Failure.Message)
	}
	return out.ExitCode
}

// onStop passes the vendor's stop reason to the json sink's result.
func (x *execution) onStop(reason string) {
	if x.json != nil {
		x.json.SetStopReason(reason)
	}
}

// cwd is the directory the run works in.
func (x *execution) cwd() string {
	if x.f.cwd == "" {
		return "."
	}
	return x.f.cwd
}

// absCwd is cwd made absolute, for reports that need no workspace.
func (x *execution) absCwd() string {
	abs, err := filepath.Abs(x.cwd())
	if err != nil {
		return x.cwd()
	}
	return abs
}

// bashEnv is the environment of bash commands.
func (x *execution) bashEnv() []string {
	if x.f.passEnv {
		return x.env.Environ
	}
	return tools.FilterEnv(x.env.Environ, nil)
}

// warnings are the warnings about the flags the run writes after
// run_start: permission checks that are off, and tools that were enabled
// but are not offered because they need an approval no one can give.
func (x *execution) warnings() []run.Warning {
	var out []run.Warning
	if x.f.policy.Mode == permission.ModeUnsafe {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeSkipPermissionsUnsafe, Message: "permission checks are off (" + x.f.unsafeFlag() + "): " +
			"the model may run any command and change any file without asking"})
	}
	for _, s := range x.f.policy.Withheld(tools.Specs()) {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeToolsNotOffered, Message: withheldNote(s)})
	}
	return out
}

// unsafeFlag is the flag that turned the unsafe mode on, as the user typed
// it.
func (f *execFlags) unsafeFlag() string {
	if f.unsafe {
		return "--skip-permissions-unsafe"
	}
	return "--permission-mode unsafe"
}

// withheldNote says that an enabled tool is not offered, and which flags
// would offer it.
func withheldNote(s tools.Spec) string {
	return "tool " + s.Name + " is enabled but not offered to the model: it needs approval, and this headless run cannot ask for it; " +
		"allow it with " + strings.Join(permission.GrantFlags(s), " or ")
}

// readerGone says stdout's reader went away (as with | head), in any
// output format: the run then ends quietly, without an error message.
func (x *execution) readerGone() bool {
	return x.out.ReaderGone() || x.text != nil && x.text.ReaderGone()
}

// flushOut writes out what the sinks wrote to stdout. A failure stays in
// x.out, and the next write of a sink reports it.
func (x *execution) flushOut() { x.out.Flush() }

// errorf prints "zero: ..." on stderr, redacted, red on a terminal that
// takes colours.
func (x *execution) errorf(format string, args ...any) {
	x.flushOut() // the events before the message go out first
	msg := "zero: " + x.red.String("message", fmt.Sprintf(format, args...))
	if x.f.format == streamio.FormatText && colorOn(x.env) {
		msg = "\x1b[31m" + msg + "\x1b[0m"
	}
	fmt.Fprintln(x.env.Stderr, msg)
}
