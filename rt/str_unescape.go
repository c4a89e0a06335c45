package rt

import (
	"encoding/binary"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeEscaped decodes the string content from s[i], its first escape,
// into dst and returns the number of bytes written and end, the offset of
// the closing quote. dst holds enough bytes: decoded text is never longer
// than its escaped form. dst may be the decoder's own copy of those very
// bytes (StrShared decodes in place), so no store may reach a byte not
// read yet; see the word loop.
//
// end is -1 when the closing quote is not known yet (StrShared): decoding
// stops at the first quote that no escape covers. Such a string may never
// be closed, which is then the error, as when the quote is looked for
// first (Str; see unclosedFirst).
func (d *Decoder) decodeEscaped(dst []byte, i, end int) (int, int, error) {
	s := d.str
	if end >= 0 {
		s = s[:end]
	}
	w, r := 0, i
	for {
		// Plain bytes, a word at a time. A word is stored whole at dst[w:]:
		// in place, that is the input from i+w, and i+w <= r. When the word
		// is plain it is consumed whole, so the store reaches only bytes
		// read already. When it holds a special byte, only the bytes before
		// it are consumed and the rest is read again, so the word is
		// stored whole only when it lands 8 bytes or more before r.
		for len(s)-r >= 8 {
			x := load64(s, r)
			m := specials(x)
			if m == 0 {
				binary.LittleEndian.PutUint64(dst[w:w+8], x)
				w, r = w+8, r+8
				continue
			}
			k := firstFlagged(m)
			if r-w-i >= 8 {
				binary.LittleEndian.PutUint64(dst[w:w+8], x)
			} else {
				copy(dst[w:w+k], s[r:r+k])
			}
			w, r = w+k, r+k
			break
		}
		if len(s)-r < 8 {
			// The last bytes: those up to the next special byte.
			j := plainTail(s, r)
			w += copy(dst[w:], s[r:j])
			r = j
			if r == len(s) {
				break
			}
		}
		// s[r] is special. A two-byte escape, the most common, is decoded
		// here; the closing quote ends the string; decodeRare takes the
		// rest.
		if c := s[r]; c == '\\' && r+1 < len(s) && simpleEscape[s[r+1]] != 0 {
			dst[w] = simpleEscape[s[r+1]]
			w, r = w+1, r+2
			continue
		} else if c == '"' {
			return w, r, nil // end < 0: with end known, no quote is left unescaped before it
		}
		var err error
		if w, r, err = d.decodeRare(dst, w, s, r); err != nil {
			return 0, 0, d.unclosedFirst(d.pos, end, err)
		}
	}
	if end < 0 {
		d.pos = len(s)
		return 0, 0, d.unexpected("'\"' closing the string")
	}
	return w, end, nil
}

// decodeRare decodes the special byte at s[r] that decodeEscaped leaves: a
// \u escape (or an invalid one), a control byte (an error) or a run of
// non-ASCII bytes, which must be valid UTF-8. It writes at dst[w:] no more
// bytes than it reads, and returns where writing and reading go on. On an
// error the cursor is at the byte at fault.
func (d *Decoder) decodeRare(dst []byte, w int, s string, r int) (int, int, error) {
	switch c := s[r]; {
	case c == '\\':
		var tmp [4]byte
		out, next, err := d.unescape(tmp[:0], r)
		if err != nil {
			return 0, 0, err
		}
		return w + copy(dst[w:], out), next, nil
	case c < 0x20:
		d.pos = r
		return 0, 0, d.syntaxErr("control character in string")
	case twoByteRune(s, r):
		dst[w], dst[w+1] = s[r], s[r+1]
		return w + 2, r + 2, nil
	}
	j, err := d.letterRun(s, r)
	if err != nil {
		return 0, 0, err
	}
	return w + copy(dst[w:], s[r:j]), j, nil
}

// unclosedFirst returns err, found at offset j of a string whose end was
// not known (end < 0), unless the string is never closed: that is the
// error then, as when the closing quote is looked for first. Decoding in
// place has not written the bytes from j on. A backslash just before j
// ends an escape, so looking for the quote from j counts the backslashes
// before a quote as looking from the string's start does.
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

// simpleEscape maps the byte after a backslash to what a two-byte escape
// stands for (0: not a two-byte escape).
var simpleEscape = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
