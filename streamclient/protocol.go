package streamclient

import (
	"fmt"
	"reflect"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// protocol checks the guarantees of a stream across its lines.
type protocol struct {
	started, ended bool
	runID          string
	sawError       bool // an error event was the previous event
	anyError       bool
}

func protocolError(format string, args ...any) error {
	return &ProtocolError{Msg: fmt.Sprintf(format, args...)}
}

// check accepts or refuses the next event.
func (p *protocol) check(ev streamjsonv2.OutputValue) error {
	name := eventType(ev)
	switch {
	case p.ended:
		return protocolError("%s after run_end: run_end must be the last event", name)
	case !p.started:
		// A run that fails before it starts (bad flags or input, missing
		// configuration) has nothing to put in a run_start: its stream is
		// an error and the run_end that follows it.
		switch ev := ev.(type) {
		case *streamjsonv2.RunStart:
			p.started, p.runID = true, string(ev.RunID)
		case *streamjsonv2.Error:
			p.started, p.runID, p.sawError, p.anyError = true, string(ev.RunID), true, true
		default:
			return protocolError("the first event is %s, want run_start (or error, for a run that failed before it started)", name)
		}
		return nil
	case name == "run_start":
		return protocolError("a second run_start")
	case p.sawError && name != "run_end":
		return protocolError("%s after an error event, want run_end", name)
	}
	if id := runID(ev); id != p.runID {
		return protocolError("%s has runId %q, run_start had %q", name, id, p.runID)
	}
	switch ev := ev.(type) {
	case *streamjsonv2.Error:
		p.sawError, p.anyError = true, true
	case *streamjsonv2.RunEnd:
		p.ended = true
		if ev.Status == streamjsonv2.RunStatusError && !p.anyError {
			return protocolError("run_end has status error, but no error event came before it")
		}
	}
	return nil
}

// end checks that the stream may end here.
func (p *protocol) end() error {
	switch {
	case !p.started:
		return protocolError("end of input before run_start: the stream is empty")
	case !p.ended:
		return protocolError("end of input before run_end: the run did not finish")
	}
	return nil
}

// eventType is the value of the event's type property.
func eventType(ev streamjsonv2.OutputValue) string {
	if t, ok := ev.(interface{ Type() string }); ok {
		return t.Type()
	}
	return fmt.Sprintf("%T", ev)
}

// runID reads the RunID field every event has.
func runID(ev streamjsonv2.OutputValue) string {
	v := reflect.ValueOf(ev)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		if f := v.Elem().FieldByName("RunID"); f.IsValid() && f.Kind() == reflect.String {
			return f.String()
		}
	}
	return ""
}
