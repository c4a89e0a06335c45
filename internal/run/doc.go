// Package run is the agent loop of `zero exec`: it sends the conversation to
// a model provider, streams the answer out as stream-json version 2 events,
// runs the tools the model asks for under the permission policy, feeds the
// results back, and repeats until the model answers without calling a tool
// or the turn limit is reached.
//
//	tb, err := run.NewToolbox(ws, policy, tools.FilterEnv(os.Environ(), nil))
//	out := run.Run(ctx, run.Config{
//		Start:    run.Start{RunID: run.NewRunID(time.Now()), SessionID: string(s.Meta.ID), ...},
//		Provider: p, Tools: tb, MaxTurns: 20,
//		Prompt:   prompt, History: session.ToMessages(s.History()),
//		Sink:     streamio.NewStreamJSON(os.Stdout, 2, red.String),
//		Recorder: s, Redactor: red,
//	})
//	os.Exit(out.ExitCode)
//
// # Events
//
// Run writes run_start, then any start-up warnings, then per model turn:
// reasoning and text deltas as they stream, a tool_call for each call as
// soon as the provider completes it, then, call by call, the tool_result,
// and last the turn's usage. A call of a tool
// whose permission is not "allow", or that the policy refuses, is preceded
// by permission_request and permission_decision; when the decision refuses
// it, the tool does not run and its tool_result is an error saying
// permission was denied. A turn without tool calls ends the run with final
// and run_end. Every failure is one error event followed by run_end;
// run_end is always the last event, written once.
//
// Text and reasoning deltas pass through a redact.Stream (one per channel),
// which holds back the tail of a delta that could be the start of a secret
// split across deltas (fewer than redact.MaxHold bytes); the held tail is
// flushed before every tool_call, final and run_end, but not when the
// other channel's delta arrives, which may therefore overtake it.
// Everything else is redacted by the sink's encoder hook. The model itself
// gets tool results as the tools returned them, unless Config.ModelRedactor
// is set (zero exec --redact-model-input): then it gets them redacted by
// it, each changed one ending with ModelRedactedNote.
//
// The answer of a run is every text delta it streamed, in order; text from
// successive turns is separated by a blank line (sent as a delta of its own),
// so final.text always equals the concatenated deltas.
//
// # Sessions
//
// Every run is recorded through the Recorder (an open *session.Session):
// run_start, the user prompt, one assistant record per model turn (before
// the results of its tool calls), each tool result, the turn's usage and
// run_end. A
// record that cannot be saved produces one session_not_saved warning and
// the run goes on.
//
// # Context
//
// With Config.Context, every model call is built by package compact's
// rules (docs/context.md): past 80% of the model's window, older tool
// output is clipped (a context_pruned warning), then older turns are
// replaced by a summary the model writes in one extra call (a
// context_compacted warning, a usage event and a compaction record). A
// call the vendor refuses as longer than the window is compacted harder
// and made once more (a context_window warning when the refusal taught
// the window); a conversation that still does not fit ends the run with
// context_window_exceeded. The Meter calibrates its estimate with the
// prompt tokens the vendor reports for each call.
//
// # Outcome
//
// Run returns the exit code of `zero exec`: 0 success, 3 provider or
// runtime failure (context_window_exceeded among them), 4 turn limit reached, 130 interrupted (the context was
// cancelled). It never panics on model input: malformed tool arguments are
// a tool_result with status error carrying the decoder's message. Error
// results Zero writes itself quote what the model sent and are cut to 2 KiB.
package run
