// Package sse reads Server-Sent Events streams the way the WHATWG HTML standard's "event stream
// interpretation" describes them.
//
// A Reader takes lines ending in CR, LF or CRLF. A blank line dispatches the event built so far:
// "event:" sets its type, each "data:" line appends to its data (lines joined with "\n"), "id:"
// sets the last event ID (kept for later events), "retry:" sets the reconnection time, lines
// starting with ":" are comments, and unknown fields are ignored. A block without data lines
// dispatches nothing, and an event the input ends in the middle of is discarded.
//
//	r := sse.NewReader(resp.Body)
//	for {
//		ev, err := r.Next()
//		if err == io.EOF {
//			break // the stream ended cleanly
//		}
//		if err != nil {
//			return err
//		}
//		handle(ev.Type, ev.Data) // ev.Data never changes
//	}
//
// Lines are bounded (DefaultMaxLine, or NewReaderSize): a longer line, or an event whose data
// grows past the bound, fails with an error that wraps ErrLineTooLong or ErrEventTooLong.
package sse

import (
	"errors"
	"io"
	"time"
	"unsafe"
)

// DefaultMaxLine bounds a line, and an event's data, for NewReader.
const DefaultMaxLine = 8 << 20

// ErrLineTooLong is wrapped by the error Next returns for a line longer than the bound.
var ErrLineTooLong = errors.New("sse: line too long")

// ErrEventTooLong is wrapped by the error Next returns for event data longer than the bound.
var ErrEventTooLong = errors.New("sse: event data too long")

// ErrClosed is what Next returns after Close.
var ErrClosed = errors.New("sse: reader closed")

// Event is one dispatched event.
type Event struct {
	// Type is the "event:" field, or "message" when the event had none.
	Type string
	// Data is the "data:" lines joined with "\n". It is handed out without a copy, in place
	// in the block the Reader read it into, and the Reader never writes those bytes again: Data
	// may be kept, or read as a string without copying it (unsafe.String), for as long as one
	// likes. Keeping it keeps its block of memory alive.
	Data []byte
	// ID is the last event ID in effect when the event was dispatched.
	ID string
}

// Reader reads events from a stream.
type Reader struct {
	ahead   *ahead // the reading goroutine, for a Reader from NewReaderAhead; nil for others
	src     source
	rest    []byte // what the source gave and no line has taken yet
	max     int
	skipLF  bool // the previous line ended in CR: a leading LF belongs to it
	started bool // the first line was read (and a byte order mark stripped)
	err     error
	typ     string
	lastTyp string // the type of an earlier event, whose string the next equal one reuses
	data    []byte
	hasData bool // the event has a data line, which may be empty
	ownData bool // data is memory of the event's own, which later lines may extend
	lastID  string
	retry   time.Duration
}

// NewReader returns a Reader with lines bounded by DefaultMaxLine.
func NewReader(r io.Reader) *Reader { return NewReaderSize(r, DefaultMaxLine) }

// NewReaderSize returns a Reader whose lines, and events' data, are bounded by max bytes.
func NewReaderSize(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMaxLine
	}
	return &Reader{src: &blocks{r: r}, max: max}
}

// NewReaderAhead returns a Reader like NewReaderSize whose stream a goroutine of its own reads
// and splits into events, ahead of Next by up to a few reads: waiting for the stream, copying
// out of it and splitting it then overlap with what the caller does between calls of Next.
// The goroutine hands the events over before each read, so that none waits on the stream.
// wait, when not nil, is called on Next's goroutine each time Next has returned every event
// handed over and turns to wait for more. Close stops the goroutine, closing r; r is not read
// after Close returned. Retry is as of the last events handed over.
func NewReaderAhead(r io.ReadCloser, max int, wait func()) *Reader {
	if max <= 0 {
		max = DefaultMaxLine
	}
	return &Reader{ahead: newAhead(r, max, wait)}
}

// Close stops a Reader from NewReaderAhead: it closes the stream and waits for the reading
// goroutine to return, returning the stream's Close error. Next then returns ErrClosed. For
// other Readers Close does nothing. Close and Next must not be called at the same time.
func (r *Reader) Close() error {
	if r.ahead == nil {
		return nil
	}
	return r.ahead.close()
}

// Retry returns the reconnection time the stream last set with a "retry:" field, or 0.
func (r *Reader) Retry() time.Duration {
	if r.ahead != nil {
		return r.ahead.retry()
	}
	return r.retry
}

// Next returns the next event. At the end of the input it returns io.EOF, discarding an event
// the input ended in the middle of; other read errors are returned as they are. Once Next has
// failed, it returns the same error again.
func (r *Reader) Next() (Event, error) {
	if r.ahead != nil {
		return r.ahead.next()
	}
	for r.err == nil {
		line, err := r.readLine()
		if err != nil {
			r.err = err
			break
		}
		if len(line) == 0 {
			if ev, ok := r.dispatch(); ok {
				return ev, nil
			}
			continue
		}
		r.err = r.field(line)
	}
	return Event{}, r.err
}

// dispatch ends the current event; ok is false when it had no data.
func (r *Reader) dispatch() (ev Event, ok bool) {
	typ, data, hasData := r.typ, r.data, r.hasData
	r.typ, r.data, r.hasData, r.ownData = "", nil, false, false
	if !hasData {
		return Event{}, false
	}
	if typ == "" {
		typ = "message"
	}
	return Event{Type: typ, Data: data, ID: r.lastID}, true
}

// Text returns the event's data as a string without copying it: the Reader never writes
// those bytes again (see Data), so the string never changes, as a string must not.
func (e Event) Text() string {
	return unsafe.String(unsafe.SliceData(e.Data), len(e.Data))
}
