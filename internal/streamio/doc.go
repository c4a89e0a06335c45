// Package streamio is the edge of `zero exec` where events leave the process
// and stream-json input enters it.
//
// The run loop (internal/run) speaks version 2 stream-json events only: it
// hands every event, a *streamjsonv2.RunStart, *streamjsonv2.Text, ... , to a
// [Sink]. Three sinks implement the output formats:
//
//   - [StreamJSON] writes one JSON line per event with the generated encoder
//     of the chosen protocol version. Every free-text string passes through
//     the encoder's hook (the redactor) on its way out, and each line is
//     written with a single Write call, so a client reading the pipe sees
//     every event, text deltas included, the moment it happens. Version 1
//     output is produced by down-converting at this edge: reasoning and
//     permission events are dropped and the rest map one to one.
//   - [Text] writes only the answer text to standard output, streamed and
//     newline-terminated, and short progress rows (tool calls, warnings) to
//     standard error.
//   - [JSON] collects the run and writes exactly one ExecResult object
//     (generated/execresult/v1) when run_end arrives.
//
// [InputReader] reads `--input-format stream-json` input: JSONL lines, each
// decoded strictly by the generated Input decoder of the chosen version
// through one reused rt.Decoder. Lines are read with a bounded buffer
// (DefaultMaxLineBytes, or ZERO_MAX_INPUT_LINE_BYTES); a longer line is an
// error, never an unbounded allocation.
package streamio
