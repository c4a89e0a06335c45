package sse

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

var bom = []byte("\xEF\xBB\xBF")

// readLine returns the next line without its end, CR, LF or CRLF. The returned slice is valid
// until the next call: a line the buffer holds whole is returned in place, without a copy. An
// unterminated last line is dropped: readLine returns the read error.
func (r *Reader) readLine() ([]byte, error) {
	r.line = r.line[:0]
	for {
		buf, err := r.buffered()
		if err != nil {
			return nil, err
		}
		if r.skipLF {
			r.skipLF = false
			if buf[0] == '\n' {
				r.br.Discard(1)
				continue
			}
		}
		i := lineEnd(buf)
		if i < 0 {
			if err := r.appendLine(buf); err != nil {
				return nil, err
			}
			r.br.Discard(len(buf))
			continue
		}
		line := buf[:i]
		if len(r.line) > 0 || len(line) > r.max {
			if err := r.appendLine(line); err != nil {
				return nil, err
			}
			line = r.line
		}
		r.skipLF = buf[i] == '\r'
		r.br.Discard(i + 1) // the bytes stay in place until the next read
		return r.firstLine(line), nil
	}
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

// buffered returns the buffered bytes, reading when there are none.
func (r *Reader) buffered() ([]byte, error) {
	if r.br.Buffered() == 0 {
		if _, err := r.br.Peek(1); err != nil {
			return nil, err
		}
	}
	return r.br.Peek(r.br.Buffered())
}

// appendLine adds b to the current line, within the bound.
func (r *Reader) appendLine(b []byte) error {
	if len(r.line)+len(b) > r.max {
		return fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, r.max)
	}
	r.line = append(r.line, b...)
	return nil
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

// appendData adds one data line to the event's data, within the bound.
func (r *Reader) appendData(value []byte) error {
	if len(r.data)+len(value) >= r.max {
		return fmt.Errorf("%w: more than %d bytes", ErrEventTooLong, r.max)
	}
	r.data = append(append(r.data, value...), '\n')
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
