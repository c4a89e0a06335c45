package rt

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// StringHook transforms a free-text string value while it is encoded. key is
// the nearest enclosing object key ("" at the top or directly in an array).
// Strings constrained by pattern, enum, const or format are not passed to the
// hook: changing them could make the output invalid.
type StringHook func(key, s string) string

// Encoder appends JSON to Buf. Reuse one Encoder (and its Buf) across values
// to encode without allocating.
type Encoder struct {
	Buf  []byte
	Hook StringHook
}

// Reset empties the buffer, keeping its capacity.
func (e *Encoder) Reset() { e.Buf = e.Buf[:0] }

// Byte appends one byte of JSON punctuation.
func (e *Encoder) Byte(c byte) { e.Buf = append(e.Buf, c) }

// Lit appends text that is already JSON (keys with their quotes and colon,
// constants).
func (e *Encoder) Lit(s string) { e.Buf = append(e.Buf, s...) }

// Key appends a quoted object key and a colon, preceded by a comma unless
// first is true.
func (e *Encoder) Key(first bool, k string) {
	if !first {
		e.Buf = append(e.Buf, ',')
	}
	e.Buf = AppendString(e.Buf, k)
	e.Buf = append(e.Buf, ':')
}

// Text appends a free-text string, passing it through the hook.
func (e *Encoder) Text(key, s string) {
	if e.Hook != nil {
		s = e.Hook(key, s)
	}
	e.Buf = AppendString(e.Buf, s)
}

// Str appends a string without the hook.
func (e *Encoder) Str(s string) { e.Buf = AppendString(e.Buf, s) }

// Int appends an integer.
func (e *Encoder) Int(v int64) { e.Buf = strconv.AppendInt(e.Buf, v, 10) }

// Float appends a float the way encoding/json does (shortest form that
// reads back to the same float64).
func (e *Encoder) Float(v float64) { e.Buf = AppendFloat(e.Buf, v) }

// Bool appends true or false.
func (e *Encoder) Bool(v bool) { e.Buf = strconv.AppendBool(e.Buf, v) }

// Null appends null.
func (e *Encoder) Null() { e.Buf = append(e.Buf, "null"...) }

// Raw appends a raw JSON value. With a hook, every string inside it passes
// through the hook (object keys do not), which needs one scan of the value.
func (e *Encoder) Raw(key string, r Raw) error {
	if len(r) == 0 {
		return newError(-1, "type", "empty raw value")
	}
	if e.Hook == nil {
		e.Buf = append(e.Buf, r...)
		return nil
	}
	var d Decoder
	d.resetShared(view(r), DefaultMaxDepth)
	if err := e.rawValue(&d, key); err != nil {
		return err
	}
	return d.End()
}

func (e *Encoder) rawValue(d *Decoder, key string) error {
	switch d.Next() {
	case String:
		s, err := d.readString()
		if err != nil {
			return err
		}
		e.Text(key, s)
		return nil
	case Object:
		return e.rawObject(d)
	case Array:
		if err := d.push(); err != nil {
			return err
		}
		e.Byte('[')
		for n := 0; ; n++ {
			ok, err := d.ArrNext(n)
			if err != nil {
				return err
			}
			if !ok {
				e.Byte(']')
				return nil
			}
			if n > 0 {
				e.Byte(',')
			}
			if err := e.rawValue(d, key); err != nil {
				return err
			}
		}
	}
	s, err := d.RawString()
	e.Buf = append(e.Buf, s...)
	return err
}

func (e *Encoder) rawObject(d *Decoder) error {
	if err := d.push(); err != nil {
		return err
	}
	e.Byte('{')
	for n := 0; ; n++ {
		k, ok, err := d.ObjKey(n)
		if err != nil {
			return err
		}
		if !ok {
			e.Byte('}')
			return nil
		}
		e.Key(n == 0, k)
		if err := e.rawValue(d, k); err != nil {
			return err
		}
	}
}

// AppendFloat appends f as encoding/json formats float64 values.
func AppendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(b, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD;
// <, > and & are written as they are; U+2028 and U+2029 are escaped.
func AppendString(b []byte, s string) []byte {
	if haveVector && len(s) >= 16 {
		return appendStringVector(b, s)
	}
	first := len(s)
	if len(s) >= 16 || !shortPlain(s) {
		first = plainRun(s, 0)
	}
	if first == len(s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return appendEscaped(append(b, '"'), s, first, 0)
}

// appendStringVector is AppendString for strings of 16 bytes or more: the
// plain text up to the first special byte is found and copied in the same
// pass, and so is the rest, with the common two-byte escapes and the two-
// and three-byte UTF-8 letters written on the way (escapeSSE2); Go code
// takes the other special bytes. The last bytes, when they start with a
// letter, go through the vector loops as the end of a block that overlaps
// bytes already written, when those were written as they are (see
// lastBlock), and through Go code otherwise. The vector code writes whole
// blocks into the spare
// capacity of b, never past the end of the result: every byte of s takes
// at least one byte of output.
func appendStringVector(b []byte, s string) []byte {
	b = slices.Grow(b, len(s)+2)
	n := len(b)
	b = b[:n+1+len(s)]
	b[n] = '"'
	i := copyPlainSSE2(&b[n+1], unsafe.StringData(s), len(s))
	if i == len(s) {
		return append(b, '"')
	}
	b = b[:n+1+i]
	// Room for the rest with one escape in 16 bytes and the vector loops'
	// slack; past that, the word loops finish, appending as usual. A
	// buffer with that much room beyond the string as it is is not grown.
	b = slices.Grow(b, len(s)-i+(len(s)-i)/16+18)
	// s[same:i] was written as it is, so the output of s[j] for j >= same
	// is len(b)-(i-j): the vector loops write no escape exactly when they
	// write as many bytes as they read.
	same := 0
	for len(s)-i >= 16 && cap(b)-len(b) >= 34 {
		n, window := len(s)-i, false
		if haveAVX2 && n >= avx2Min {
			// Long stretches of letters and plain text go 32 bytes at a
			// time; the SSE2 loop takes a window of a few blocks from
			// where that loop stops, then hands back, unless the AVX2
			// loop could not take a single block.
			switch {
			case cap(b)-len(b) < 66:
				n, window = 48, true
			case i < 3:
				// The AVX2 loop checks a block's letters with the three
				// bytes before it, which the string's first block does
				// not have. A letter starts at i, after ASCII or whole
				// letters: the block goes through the loop as a copy
				// after three zero bytes, which stand for them.
				var head [35]byte
				copy(head[3:], s[i:])
				if w, r := escapeAVX2(spare(b), cap(b)-len(b), &head[3], 32, 3); r > 0 {
					b, i, same = wrote(b, i, same, w, r)
					continue
				}
				n, window = 48, true
			default:
				w, r := escapeAVX2(spare(b), cap(b)-len(b), stringAt(s, i), n, i)
				b, i, same = wrote(b, i, same, w, r)
				if r > 0 {
					if k := len(s) - i; k >= 16 && k < 32 {
						// The string's end, as lastBlock takes it after
						// the SSE2 loop, in one block of 32 bytes where
						// a window of the SSE2 loop and its last block
						// would take two calls.
						before := i
						if b, i, same = lastBlock(b, s, i, same, 32); i > before {
							continue
						}
					}
					n, window = min(len(s)-i, 48), true
				}
			}
			if n < 16 {
				continue
			}
		}
		w, r := escapeSSE2(spare(b), cap(b)-len(b), stringAt(s, i), n, i)
		b, i, same = wrote(b, i, same, w, r)
		if window && r > 0 {
			continue // it may have stopped at the window's end, not at a byte for Go code
		}
		if len(s)-i < 16 {
			break // the string's end: lastBlock, or Go code, takes it
		}
		// Special bytes one after another (emoji, say): the runes written
		// as they are go out together.
		start := i
		for i < len(s) && isSpecial(s[i]) {
			b, i, start = appendSpecial(b, s, i, start)
		}
		b = append(b, s[start:i]...)
		same = i
	}
	if k := len(s) - i; k >= 8 && k < 16 && s[i] >= utf8.RuneSelf {
		// Go code takes a tail of a few bytes, or one that starts with
		// ASCII, for less than a block costs (a call to the SSE2 loop is
		// about a hundred instructions; a letter in Go about thirty).
		b, i, _ = lastBlock(b, s, i, same, 16)
	}
	return appendEscaped(b, s, plainRun(s, i), i)
}

// lastBlock writes the last bytes of s from i (fewer than size, 16 or
// 32) with the SSE2 or the AVX2 loop, as the end of the string's last size
// bytes, when those before i were written as they are from same on: the
// block is written again over them, unchanged, and a letter of the last
// bytes is checked with the bytes before it. Letters at the end of a
// string would otherwise go through Go code one at a time, and a few bytes
// after the AVX2 loop through a window of the SSE2 loop and that loop's
// last block. It returns b and i as far as the block was taken, or as the
// loop left them when the block stopped before i (at a byte for Go code
// after it): s[j:i] holds no byte to escape, so what the block wrote over
// it is what was there, and j may be inside a letter. same is moved on
// past any escape the block wrote.
func lastBlock(b []byte, s string, i, same, size int) ([]byte, int, int) {
	j := len(s) - size
	at := len(b) - (i - j) // where s[j] was written
	if j < same || j < 3 || cap(b)-at < size+2 {
		return b, i, same
	}
	dst := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), at))
	var w, r int
	if size == 32 {
		w, r = escapeAVX2(dst, cap(b)-at, stringAt(s, j), 32, j)
	} else {
		w, r = escapeSSE2(dst, cap(b)-at, stringAt(s, j), 16, j)
	}
	if j+r < i {
		return b, i, same
	}
	return wrote(b[:at], j, same, w, r)
}

// wrote moves b and i on by the w bytes a vector loop wrote and the r it
// read, and same past them when it wrote an escape among them.
func wrote(b []byte, i, same, w, r int) ([]byte, int, int) {
	if w != r {
		same = i + r
	}
	return b[:len(b)+w], i + r, same
}

// spare returns a pointer to the first byte of b's spare capacity.
func spare(b []byte) *byte { return (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), len(b))) }

// shortPlain reports whether s, shorter than 16 bytes, has no special byte
// (see isSpecial), testing two overlapping words when it has 8 bytes or more.
func shortPlain(s string) bool {
	if len(s) >= 8 {
		return specials(load64(s, 0))|specials(load64(s, len(s)-8)) == 0
	}
	for i := 0; i < len(s); i++ {
		if isSpecial(s[i]) {
			return false
		}
	}
	return true
}

// appendEscaped writes the rest of s, whose first special byte is at first
// and whose plain text from start is still to copy, and the closing quote,
// with the word loops (for short strings and tails, and where there is no
// vector code).
func appendEscaped(b []byte, s string, first, start int) []byte {
	for i := first; i < len(s); i = plainRun(s, i) {
		b, i, start = appendSpecial(b, s, i, start)
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendSpecial handles the special byte at s[i]: it flushes s[start:i]
// and writes the escape when one is needed. It returns the position to go
// on from and the new start of the pending plain text.
func appendSpecial(b []byte, s string, i, start int) ([]byte, int, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		return b, i + 1, i + 1
	}
	if n := plainLetter(s, i); n > 0 {
		// A letter with nothing to escape, and the letters right after
		// it that have none either.
		for i += n; i < len(s) && s[i] >= utf8.RuneSelf; i += n {
			if n = plainLetter(s, i); n == 0 {
				break
			}
		}
		return b, i, start
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n == 1:
		b = append(b, s[start:i]...)
		return append(b, `\ufffd`...), i + 1, i + 1
	case r == '\u2028' || r == '\u2029':
		b = append(b, s[start:i]...)
		return append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf]), i + n, i + n
	}
	return b, i + n, start
}

// view returns r as a string without copying. Callers only read it for
// the duration of one call and never let it outlive r or see r change.
func view(r Raw) string {
	if len(r) == 0 {
		return ""
	}
	return unsafe.String(&r[0], len(r))
}

// shortEscape maps the bytes with a two-byte escape to its second byte
// (escapeSSE2 reads it).
var shortEscape = [256]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't'}
