package rt

import (
	"encoding/binary"
	"slices"
	"strings"
)

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD;
// <, > and & are written as they are; U+2028 and U+2029 are escaped.
func AppendString(b []byte, s string) []byte {
	if len(s) < 16 && shortPlain(s) {
		// Most keys, ids and names: nothing to escape.
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	b = slices.Grow(b, len(s)+2)
	b = append(b, '"')
	i := 0
	for {
		b, i = appendPlain(b, s, i)
		if i == len(s) {
			return append(b, '"')
		}
		b, i = appendSpecial(b, s, i)
	}
}

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

// appendPlain copies the plain bytes of s from i up to the next special
// byte (see isSpecial) and returns where it stopped. Between escapes a run
// is often shorter than a word: the first word is stored whole into b's
// spare capacity, where the bytes past a special byte are overwritten by
// what follows (every byte of s left and the closing quote take at least
// one byte of output, so nothing is left written past the result). Longer
// runs are found by plainRun and copied at once.
func appendPlain(b []byte, s string, i int) ([]byte, int) {
	if n := len(b); len(s)-i >= 8 && cap(b)-n >= 8 {
		x := load64(s, i)
		binary.LittleEndian.PutUint64(b[n:n+8], x)
		if m := specials(x); m != 0 {
			k := firstFlagged(m)
			return b[:n+k], i + k
		}
		b, i = b[:n+8], i+8
	}
	j := plainRun(s, i)
	return append(b, s[i:j]...), j
}

// appendSpecial writes the special byte at s[i]: an ASCII byte as its
// escape, a run of non-ASCII bytes as it is but for invalid UTF-8 (each
// byte at fault becomes \ufffd) and U+2028 and U+2029. It returns where
// the plain text resumes.
func appendSpecial(b []byte, s string, i int) ([]byte, int) {
	switch c := s[i]; {
	case c == '"' || c == '\\':
		return append(b, '\\', c), i + 1
	case c == '\n':
		return append(b, '\\', 'n'), i + 1
	case c == '\r':
		return append(b, '\\', 'r'), i + 1
	case c == '\t':
		return append(b, '\\', 't'), i + 1
	case c < 0x20:
		return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf]), i + 1
	case twoByteRune(s, i):
		return append(b, c, s[i+1]), i + 2
	}
	j := nonASCIIEnd(s, i)
	for i < j {
		n := validPrefix(s[i:j])
		b = appendLetters(b, s[i:i+n])
		if i += n; i < j {
			b = append(b, `\ufffd`...)
			i++
		}
	}
	return b, j
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
