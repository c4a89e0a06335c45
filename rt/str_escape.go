package rt

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD;
// <, > and & are written as they are; U+2028 and U+2029 are escaped.
func AppendString(b []byte, s string) []byte {
	b, _ = appendString(b, s)
	return b
}

// appendString is AppendString that also reports whether s held invalid
// UTF-8, found in the same pass that escapes s.
func appendString(b []byte, s string) ([]byte, bool) {
	if len(s) < 16 && shortPlain(s) {
		// Most keys, ids and names: nothing to escape.
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"'), false
	}
	invalid := false
	b = slices.Grow(b, len(s)+9)
	b = append(b, '"')
	i := 0
	for {
		// Plain bytes, a word at a time, with room made first for all
		// that are left. Each word is stored whole into b's spare
		// capacity and kept up to its first special byte: the
		// bytes past it are overwritten by what follows, as every byte of
		// s left and the closing quote take at least one byte of output,
		// so nothing is left written past the result.
		if cap(b)-len(b) < len(s)-i+8 {
			b = slices.Grow(b, len(s)-i+8)
		}
		for len(s)-i >= 8 {
			n := len(b)
			x := load64(s, i)
			binary.LittleEndian.PutUint64(b[n:n+8], x)
			if m := specials(x); m != 0 {
				k := firstFlagged(m)
				b, i = b[:n+k], i+k
				break
			}
			b, i = b[:n+8], i+8
		}
		if len(s)-i < 8 {
			j := plainTail(s, i)
			b, i = append(b, s[i:j]...), j
			if i == len(s) {
				return append(b, '"'), invalid
			}
		}
		// s[i] is special. Non-ASCII text goes to appendNonASCII; a quote,
		// a backslash or a control byte is escaped here, with those that
		// follow it (a line break and the next line's indent).
		if s[i] >= utf8.RuneSelf {
			var bad bool
			b, i, bad = appendNonASCII(b, s, i)
			invalid = invalid || bad
			continue
		}
		for ; i < len(s); i++ {
			c := s[i]
			e := escapeLetter[c]
			if e == 0 {
				break
			}
			if e == 'u' {
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			} else {
				b = append(b, '\\', e)
			}
		}
	}
}

// escapeLetter maps a byte to the letter after the backslash of its escape:
// 'u' for a control byte written as \u00XX, 0 for a byte written as it is.
var escapeLetter = func() (t [256]byte) {
	for c := range 0x20 {
		t[c] = 'u'
	}
	t['"'], t['\\'], t['\n'], t['\r'], t['\t'] = '"', '\\', 'n', 'r', 't'
	return t
}()

// shortPlain reports whether s, shorter than 16 bytes, has no special byte
// (see isSpecial), testing two words that overlap when it has 8 bytes or
// more.
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

// appendNonASCII writes the run of non-ASCII bytes at s[i] as it is but
// for invalid UTF-8 (each byte at fault becomes \ufffd) and U+2028 and
// U+2029, and returns where it ends and whether it held invalid UTF-8.
func appendNonASCII(b []byte, s string, i int) ([]byte, int, bool) {
	if twoByteRune(s, i) {
		return append(b, s[i], s[i+1]), i + 2, false
	}
	j := nonASCIIEnd(s, i)
	invalid := false
	for i < j {
		n := validPrefix(s[i:j])
		b = appendLetters(b, s[i:i+n])
		if i += n; i < j {
			b = append(b, `\ufffd`...)
			i++
			invalid = true
		}
	}
	return b, j, invalid
}

// appendLetters appends run, valid UTF-8, escaping U+2028 and U+2029 (e2
// 80 a8 and e2 80 a9), which JavaScript does not take in a string literal.
func appendLetters(b []byte, run string) []byte {
	for {
		k := strings.IndexByte(run, 0xe2)
		if k < 0 || k+3 > len(run) {
			return append(b, run...)
		}
		if run[k+1] == 0x80 && run[k+2]&^1 == 0xa8 {
			b = append(b, run[:k]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[run[k+2]&0xf])
		} else {
			b = append(b, run[:k+3]...)
		}
		run = run[k+3:]
	}
}
