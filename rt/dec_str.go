package rt

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Str reads a string value.
func (d *Decoder) Str() (string, error) {
	if d.Next() != String {
		return "", d.TypeError("string")
	}
	return d.readString()
}

// StrShared reads a string value like Str, but a string with escapes is
// decoded in place inside the decoder's own copy of the input, without
// allocating. The input bytes of that string are overwritten, so callers
// must never read them again (generated decoders read each value once).
func (d *Decoder) StrShared() (string, error) {
	if d.Next() != String {
		return "", d.TypeError("string")
	}
	if d.own == nil {
		return d.readString()
	}
	start := d.pos + 1
	i, found := quickRun(d.str, start)
	if !found {
		i = plainRun(d.str, i)
	}
	if i < len(d.str) && d.str[i] == '"' {
		d.pos = i + 1
		return d.str[start:i], nil
	}
	if i < len(d.str) && d.str[i] == '\\' {
		if haveVector && len(d.str)-i >= vectorMin {
			// The vector loop finds the closing quote as it goes: no
			// pass ahead for it.
			n, end, err := d.decodeEscapedVector(d.own[i:], i, -1, true)
			if err != nil {
				return "", err
			}
			d.pos = end + 1
			return d.str[start : i+n], nil
		}
		end, err := d.stringEnd(i)
		if err != nil {
			return "", err
		}
		return d.unescapeInPlace(start, i, end)
	}
	return d.readString()
}

// unescapeInPlace decodes the string content own[start:end] (first escape
// at i) into own from i on and returns it as a substring of the input.
func (d *Decoder) unescapeInPlace(start, i, end int) (string, error) {
	n, err := d.decodeEscaped(d.own[i:end], i, end, true)
	if err != nil {
		return "", err
	}
	d.pos = end + 1
	return d.str[start : i+n], nil
}

// decodeEscaped decodes the string content s[i:end], whose first escape is
// at i, into dst and returns the number of bytes written. dst may be the
// decoder's own copy of those very bytes (inPlace): decoded text is never
// longer than its escaped form, so writes never pass reads.
func (d *Decoder) decodeEscaped(dst []byte, i, end int, inPlace bool) (int, error) {
	if haveVector && end-i >= vectorMin {
		n, _, err := d.decodeEscapedVector(dst, i, end, inPlace)
		return n, err
	}
	s := d.str
	w := 0
	var tmp [4]byte
	for i < end {
		j := plainRun(s[:end], i)
		w += copy(dst[w:], s[i:j])
		i = j
		if i >= end {
			break
		}
		switch c := s[i]; {
		case c == '\\' && i+1 < end && simpleEscape[s[i+1]] != 0:
			dst[w] = simpleEscape[s[i+1]]
			w++
			i += 2
		case c == '\\':
			out, next, err := d.unescape(tmp[:0], i)
			if err != nil {
				return 0, err
			}
			w += copy(dst[w:], out)
			i = next
		case c < 0x20:
			d.pos = i
			return 0, d.syntaxErr("control character in string")
		case twoByteRune(s[:end], i):
			dst[w], dst[w+1] = s[i], s[i+1]
			w += 2
			i += 2
		default:
			j, err := d.letterRun(s[:end], i)
			if err != nil {
				return 0, err
			}
			w += copy(dst[w:], s[i:j])
			i = j
		}
	}
	return w, nil
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plainRun returns the offset of the first byte at or after i that is a
// quote, a backslash, a control byte or non-ASCII, or len(s). It tests
// words of eight bytes, four words per step.
func plainRun(s string, i int) int {
	// Most strings are short keys and ids: look at three words before
	// paying for the loops.
	for k := 0; k < 3 && i+8 <= len(s); k++ {
		if m := specials(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	if len(s)-i >= 32 {
		// A call into the vector routine pays for itself past wordSpan
		// bytes.
		j, found := plainWords(s, i, min(len(s), i+wordSpan))
		if found {
			return j
		}
		i = j
		if len(s)-i >= 64 {
			if j, found = plainWords(s, plainRunVector(s, i), len(s)); found {
				return j
			}
			i = j
		}
	}
	for i+8 <= len(s) {
		if m := specials(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	return plainTail(s, i)
}

// plainTail is plainRun over the last bytes of s, fewer than eight from i.
// When s has eight bytes it loads the last word of s once and shifts the
// bytes before i out, filling the top with plain 'A's, which a borrow can
// flag only above a true hit.
func plainTail(s string, i int) int {
	if i >= len(s) {
		return i
	}
	if k := len(s) - 8; k >= 0 {
		sh := uint(i-k) * 8 // 8 to 56: i > k
		x := load64(s, k)>>sh | (lsb*'A')<<(64-sh)
		if m := specials(x); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		return len(s)
	}
	for i < len(s) && !isSpecial(s[i]) {
		i++
	}
	return i
}

// wordSpan is how many bytes plainRun tests a word at a time before it
// calls the vector routine.
const wordSpan = 32

// plainWords tests s[i:end] four words per step; it returns the offset of
// the first special byte and true, or where the untested tail of fewer than
// 32 bytes starts and false.
func plainWords(s string, i, end int) (int, bool) {
	for i+32 <= end {
		m0, m1 := specials(load64(s, i)), specials(load64(s, i+8))
		m2, m3 := specials(load64(s, i+16)), specials(load64(s, i+24))
		if m0|m1|m2|m3 != 0 {
			// The lowest flagged byte of a word is always a true hit:
			// borrows only flag bytes above a real one.
			switch {
			case m0 != 0:
				return i + bits.TrailingZeros64(m0)>>3, true
			case m1 != 0:
				return i + 8 + bits.TrailingZeros64(m1)>>3, true
			case m2 != 0:
				return i + 16 + bits.TrailingZeros64(m2)>>3, true
			}
			return i + 24 + bits.TrailingZeros64(m3)>>3, true
		}
		i += 32
	}
	return i, false
}

// twoByteRune reports whether s[i:] starts with a valid two-byte UTF-8
// sequence (U+0080 to U+07FF: the accented letters of Latin scripts, Greek,
// Cyrillic, Hebrew, Arabic), which the string loops take on the spot.
func twoByteRune(s string, i int) bool {
	return i+1 < len(s) && s[i]-0xc2 < 0xe0-0xc2 && s[i+1]&0xc0 == 0x80
}

// plainLetter returns the length of the valid UTF-8 letter at s[i] when it
// is one of two bytes or of three bytes that no exception concerns (lead
// bytes e1, e3 to ec, ee and ef: most of the Basic Multilingual Plane,
// CJK included), and 0 otherwise. e0 (overlong forms), e2 (U+2028 and
// U+2029, which the encoder escapes), ed (surrogates) and four-byte
// letters are left to utf8.DecodeRuneInString.
func plainLetter(s string, i int) int {
	if twoByteRune(s, i) {
		return 2
	}
	if i+2 < len(s) {
		c := s[i]
		if c-0xe1 < 0xf0-0xe1 && c != 0xe2 && c != 0xed && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80 {
			return 3
		}
	}
	return 0
}

// letterRun is utf8Run for the string loops: on invalid UTF-8 it moves the
// cursor to the first rune at fault and returns the error for it.
func (d *Decoder) letterRun(s string, i int) (int, error) {
	j, ok := utf8Run(s, i)
	if !ok {
		d.pos = j
		return 0, newError(j, "syntax", "invalid UTF-8 in string")
	}
	return j, nil
}

// utf8Run passes the run of non-ASCII bytes that starts at i: it returns
// the offset of the next ASCII byte (or len(s)) once the run is valid
// UTF-8, or the offset of the first rune that is not, and false. The run's
// end is found a word at a time and validRun checks it at once (16 bytes
// at a time on amd64), where each letter cost a call of plainRun (which
// stops at every non-ASCII byte) and one of utf8.DecodeRuneInString.
func utf8Run(s string, i int) (int, bool) {
	j := i
	for ; j+8 <= len(s); j += 8 {
		if m := ^load64(s, j) & msb; m != 0 {
			j += bits.TrailingZeros64(m) >> 3
			break
		}
	}
	for j < len(s) && s[j] >= utf8.RuneSelf {
		j++
	}
	if validRun(s, i, j) {
		return j, true
	}
	for {
		r, n := utf8.DecodeRuneInString(s[i:j])
		if r == utf8.RuneError && n <= 1 {
			return i, false
		}
		i += n
	}
}

// specials flags (in the high bit of each byte) the bytes of x that are a
// quote, a backslash, below 0x20 or from 0x80 up. A byte whose high bit is
// clear flags only through a zero after xor or a borrow below 0x20.
func specials(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((q - lsb) | (b - lsb) | (x - lsb*0x20) | x) & msb
}

// readString reads the string at the cursor (which is at its opening quote).
func (d *Decoder) readString() (string, error) {
	s := d.str
	start := d.pos + 1
	i, found := quickRun(s, start)
	if found && s[i] == '"' {
		d.pos = i + 1
		return s[start:i], nil
	}
	for {
		i = plainRun(s, i)
		if i >= len(s) {
			d.pos = i
			return "", d.unexpected("'\"' closing the string")
		}
		c := s[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return s[start:i], nil
		case c == '\\':
			return d.readEscaped(start, i)
		case c < 0x20:
			d.pos = i
			return "", d.syntaxErr("control character in string")
		case twoByteRune(s, i):
			i += 2
		default:
			var err error
			if i, err = d.letterRun(s, i); err != nil {
				return "", err
			}
		}
	}
}

// skipString checks the string at the cursor without decoding it.
func (d *Decoder) skipString() error {
	s := d.str
	i, found := quickRun(s, d.pos+1)
	if found && s[i] == '"' {
		d.pos = i + 1
		return nil
	}
	scalar := false // true once the vector path was considered
	for {
		i = plainRun(s, i)
		if i >= len(s) {
			d.pos = i
			return d.unexpected("'\"' closing the string")
		}
		switch c := s[i]; {
		case c == '"':
			d.pos = i + 1
			return nil
		case c == '\\':
			if haveVector && !scalar {
				// A string with escapes may hold many: the vector loop
				// passes them without a call each.
				scalar = true
				if len(s)-i >= vectorMin {
					return d.skipEscapedVector(i)
				}
			}
			n, ok := escapeLen(s, i)
			if !ok {
				return d.badEscape(i)
			}
			i += n
		case c < 0x20:
			d.pos = i
			return d.syntaxErr("control character in string")
		case twoByteRune(s, i):
			i += 2
		default:
			var err error
			if i, err = d.letterRun(s, i); err != nil {
				return err
			}
		}
	}
}

// skipEscapedVector is skipString for a string with escapes, with at least
// vectorMin bytes of input left: the first backslash is at i.
// skipEscapedSSE2 passes plain text, two- and three-byte UTF-8 letters and
// two-byte escapes 16 bytes at a time; the loop here checks the rest and
// reports the same errors at the same places as the byte loop of
// skipString.
func (d *Decoder) skipEscapedVector(i int) error {
	s := d.str
	r := i
	for {
		if n := len(s) - r; n >= 16 {
			window := false
			if haveAVX2 && n >= avx2Min {
				k := skipEscapedAVX2(stringAt(s, r), n)
				r += k
				n = len(s) - r
				if k > 0 {
					// The SSE2 loop takes a window of a few blocks from
					// the one that stopped the AVX2 loop, then hands back.
					n, window = min(n, avx2Min), true
				}
			}
			if n >= 16 {
				k := skipEscapedSSE2(stringAt(s, r), n)
				r += k
				if window && k > 0 {
					continue // it may have stopped at the window's end
				}
			}
		}
		if r >= len(s) {
			d.pos = len(s)
			return d.unexpected("'\"' closing the string")
		}
		switch c := s[r]; {
		case c == '"':
			d.pos = r + 1
			return nil
		case c == '\\':
			n, ok := escapeLen(s, r)
			if !ok {
				return d.badEscape(r)
			}
			r += n
		case c < 0x20:
			d.pos = r
			return d.syntaxErr("control character in string")
		case c >= utf8.RuneSelf:
			var err error
			if r, err = d.letterRun(s, r); err != nil {
				return err
			}
		default:
			r++
		}
	}
}

// badEscape returns the error for the escape at offset i that escapeLen
// refused: the one unescape gives, so that skipping a string and decoding
// it fail alike.
func (d *Decoder) badEscape(i int) error {
	_, _, err := d.unescape(nil, i)
	return err
}

// escapeLen returns the length of the valid escape at s[i].
func escapeLen(s string, i int) (int, bool) {
	if i+1 >= len(s) {
		return 0, false
	}
	switch s[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, true
	case 'u':
		_, ok := hex4(s, i+2)
		return 6, ok
	}
	return 0, false
}

// readEscaped finishes a string that contains escapes, starting over from
// start with the first backslash at i. It finds the closing quote first so
// that the output is allocated once at its final size.
func (d *Decoder) readEscaped(start, i int) (string, error) {
	end, err := d.stringEnd(i)
	if err != nil {
		return "", err
	}
	out := make([]byte, end-start)
	copy(out, d.str[start:i])
	n, err := d.decodeEscaped(out[i-start:], i, end, false)
	if err != nil {
		return "", err
	}
	d.pos = end + 1
	if i-start+n == 0 {
		return "", nil
	}
	// out is never written again, so the string may share its memory.
	return unsafe.String(&out[0], i-start+n), nil
}

// stringEnd returns the offset of the quote that closes the string whose
// content continues at i: the first quote not escaped by an odd run of
// backslashes. Validation is left to the caller's second pass.
func (d *Decoder) stringEnd(i int) (int, error) {
	s := d.str
	for {
		q := strings.IndexByte(s[i:], '"')
		if q < 0 {
			d.pos = len(s)
			return 0, d.unexpected("'\"' closing the string")
		}
		q += i
		n := 0
		for j := q - 1; j >= i && s[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return q, nil
		}
		i = q + 1
	}
}

// unescape decodes the escape at s[i] (a backslash) onto out.
func (d *Decoder) unescape(out []byte, i int) ([]byte, int, error) {
	s := d.str
	if i+1 >= len(s) {
		d.pos = i
		return out, i, d.unexpected("an escape")
	}
	switch s[i+1] {
	case '"', '\\', '/':
		return append(out, s[i+1]), i + 2, nil
	case 'b':
		return append(out, '\b'), i + 2, nil
	case 'f':
		return append(out, '\f'), i + 2, nil
	case 'n':
		return append(out, '\n'), i + 2, nil
	case 'r':
		return append(out, '\r'), i + 2, nil
	case 't':
		return append(out, '\t'), i + 2, nil
	case 'u':
		r, ok := hex4(s, i+2)
		if !ok {
			d.pos = i
			return out, i, d.syntaxErr("invalid \\u escape")
		}
		i += 6
		if utf16.IsSurrogate(r) {
			// A high surrogate followed by a low one is one code point; a
			// lone surrogate becomes U+FFFD, as encoding/json does.
			if r2, ok := hex4(s, i+2); ok && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if c := utf16.DecodeRune(r, r2); c != utf8.RuneError {
					return utf8.AppendRune(out, c), i + 6, nil
				}
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(out, r), i, nil
	}
	d.pos = i
	return out, i, d.syntaxErr("invalid escape")
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// load64 reads 8 bytes of s at i as a little-endian word. Callers check
// that i+8 <= len(s): the load itself checks nothing.
func load64(s string, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Pointer(stringAt(s, i)))[:])
}

// load16 reads 2 bytes of s at i as a little-endian half word. Callers
// check that i+2 <= len(s).
func load16(s string, i int) uint16 {
	return binary.LittleEndian.Uint16((*[2]byte)(unsafe.Pointer(stringAt(s, i)))[:])
}

// quickRun tests the 16 bytes of s from i, where most keys and short
// strings end, without a call: it returns the offset of the first special
// byte among them and true, or i and false when there is none or fewer
// than 16 bytes remain.
func quickRun(s string, i int) (int, bool) {
	if i+16 > len(s) {
		return i, false
	}
	if m := specials(load64(s, i)); m != 0 {
		return i + bits.TrailingZeros64(m)>>3, true
	}
	if m := specials(load64(s, i+8)); m != 0 {
		return i + 8 + bits.TrailingZeros64(m)>>3, true
	}
	return i + 16, false
}

// decodeEscapedVector is decodeEscaped for long strings: unescapeSSE2
// decodes plain text, two- and three-byte UTF-8 letters and two-byte
// escapes 16 bytes at a time and leaves the rest to the loop here (\u
// escapes, four-byte runes, the closing quote, errors, the last 31 bytes,
// and plain bytes it could not store in place). In place (inPlace: dst is d.own
// from offset i), writes land before the read position. It returns the
// number of bytes written and end. An end of -1 means the closing quote is
// not known yet: decoding stops at the first quote no escape covers and
// returns its offset, and reports an unclosed string before any other
// error, as a pass ahead for the quote would have.
func (d *Decoder) decodeEscapedVector(dst []byte, i, end int, inPlace bool) (int, int, error) {
	s := d.str
	limit := end
	if end < 0 {
		limit = len(s)
	}
	w, r := 0, i
	var tmp [4]byte
	for r < limit {
		if n := limit - r; n >= 32 {
			window := false
			if haveAVX2 && n >= avx2Min {
				dw, dr := unescapeAVX2(unsafe.SliceData(dst[w:]), stringAt(s, r), n)
				w, r = w+dw, r+dr
				n = limit - r
				if dr > 0 {
					// The SSE2 loop takes a window of a few blocks from
					// the one that stopped the AVX2 loop, then hands back.
					n, window = min(n, avx2Min), true
				}
			}
			if n >= 32 {
				gap := 16 // memory of its own: stores never reach the input
				if inPlace {
					gap = r - i - w
				}
				dw, dr := unescapeSSE2(unsafe.SliceData(dst[w:]), stringAt(s, r), n, gap)
				w, r = w+dw, r+dr
				if window && dr > 0 {
					continue // it may have stopped at the window's end
				}
			}
			if r >= limit {
				break
			}
		}
		switch c := s[r]; {
		case c == '"' && end < 0:
			return w, r, nil
		case c == '\\' && r+1 < limit && simpleEscape[s[r+1]] != 0:
			dst[w] = simpleEscape[s[r+1]]
			w, r = w+1, r+2
		case c == '\\':
			out, next, err := d.unescape(tmp[:0], r)
			if err != nil {
				return 0, 0, d.unclosedFirst(r, end, err)
			}
			w += copy(dst[w:], out)
			r = next
		case c < 0x20:
			d.pos = r
			return 0, 0, d.unclosedFirst(r, end, d.syntaxErr("control character in string"))
		case c >= utf8.RuneSelf:
			// A run of runes the vector loop left (emoji, or letters
			// among the last bytes) is checked here whole and moved at
			// once.
			j, err := d.letterRun(s[:limit], r)
			if err != nil {
				return 0, 0, d.unclosedFirst(d.pos, end, err)
			}
			w += copy(dst[w:], s[r:j])
			r = j
		default:
			// Plain text the vector loop left, as a 16-byte store would
			// have overwritten input not read yet.
			j := plainRun(s[:limit], r)
			w += copy(dst[w:], s[r:j])
			r = j
		}
	}
	if end < 0 {
		d.pos = len(s)
		return 0, 0, d.unexpected("'\"' closing the string")
	}
	return w, end, nil
}

// stringAt returns a pointer to s[i], which must exist.
func stringAt(s string, i int) *byte {
	return (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}

// unclosedFirst returns err, found at offset j of a string whose end was
// not known (end < 0), unless the string is never closed: that is the
// error then, as when the closing quote is looked for first. The bytes from
// j on were not written yet.
func (d *Decoder) unclosedFirst(j, end int, err error) error {
	if end >= 0 {
		return err
	}
	pos := d.pos
	if _, e := d.stringEnd(j); e != nil {
		return e
	}
	d.pos = pos
	return err
}

// simpleEscape maps the byte after a backslash to what a two-byte escape
// stands for (0: not a two-byte escape).
var simpleEscape = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
