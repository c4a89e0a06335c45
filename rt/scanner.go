package rt

import "unsafe"

// isSpecial reports whether c ends a plain run inside a JSON string: a
// quote, a backslash, a control byte, or the first byte of a non-ASCII
// sequence.
func isSpecial(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }

// vectorMin is the string length from which the bitmap of special bytes
// (filled with vector instructions, 1 KiB at a time) pays off: strings
// dense with escapes are then escaped and unescaped without scanning again
// after each one.
const vectorMin = 128

// fillSpecials sets bit i of bm when s[from+i] is special (see isSpecial),
// for up to 1 KiB of s, and returns where the mapped part ends.
func fillSpecials(bm *[16]uint64, s string, from int) int {
	return fillSpecialsUpTo(bm, s, from, len(bm))
}

// fillSpecialsUpTo is fillSpecials mapping at most maxGroups groups of 64
// bytes (1 to 16).
func fillSpecialsUpTo(bm *[16]uint64, s string, from, maxGroups int) int {
	groups := min((len(s)-from)>>6, maxGroups)
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
