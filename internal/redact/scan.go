package redact

import "strings"

// lookBehind is how many bytes before the current position detectors may
// inspect (a key before "=", a URL scheme before the user name).
const lookBehind = 128

// hit is a secret found at a view's position i: keep bytes are copied,
// the next n bytes are replaced by repl, and then, if tail is set, the
// scanner keeps dropping bytes for as long as tail says they belong to
// the same secret.
type hit struct {
	keep int
	n    int
	repl string
	tail skipper
}

// skipper drops the rest of a secret that was already replaced. At the
// view's position, with dropped bytes dropped so far, it returns how many
// bytes to drop now and whether the secret goes on after them (yes), ends
// after them (no), or cannot be told yet (need, dropping nothing).
type skipper interface {
	skip(v view, dropped int) (int, verdict)
}

// scanner is the redaction state machine shared by String and Stream.
// All its decisions depend only on the view, so feeding it a text in
// pieces gives the same result as feeding it at once.
type scanner struct {
	r       *Redactor
	tail    skipper // non-nil while dropping the rest of a secret
	dropped int
}

// scan processes s from start, writing the result through out, and
// returns where it stopped: len(s), or the first position whose fate
// depends on input after s (only when eof is false).
func (sc *scanner) scan(s string, start int, eof bool, out *emitter) int {
	i := start
	for i < len(s) {
		v := view{s: s, i: i, lo: max(0, i-lookBehind), eof: eof}
		var n int
		var vd verdict
		if sc.tail != nil {
			n, vd = sc.skipTail(v, out)
		} else {
			n, vd = sc.step(v, out)
		}
		if vd == need {
			return i
		}
		i += n
	}
	return i
}

// step handles one position outside a secret: it skips ahead to the next
// byte a secret can start with and tries the detectors there.
func (sc *scanner) step(v view, out *emitter) (int, verdict) {
	j := v.i
	for j < len(v.s) && !sc.r.startsAt(v.s, j) {
		j++
	}
	if j > v.i {
		return j - v.i, yes
	}
	h, vd := sc.r.detect(v)
	switch vd {
	case need:
		return 0, need
	case no:
		return 1, yes
	}
	out.replace(v.i+h.keep, v.i+h.keep+h.n, h.repl)
	sc.tail, sc.dropped = h.tail, 0
	return h.keep + h.n, yes
}

// skipTail drops bytes that continue the current secret.
func (sc *scanner) skipTail(v view, out *emitter) (int, verdict) {
	n, vd := sc.tail.skip(v, sc.dropped)
	if vd == need {
		return 0, need
	}
	out.replace(v.i, v.i+n, "")
	sc.dropped += n
	if vd == no {
		sc.tail = nil
	}
	return n, yes
}

// emitter builds a scan's output from a source string, allocating only
// once something is replaced.
type emitter struct {
	src  string
	mark int // first source byte not yet copied or replaced
	b    strings.Builder
	used bool
}

// replace copies the source up to from, writes repl instead of
// src[from:to] and continues after to.
func (e *emitter) replace(from, to int, repl string) {
	if from == to && repl == "" {
		return
	}
	if !e.used {
		e.b.Grow(len(e.src) - e.mark)
		e.used = true
	}
	e.b.WriteString(e.src[e.mark:from])
	e.b.WriteString(repl)
	e.mark = to
}

// result copies the source up to end and returns the output.
func (e *emitter) result(end int) string {
	if !e.used {
		return e.src[e.mark:end]
	}
	e.b.WriteString(e.src[e.mark:end])
	return e.b.String()
}
