package sse

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

var bom = []byte("\xEF\xBB\xBF")

// readLine returns the next line without its end, CR, LF or CRLF. A line that one read
// brought whole, or that reads into the same block continued, is returned in place; a line
// that spans blocks is joined in memory of its own. Either way its bytes are never written
// again. An unterminated last line is dropped: readLine returns the read error.
func (r *Reader) readLine() ([]byte, error) {
	var line []byte
	started, joined := false, false
	for {
		if len(r.rest) == 0 {
			piece, err := r.src.next()
			if err != nil {
				return nil, err
			}
			r.rest = piece
		}
		if r.skipLF {
			r.skipLF = false
			if r.rest[0] == '\n' {
				r.rest = r.rest[1:]
				continue
			}
		}
		i := lineEnd(r.rest)
		seg := r.rest
		if i >= 0 {
			seg = r.rest[:i]
		}
		if len(line)+len(seg) > r.max {
			return nil, fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, r.max)
		}
		switch {
		case !started:
			line, started = seg, true
		case adjacent(line, seg):
			line = line[:len(line)+len(seg)]
		case joined:
			line = append(line, seg...)
		default:
			line = append(append(make([]byte, 0, 2*(len(line)+len(seg))), line...), seg...)
			joined = true
		}
		if i < 0 {
			r.rest = nil
			continue
		}
		r.skipLF = r.rest[i] == '\r'
		r.rest = r.rest[i+1:]
		return r.firstLine(line), nil
	}
}

// adjacent reports whether next starts right where line ends, inside the block line belongs
// to, so that line can grow over it in place.
func adjacent(line, next []byte) bool {
	return len(next) > 0 && cap(line)-len(line) >= len(next) && &line[:len(line)+1][len(line)] == &next[0]
}

// lineEnd returns the index of the first CR or LF in b, or -1. Two byte searches beat one
// search for either byte: each runs on vector instructions.
func lineEnd(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		i = len(b)
	}
	if j := bytes.IndexByte(b[:i], '\r'); j >= 0 {
		return j
	}
	if i == len(b) {
		return -1
	}
	return i
}

// firstLine strips a byte order mark from the stream's first line.
func (r *Reader) firstLine(line []byte) []byte {
	if r.started {
		return line
	}
	r.started = true
	return bytes.TrimPrefix(line, bom)
}

// field applies one non-blank line to the event being built.
func (r *Reader) field(line []byte) error {
	name, value, found := bytes.Cut(line, []byte(":"))
	if found && len(name) == 0 {
		return nil // a comment
	}
	value = bytes.TrimPrefix(value, []byte(" "))
	switch string(name) {
	case "event":
		r.typ = r.eventType(value)
	case "data":
		return r.appendData(value)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			r.lastID = string(value)
		}
	case "retry":
		r.setRetry(value)
	}
	return nil
}

// eventType returns value as a string, reusing the string of the type before when it is the
// same: a stream names few types, over and over.
func (r *Reader) eventType(value []byte) string {
	if string(value) != r.lastTyp {
		r.lastTyp = string(value)
	}
	return r.lastTyp
}

// appendData adds one data line to the event's data, within the bound. The first line's
// value is kept in place; a second one joins them in memory of the event's own.
func (r *Reader) appendData(value []byte) error {
	if !r.hasData {
		if len(value) >= r.max {
			return fmt.Errorf("%w: more than %d bytes", ErrEventTooLong, r.max)
		}
		r.data, r.hasData = value, true
		return nil
	}
	// The bound counts a line end after every line, as if the last one were kept too.
	if len(r.data)+1+len(value) >= r.max {
		return fmt.Errorf("%w: more than %d bytes", ErrEventTooLong, r.max)
	}
	if !r.ownData {
		r.data = append(make([]byte, 0, 2*(len(r.data)+1+len(value))), r.data...)
		r.ownData = true
	}
	r.data = append(append(r.data, '\n'), value...)
	return nil
}

// setRetry sets the reconnection time from a field value made of ASCII digits only.
func (r *Reader) setRetry(value []byte) {
	if len(value) == 0 {
		return
	}
	for _, c := range value {
		if c < '0' || c > '9' {
			return
		}
	}
	ms, err := strconv.ParseInt(string(value), 10, 64)
	if err == nil {
		r.retry = time.Duration(ms) * time.Millisecond
	}
}
