package acp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/rt"
)

// maxLine bounds one input line: a prompt may embed files, but a line
// beyond this is refused rather than read into memory without end.
const maxLine = 64 << 20

// encodable is every generated message type Zero writes.
type encodable interface {
	EncodeJSON(e *rt.Encoder) error
}

// writer writes whole messages, one per line, never a half line: a
// message is encoded completely before any of it is written. The updates
// of a running prompt are held (hold) and go out together when the run is
// about to wait (flush) or with the next message sent, so that a fast
// stream costs one write per many updates; every other message goes out
// at once, with what was held before it.
type writer struct {
	mu   sync.Mutex
	out  *streamio.Buffered
	enc  rt.Encoder
	hook rt.StringHook
	// deltaHook is hook for the chunks whose text came redacted: it
	// passes the member "text" (the chunk's only one) through as it is.
	deltaHook rt.StringHook
	err       error // the first write error; later writes are dropped
	log       io.Writer
	// pending is a run of text or thought chunks held back to back, sent
	// as one chunk when anything else is written or at the flush.
	pending pendingChunk
}

// pendingChunk gathers the redacted texts of consecutive chunks of one
// kind and session: a client appends each chunk's text to what it shows,
// so one chunk with the texts joined says the same as the run of them,
// in fewer and shorter lines. Its message is reused for every chunk.
type pendingChunk struct {
	sessionID string
	thought   bool
	text      []byte
	msg       acpv1.SessionUpdateMessage
	content   acpv1.TextContent
	message   acpv1.AgentMessageChunk
	thoughtV  acpv1.AgentThoughtChunk
}

// maxPendingText bounds the text one joined chunk carries.
const maxPendingText = 64 << 10

// newWriter returns a writer to w whose encoder passes every free-text
// string through hook, which is called with the writer's lock held (a
// redact.Memo needs nothing more).
func newWriter(w io.Writer, hook rt.StringHook, log io.Writer) *writer {
	var deltaHook rt.StringHook
	if hook != nil {
		deltaHook = func(key, s string) string {
			if key == "text" {
				return s
			}
			return hook(key, s)
		}
	}
	return &writer{out: streamio.NewBuffered(w), enc: rt.Encoder{Hook: hook}, hook: hook, deltaHook: deltaHook, log: log}
}

// send encodes v with the generated encoder and writes it as one line,
// after what was held.
func (w *writer) send(v encodable) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.add(v); err != nil {
		return err
	}
	return w.flushLocked()
}

// hold encodes v and keeps its line for the next flush or send.
func (w *writer) hold(v encodable) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.add(v)
}

// holdChunk holds the text of a text (or, with thought, thought) chunk
// of a session. A text that came redacted joins the chunks held just
// before it of the same kind and session, and goes out with them as one
// chunk whose text the hook does not see again; any other text is held as
// a chunk of its own, redacted by the hook.
func (w *writer) holdChunk(sessionID string, thought bool, text string, redacted bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := &w.pending
	if len(p.text) > 0 && (!redacted || p.sessionID != sessionID || p.thought != thought || len(p.text)+len(text) > maxPendingText) {
		if err := w.addPending(); err != nil {
			return err
		}
	}
	if !redacted {
		return w.encodeLine(p.chunk(sessionID, thought, text))
	}
	p.sessionID, p.thought = sessionID, thought
	p.text = append(p.text, text...)
	return nil
}

// addPending encodes the joined chunk, if any, after what was held. The
// hook sees every string of it but the text, which came redacted.
func (w *writer) addPending() error {
	p := &w.pending
	if len(p.text) == 0 {
		return nil
	}
	m := p.chunk(p.sessionID, p.thought, string(p.text))
	p.text = p.text[:0]
	w.enc.Hook = w.deltaHook
	defer func() { w.enc.Hook = w.hook }()
	return w.encodeLine(m)
}

// chunk fills the reused message with one text or thought chunk.
func (p *pendingChunk) chunk(sessionID string, thought bool, text string) *acpv1.SessionUpdateMessage {
	p.content.Text = text
	var v acpv1.SessionUpdateValue = &p.message
	if thought {
		p.thoughtV.Content.Value = &p.content
		v = &p.thoughtV
	} else {
		p.message.Content.Value = &p.content
	}
	p.msg.Params.SessionID, p.msg.Params.Update.Value = sessionID, v
	return &p.msg
}

// flush writes out the held lines.
func (w *writer) flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flushLocked()
}

func (w *writer) add(v encodable) error {
	if err := w.addPending(); err != nil {
		return err
	}
	return w.encodeLine(v)
}

// encodeLine encodes v and buffers it as one line.
func (w *writer) encodeLine(v encodable) error {
	if w.err != nil {
		return w.err
	}
	w.enc.Reset()
	if err := v.EncodeJSON(&w.enc); err != nil {
		fmt.Fprintf(w.log, "zero acp: internal error: a message could not be encoded: %v\n", err)
		return err
	}
	w.enc.Byte('\n')
	if _, err := w.out.Write(w.enc.Buf); err != nil {
		w.err = err
		return err
	}
	return nil
}

func (w *writer) flushLocked() error {
	if err := w.addPending(); err != nil {
		return err
	}
	if w.err != nil {
		return w.err
	}
	if err := w.out.Flush(); err != nil {
		w.err = err
		return err
	}
	return nil
}

// lineReader reads the input line by line.
type lineReader struct {
	r       *bufio.Reader
	n       int // lines read
	long    []byte
	tooLong bool
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
}

var errLineTooLong = errors.New("line too long")

// next returns the next line without its end, io.EOF at the end. A line
// longer than maxLine is skipped and reported as errLineTooLong.
func (l *lineReader) next() ([]byte, error) {
	l.long, l.tooLong = l.long[:0], false
	for {
		frag, err := l.r.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			if len(l.long)+len(frag) <= maxLine {
				l.long = append(l.long, frag...)
			} else {
				l.tooLong = true
			}
			continue
		case err == io.EOF && len(frag) == 0 && len(l.long) == 0 && !l.tooLong:
			return nil, io.EOF
		case err != nil && err != io.EOF:
			return nil, err
		}
		l.n++
		if l.tooLong {
			return nil, errLineTooLong
		}
		line := frag
		if len(l.long) > 0 {
			line = append(l.long, frag...)
		}
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		return line, nil
	}
}
