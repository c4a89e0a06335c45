package rt

import "unicode/utf8"

// Checking UTF-8. Both directions meet non-ASCII text as runs of bytes from
// 0x80 up between ASCII bytes. No valid sequence holds an ASCII byte, so a
// run can be checked on its own: nonASCIIEnd finds its end a word at a
// time and validPrefix checks it letter by letter.

// twoByteRune reports whether s[i:] starts with a valid two-byte UTF-8
// sequence (U+0080 to U+07FF: the accented letters of Latin scripts, Greek,
// Cyrillic, Hebrew, Arabic), which the string loops take on the spot.
func twoByteRune(s string, i int) bool {
	return i+1 < len(s) && s[i]-0xc2 < 0xe0-0xc2 && s[i+1]&0xc0 == 0x80
}

// nonASCIIEnd returns the offset of the first ASCII byte at or after i, or
// len(s).
func nonASCIIEnd(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := ^load64(s, i) & msb; m != 0 {
			return i + firstFlagged(m)
		}
	}
	for i < len(s) && s[i] >= utf8.RuneSelf {
		i++
	}
	return i
}

// validPrefix returns the length of the longest prefix of run that is
// valid UTF-8 and ends between two runes: len(run) when run is valid, and
// otherwise the offset of the first rune at fault. Two-byte letters, and
// three-byte ones whose lead byte has no exception (not e0, whose second
// byte must be a0 or more, nor ed, whose second byte must be below a0:
// most of the Basic Multilingual Plane, CJK included), are checked on the
// spot; unicode/utf8 checks the others.
func validPrefix(run string) int {
	i := 0
	for i < len(run) {
		c := run[i]
		switch {
		case c-0xc2 < 0xe0-0xc2 && i+1 < len(run) && run[i+1]&0xc0 == 0x80:
			i += 2
		case c-0xe1 < 0xf0-0xe1 && c != 0xed && i+2 < len(run) && run[i+1]&0xc0 == 0x80 && run[i+2]&0xc0 == 0x80:
			i += 3
		default:
			r, n := utf8.DecodeRuneInString(run[i:])
			if r == utf8.RuneError && n == 1 {
				return i
			}
			i += n
		}
	}
	return i
}

// letterRun passes the run of non-ASCII bytes at s[i] for the decoder: it
// returns the offset of the ASCII byte after it (or len(s)), or moves the
// cursor to the first rune at fault and returns the error for it.
func (d *Decoder) letterRun(s string, i int) (int, error) {
	j := nonASCIIEnd(s, i)
	if n := validPrefix(s[i:j]); i+n < j {
		d.pos = i + n
		return 0, newError(i+n, "syntax", "invalid UTF-8 in string")
	}
	return j, nil
}

// InvalidUTF8 returns the offset of the first byte of s that does not
// start valid UTF-8, or -1 when all of s is valid UTF-8. ASCII is passed a
// word at a time and non-ASCII runs are checked as the decoder checks
// them; generated Validate methods call it on every Go string they check.
func InvalidUTF8(s string) int {
	i := 0
	for {
		for ; i+8 <= len(s); i += 8 {
			if m := load64(s, i) & msb; m != 0 {
				i += firstFlagged(m)
				break
			}
		}
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		if i == len(s) {
			return -1
		}
		j := nonASCIIEnd(s, i)
		if n := validPrefix(s[i:j]); i+n < j {
			return i + n
		}
		i = j
	}
}
