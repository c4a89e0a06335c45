// Package cli implements the zero command. cmd/zero's main only calls
// [Main]. The subcommands:
//
//   - `zero exec`: one headless agent run (this file describes it below);
//   - `zero acp`: an Agent Client Protocol agent on stdin and stdout for
//     editors, over the same run loop (package acp);
//   - `zero sessions list|show|delete|prune`: the saved sessions;
//   - `zero schema`: prints a self-contained schema of Zero's documents;
//   - `zero --version`.
//
// exec works in phases, so that each kind of failure is reported the same
// way every time:
//
//  1. Flags are parsed and checked (formats, --resume with --fork, tool
//     names, --cwd, the prompt's presence, a --resume/--fork id that names
//     no session). A mistake prints "zero: ..." on stderr, writes nothing
//     to stdout and exits 2.
//  2. The prompt is read (positional words and --file, or stream-json
//     events), the provider is chosen and built, the workspace and the
//     session are opened. A failure here prints "zero: ..." on stderr and,
//     in stream-json output, writes an error event and run_end (there is no
//     run_start: the run never started); in json output, one ExecResult
//     whose sessionId is "none". Invalid input exits 2, missing
//     configuration (no API key) and locked sessions exit 3. A new session
//     that cannot be created does not stop the run: it runs unsaved, with a
//     session_not_saved warning and sessionId "none".
//  3. internal/run runs the loop and writes every event through the sink
//     of the output format; see package run for the event sequence.
//
// SIGINT and SIGTERM cancel the run's context: the provider request and any
// running tool stop, the run writes an error event with code interrupted
// and run_end, the session is closed, and zero exits 130. A second signal
// kills the process at once. A panic is reported as "zero: internal error"
// (and error + run_end in stream-json) with exit code 1. SIGPIPE is
// ignored: a client that closes stdout makes the next write fail, and the
// run ends with exit code 3 (output_error), without a message on stderr,
// and with a complete session.
package cli
