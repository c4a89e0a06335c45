package rt

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Str reads a string value.
func (d *Decoder) Str() (string, error) {
	if d.Next() != String {
		return "", d.TypeError("string")
	}
	return d.readString()
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plainRun returns the length of the prefix of s (at most a multiple of 8
// bytes plus a tail) that holds no quote, backslash, control byte or
// non-ASCII byte, eight bytes at a time.
func plainRun(s string, i int) int {
	for i+8 <= len(s) {
		x := load64(s, i)
		q := x ^ (lsb * '"')
		b := x ^ (lsb * '\\')
		special := ((q - lsb) &^ q) | ((b - lsb) &^ b) | ((x - lsb*0x20) &^ x) | x
		if special&msb != 0 {
			break
		}
		i += 8
	}
	for i < len(s) {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		i++
	}
	return i
}

// readString reads the string at the cursor (which is at its opening quote).
func (d *Decoder) readString() (string, error) {
	s := d.str
	start := d.pos + 1
	i := start
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
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				d.pos = i
				return "", newError(i, "syntax", "invalid UTF-8 in string at offset "+itoa(i))
			}
			i += n
		}
	}
}

func (d *Decoder) skipString() error {
	_, err := d.readString()
	return err
}

// readEscaped finishes a string that contains escapes, starting over from
// start with the first backslash at i.
func (d *Decoder) readEscaped(start, i int) (string, error) {
	s := d.str
	out := make([]byte, 0, i-start+16)
	out = append(out, s[start:i]...)
	for {
		j := plainRun(s, i)
		out = append(out, s[i:j]...)
		i = j
		if i >= len(s) {
			d.pos = i
			return "", d.unexpected("'\"' closing the string")
		}
		c := s[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return string(out), nil
		case c == '\\':
			var err error
			out, i, err = d.unescape(out, i)
			if err != nil {
				return "", err
			}
		case c < 0x20:
			d.pos = i
			return "", d.syntaxErr("control character in string")
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				d.pos = i
				return "", newError(i, "syntax", "invalid UTF-8 in string at offset "+itoa(i))
			}
			out = append(out, s[i:i+n]...)
			i += n
		}
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

// load64 reads 8 bytes of s at i as a little-endian word; the compiler
// combines the byte loads into one.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
