package rt

import (
	"math/bits"
	"unsafe"
)

// isSpecial reports whether c ends a plain run inside a JSON string: a
// quote, a backslash, a control byte, or the first byte of a non-ASCII
// sequence.
func isSpecial(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }

// vectorMin is the string length from which the vector scanner pays off.
const vectorMin = 128

// specialScanner finds the special bytes of a long string from a bitmap
// that the vector instructions fill 1 KiB at a time, so that strings with
// many escapes are not scanned again after each one.
type specialScanner struct {
	s         string
	base, end int // bm covers s[base:end]
	bm        [16]uint64
}

// fill maps s[from:] (up to 1 KiB of it).
func (sc *specialScanner) fill(from int) {
	sc.base = from
	sc.end = fillSpecials(&sc.bm, sc.s, from)
}

// fillSpecials sets bit i of bm when s[from+i] is special (see isSpecial),
// for up to 1 KiB of s, and returns where the mapped part ends.
func fillSpecials(bm *[16]uint64, s string, from int) int {
	groups := min((len(s)-from)>>6, len(bm))
	if groups > 0 {
		specialMask64((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), from)), groups, &bm[0])
		return from + groups<<6
	}
	var m uint64
	for i := from; i < len(s); i++ {
		if isSpecial(s[i]) {
			m |= 1 << uint(i-from)
		}
	}
	bm[0] = m
	return len(s)
}

// next returns the position of the first special byte at or after from, or
// len(s).
func (sc *specialScanner) next(from int) int {
	for from < len(sc.s) {
		if from < sc.base || from >= sc.end {
			sc.fill(from)
		}
		off := from - sc.base
		w := off >> 6
		if m := sc.bm[w] >> uint(off&63); m != 0 {
			return from + bits.TrailingZeros64(m)
		}
		words := (sc.end - sc.base + 63) >> 6
		for w++; w < words; w++ {
			if m := sc.bm[w]; m != 0 {
				return sc.base + w<<6 + bits.TrailingZeros64(m)
			}
		}
		from = sc.end
	}
	return len(sc.s)
}
