package rt

import (
	"math/bits"
	"strings"
)

// Scanning string content. Most bytes of a JSON string are copied as they
// are, both ways; a byte needs attention only when it is a quote, a
// backslash, a control byte or the first byte of a non-ASCII sequence. The
// scans find such bytes eight at a time: a word of input is loaded and
// specials flags them in its high bits, so that a run of plain text costs
// a few instructions per word and no branch per byte.

const (
	lsb = 0x0101010101010101 // 0x01 in every byte
	msb = 0x8080808080808080 // the high bit of every byte
)

// isSpecial reports whether c ends a plain run inside a JSON string: a
// quote, a backslash, a control byte, or the first byte of a non-ASCII
// sequence.
func isSpecial(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }

// specials flags (in the high bit of each byte) the bytes of x that are a
// quote, a backslash, below 0x20 or from 0x80 up. A byte equal to c turns
// to zero when xored with c, and subtracting 1 from a zero byte sets its
// high bit; subtracting 0x20 sets it in a byte below 0x20; a byte from
// 0x80 up has it already. A subtraction may borrow from the byte above a
// flagged one and flag that too, but never a byte below the lowest flagged
// one: the lowest flagged byte is always a true hit, and callers only use
// that one.
func specials(x uint64) uint64 {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	return ((q - lsb) | (b - lsb) | (x - lsb*0x20) | x) & msb
}

// firstFlagged returns the index of the lowest byte flagged in m (m != 0).
func firstFlagged(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// load64 reads the 8 bytes of s at i as a little-endian word. The slice
// expression checks the bounds once; the compiler turns the eight byte
// loads into one.
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// quickRun tests the 16 bytes of s from i, where most keys and short
// strings end, without a call: it returns the offset of the first special
// byte among them and true, or i+16 and false when there is none, or i and
// false when fewer than 16 bytes remain.
func quickRun(s string, i int) (int, bool) {
	if i+16 > len(s) {
		return i, false
	}
	if m := specials(load64(s, i)); m != 0 {
		return i + firstFlagged(m), true
	}
	if m := specials(load64(s, i+8)); m != 0 {
		return i + 8 + firstFlagged(m), true
	}
	return i + 16, false
}

// plainRun returns the offset of the first special byte (see isSpecial) at
// or after i, or len(s). Most runs are short (a key, the text between two
// escapes), so it looks at two words one by one before it goes four words
// per step. The loops step through t, the rest of s, and load at fixed
// offsets of it, which lets the compiler drop the bounds checks.
func plainRun(s string, i int) int {
	t := s[i:]
	for k := 0; k < 2 && len(t) >= 8; k++ {
		if m := specials(load64(t, 0)); m != 0 {
			return len(s) - len(t) + firstFlagged(m)
		}
		t = t[8:]
	}
	for len(t) >= 32 {
		m0, m1 := specials(load64(t, 0)), specials(load64(t, 8))
		m2, m3 := specials(load64(t, 16)), specials(load64(t, 24))
		if m0|m1|m2|m3 != 0 {
			at := len(s) - len(t)
			switch {
			case m0 != 0:
				return at + firstFlagged(m0)
			case m1 != 0:
				return at + 8 + firstFlagged(m1)
			case m2 != 0:
				return at + 16 + firstFlagged(m2)
			}
			return at + 24 + firstFlagged(m3)
		}
		t = t[32:]
	}
	for len(t) >= 8 {
		if m := specials(load64(t, 0)); m != 0 {
			return len(s) - len(t) + firstFlagged(m)
		}
		t = t[8:]
	}
	return plainTail(s, len(s)-len(t))
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
			return i + firstFlagged(m)
		}
		return len(s)
	}
	for i < len(s) && !isSpecial(s[i]) {
		i++
	}
	return i
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
