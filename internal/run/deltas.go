package run

import (
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
)

// deltas streams text and reasoning deltas through one redact.Stream each.
// A stream may hold back the tail of a delta that could be the start of a
// secret; a tool call and the end of the turn flush it. A delta of the
// other channel does not: flushing there would cut a secret that the text
// splits around a reasoning delta in two pieces that no longer look like
// one, and both would go out. So a reasoning delta may overtake up to
// redact.MaxHold bytes of text held back, and the other way round.
type deltas struct {
	r         *runner
	text      *redact.Stream
	reasoning *redact.Stream
	// textEv and reasoningEv are the events emitted for every delta, reused:
	// a Sink does not keep the events it is given.
	textEv      streamjsonv2.Text
	reasoningEv streamjsonv2.Reasoning
}

func (d *deltas) textDelta(s string) error {
	return d.emitText(d.text.Write(s))
}

func (d *deltas) reasoningDelta(s string) error {
	return d.emitReasoning(d.reasoning.Write(s))
}

// flush writes whatever either stream holds.
func (d *deltas) flush() error {
	if err := d.flushReasoning(); err != nil {
		return err
	}
	return d.flushText()
}

func (d *deltas) flushText() error {
	if d.text.Held() == 0 {
		return nil
	}
	return d.emitText(d.text.Flush())
}

func (d *deltas) flushReasoning() error {
	if d.reasoning.Held() == 0 {
		return nil
	}
	return d.emitReasoning(d.reasoning.Flush())
}

func (d *deltas) emitText(s string) error {
	if s == "" {
		return nil
	}
	d.textEv = streamjsonv2.Text{RunID: streamjsonv2.ID(d.r.runID), Delta: s}
	return d.r.emit(&d.textEv)
}

func (d *deltas) emitReasoning(s string) error {
	if s == "" {
		return nil
	}
	d.reasoningEv = streamjsonv2.Reasoning{RunID: streamjsonv2.ID(d.r.runID), Delta: s}
	return d.r.emit(&d.reasoningEv)
}
