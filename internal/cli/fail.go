package cli

import (
	"fmt"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/streamio"
)

// trackedSink remembers whether run_end was written, so that a crash can
// still end the stream properly.
type trackedSink struct {
	streamio.Sink
	ended bool
}

func (s *trackedSink) Emit(ev streamjsonv2.OutputValue) error {
	if _, ok := ev.(*streamjsonv2.RunEnd); ok {
		s.ended = true
	}
	return s.Sink.Emit(ev)
}

// usageFailure reports a command-line mistake: "zero: ..." and a hint on
// stderr, nothing on stdout, exit 2.
func usageFailure(env Env, err error, help string) int {
	fmt.Fprintf(env.Stderr, "zero: %s\nRun '%s' for usage.\n", err, help)
	return streamjsonv2.ExitCodeUsage
}

// fail reports a failure of a run that did not start: "zero: ..." on
// stderr, then, unless it is a usage mistake, an error event and run_end.
func (x *execution) fail(err error) int {
	e := asExit(err)
	if isUsage(e) {
		return usageFailure(x.env, e, "zero exec --help")
	}
	x.errorf("%s", e.msg)
	x.end(e.code, e.msg, e.exit)
	return e.exit
}

// end writes an error event and run_end, unless run_end was written.
func (x *execution) end(code, msg string, exit int) {
	if x.sink.ended {
		return
	}
	runID := streamjsonv2.ID(x.runID)
	x.sink.Emit(&streamjsonv2.Error{RunID: runID, Code: code, Message: streamjsonv2.NonEmptyString(msg)})
	x.sink.Emit(&streamjsonv2.RunEnd{RunID: runID, Status: streamjsonv2.RunStatusError, ExitCode: int64(exit)})
}

// crash reports a panic: exit 1, and error + run_end if the stream is
// still open.
func (x *execution) crash(p any) int {
	msg := strings.TrimSpace(fmt.Sprintf("internal error: %v", p))
	x.errorf("%s", msg)
	x.end(streamjsonv2.ErrorCodeInternalError, msg, streamjsonv2.ExitCodeInternal)
	return streamjsonv2.ExitCodeInternal
}
