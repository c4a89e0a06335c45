//go:build amd64 && !purego

package rt

// haveVector selects the vector scans. Every amd64 processor has SSE2, which
// they use; tests turn it off to compare them with the word loops.
var haveVector = true

// plainRunSSE2 returns the index of the first byte of p[:n] that is a
// quote, a backslash, below 0x20 or from 0x80 up, looking at whole 16-byte
// blocks only; it returns the start of the first block it did not look at
// (a multiple of 16) when it finds none.
//
//go:noescape
func plainRunSSE2(p *byte, n int) int

// copyPlainSSE2 copies src[:n] (n >= 16) to dst, 16 bytes per step, up to
// the first special byte (see isSpecial), and returns its index, or n when
// there is none. dst must have room for n bytes: the block holding the
// special byte is copied whole, so bytes of dst past the returned index are
// not meaningful.
//
//go:noescape
func copyPlainSSE2(dst, src *byte, n int) int

// escapeSSE2 copies src[:n] to dst (which has room bytes) 16 bytes per
// step, writing a quote, backslash, newline, return or tab as its two-byte
// escape (see shortEscape) and a valid two- or three-byte UTF-8 sequence
// other than U+2028 and U+2029 as it is. It stops at any other special
// byte, when fewer than 16 bytes of src are left, or when fewer than 18
// bytes of room are left, and returns how many bytes it wrote and read.
// Bytes of dst past the written ones are not meaningful.
//
//go:noescape
func escapeSSE2(dst *byte, room int, src *byte, n int) (w, r int)

// unescapeSSE2 decodes the string content src[:n] (n >= 32) into dst, 16
// bytes per step: plain bytes and valid two- and three-byte UTF-8 sequences
// are copied and two-byte escapes written as the byte they stand for. It
// stops at any other special byte or when fewer than 32 bytes are left, and
// returns how many bytes it wrote and read. gap is how many bytes dst lies
// before src when they are the same memory (decoding in place), 16 or more
// when dst is memory of its own; no store reaches input not read yet. dst
// needs room for n bytes.
//
//go:noescape
func unescapeSSE2(dst, src *byte, n, gap int) (w, r int)

// skipEscapedSSE2 passes the string content p[:n] (n >= 16) 16 bytes per
// step over plain bytes, valid two- and three-byte UTF-8 sequences and
// two-byte escapes, and returns the index of the first byte it did not
// pass: any other special byte, or the start of a tail of fewer than 16
// bytes.
//
//go:noescape
func skipEscapedSSE2(p *byte, n int) int

// plainRunVector scans s from i with SSE2, 16 bytes per step; it returns
// the position of the first special byte, or where the remaining tail of
// fewer than 16 bytes starts.
func plainRunVector(s string, i int) int {
	if !haveVector || len(s)-i < 32 {
		return i
	}
	return i + plainRunSSE2(stringAt(s, i), len(s)-i)
}
