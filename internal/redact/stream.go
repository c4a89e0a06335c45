package redact

import "unsafe"

// MaxHold bounds what a Stream holds back: after every Write, fewer than
// MaxHold bytes of input are waiting (or fewer than the length of the
// longest secret given to New, if that is longer). Every shape detector
// decides within MaxHold bytes of where a secret would start.
const MaxHold = 256

// Stream redacts a text that arrives in pieces, such as the deltas of a
// model's streamed answer. Create one per text with Redactor.Stream, call
// Write for each delta and Flush at the end; the concatenation of
// everything returned equals String("", all deltas joined), however the
// text was split. A Stream is not safe for concurrent use. After Flush it
// is empty and can be used for the next text.
type Stream struct {
	sc  scanner
	buf string // lookbehind context, then input not yet decided
	pos int    // start of the undecided input in buf
	// block holds buf as its last bytes. Deltas are appended to it, so that
	// a Write copies its delta once instead of buf and the delta into a new
	// string. Its bytes are never written again once they are in it: the
	// strings Write returned, which may point into it, stay as they were.
	block []byte
}

// blockSize is the size of a Stream's blocks: one allocation serves many
// short deltas.
const blockSize = 8 << 10

// Stream returns a new Stream that redacts like r.String("", ...).
func (r *Redactor) Stream() *Stream {
	return &Stream{sc: scanner{r: r.use()}}
}

// Write adds delta and returns the redacted text that is now decided. It
// holds back only a tail that could still be the start of a secret.
func (s *Stream) Write(delta string) string {
	return s.advance(delta, false)
}

// Flush returns the rest of the text, redacted, and resets the Stream.
func (s *Stream) Flush() string {
	out := s.advance("", true)
	*s = Stream{sc: scanner{r: s.sc.r}}
	return out
}

// Held returns how many bytes of input the Stream is holding back.
func (s *Stream) Held() int { return len(s.buf) - s.pos }

// advance scans the undecided input and keeps lookBehind bytes of context.
func (s *Stream) advance(delta string, eof bool) string {
	if delta == "" && !eof {
		return ""
	}
	if delta != "" {
		s.append(delta)
	}
	out := emitter{src: s.buf, mark: s.pos}
	end := s.sc.scan(s.buf, s.pos, eof, &out)
	text := out.result(end)
	if cut := end - lookBehind; cut > 0 {
		s.buf, end = s.buf[cut:], lookBehind
	}
	s.pos = end
	return text
}

// append adds delta to buf. When the block is full, a new one starts with a
// copy of buf; the old one stays as long as strings point into it.
func (s *Stream) append(delta string) {
	if len(s.block)+len(delta) > cap(s.block) {
		block := make([]byte, 0, max(blockSize, 2*(len(s.buf)+len(delta))))
		s.block = append(block, s.buf...)
	}
	s.block = append(s.block, delta...)
	start := len(s.block) - len(s.buf) - len(delta)
	s.buf = unsafe.String(&s.block[start], len(s.block)-start)
}
