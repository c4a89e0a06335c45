package streamio

import (
	"fmt"
	"io"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

// StreamJSON is the stream-json Sink: one event per line, encoded by the
// generated encoder of the chosen protocol version.
type StreamJSON struct {
	w       io.Writer
	version int
	enc     rt.Encoder
	hook    rt.StringHook
	// deltasRedacted: text and reasoning deltas skip the hook (see
	// DeltasRedacted).
	deltasRedacted bool
}

// NewStreamJSON returns a Sink that writes version (1 or 2) events to w.
// hook sees every free-text string of every event before it is encoded; pass
// the redactor's String method. Each line, newline included, reaches w in
// one Write call. zero gives it a Buffered, which holds whole lines until
// the run waits; an unbuffered w (os.Stdout) gets each line as it comes.
func NewStreamJSON(w io.Writer, version int, hook rt.StringHook) *StreamJSON {
	return &StreamJSON{w: w, version: version, enc: rt.Encoder{Buf: make([]byte, 0, 4096), Hook: hook}, hook: hook}
}

// DeltasRedacted says that the deltas of text and reasoning events come
// redacted already, with the hook's redactor: run.Run passes them through
// a redact.Stream of its Config.Redactor, which sees the whole text across
// deltas. The hook then does not scan them a second time, piece by piece.
// It still sees every other string; the delta is the only free text of
// those two events.
func (s *StreamJSON) DeltasRedacted() { s.deltasRedacted = true }

// Emit encodes ev and writes it as one line. Version 1 drops the events
// that version 1 lacks.
func (s *StreamJSON) Emit(ev streamjsonv2.OutputValue) error {
	line, err := s.Line(ev)
	if err != nil || line == nil {
		return err
	}
	if _, err := s.w.Write(line); err != nil {
		return fmt.Errorf("write %s event: %w", eventType(ev), err)
	}
	return nil
}

// Line encodes ev as one line, newline included, in a buffer that the next
// call reuses. It returns nil for an event that the version does not have.
func (s *StreamJSON) Line(ev streamjsonv2.OutputValue) ([]byte, error) {
	s.enc.Reset()
	s.enc.Hook = s.hook
	if s.deltasRedacted && isDelta(ev) {
		s.enc.Hook = nil
	}
	if err := s.encode(ev); err != nil {
		return nil, fmt.Errorf("encode %s event: %w", eventType(ev), err)
	}
	if len(s.enc.Buf) == 0 {
		return nil, nil
	}
	s.enc.Buf = append(s.enc.Buf, '\n')
	return s.enc.Buf, nil
}

// encode appends ev in the sink's version, or nothing for a dropped event.
func (s *StreamJSON) encode(ev streamjsonv2.OutputValue) error {
	if s.version != 1 {
		return ev.EncodeJSON(&s.enc)
	}
	old, kept, err := streamjsonv2.DowngradeOutput(&streamjsonv2.Output{Value: ev})
	if err != nil || !kept {
		return err
	}
	return old.EncodeJSON(&s.enc)
}

// isDelta reports whether ev is a text or reasoning delta.
func isDelta(ev streamjsonv2.OutputValue) bool {
	switch ev.(type) {
	case *streamjsonv2.Text, *streamjsonv2.Reasoning:
		return true
	}
	return false
}
