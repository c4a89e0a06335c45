package streamio

import (
	"errors"
	"io"
	"syscall"
)

// flushAt is how many bytes Buffered holds at most before it writes them
// without being asked: under load, one write per this many bytes.
const flushAt = 64 << 10

// Buffered gathers what the sinks write and passes it on in one Write when
// Flush is called, or when it holds flushAt bytes. Callers flush whenever
// the run is about to wait (for the model's next bytes, for a tool, for
// the end), so a reader sees every event as soon as the run has nothing
// else to do, and under load many events cost one system call. A sink
// that writes whole lines through it only ever gets whole lines written.
//
// A failed write is kept: Flush and every later Write return it, wrapped
// as it came, so that a reader that went away (EPIPE) is still told apart.
type Buffered struct {
	w   io.Writer
	buf []byte
	err error
}

// NewBuffered returns a Buffered writing to w.
func NewBuffered(w io.Writer) *Buffered {
	return &Buffered{w: w, buf: make([]byte, 0, 4096)}
}

// Write adds p, writing everything out first when p would take the buffer
// past flushAt.
func (b *Buffered) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if len(b.buf) > 0 && len(b.buf)+len(p) > flushAt {
		if err := b.Flush(); err != nil {
			return 0, err
		}
	}
	if len(p) >= flushAt { // nothing is held: a big piece goes out as it is
		if _, b.err = b.w.Write(p); b.err != nil {
			return 0, b.err
		}
		return len(p), nil
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// Flush writes out what b holds.
func (b *Buffered) Flush() error {
	if b.err != nil || len(b.buf) == 0 {
		return b.err
	}
	_, b.err = b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return b.err
}

// ReaderGone reports whether a write failed because the reader went away
// (EPIPE: the other end of a pipe was closed, as by head).
func (b *Buffered) ReaderGone() bool { return errors.Is(b.err, syscall.EPIPE) }

// Flusher is what a writer that buffers offers: Buffered, and the sinks
// that pass Flush on to theirs.
type Flusher interface {
	Flush() error
}
