//go:build amd64 && !purego

package rt

import (
	"unicode/utf8"

	"golang.org/x/sys/cpu"
)

// haveVector selects the vector scans. Every amd64 processor has SSE2, which
// they use; tests turn it off to compare them with the word loops.
var haveVector = true

// Whole blocks: when every special byte of a 16-byte block is a backslash
// or the letter of a two-byte escape (no "\\", no \u, no quote closing the
// string, no control or non-ASCII byte), skipEscapedSSE2 checks the block
// at once and unescapeSSE2 decodes it at once, with no branch per escape;
// when they are all non-ASCII, the block is checked as UTF-8 at once (see
// utf8Lookup) by those two and by escapeSSE2. All of this looks bytes up
// with PSHUFB, which SSSE3 brings; nearly every amd64 processor has it,
// and the others take the loops per escape and per letter. Tests turn
// wholeBlocks off to compare the two.
var wholeBlocks = cpu.X86.HasSSSE3

// haveAVX2 selects the AVX2 loops for long runs of whole blocks, 32 bytes
// at a time: of plain bytes and simple escapes when decoding and skipping
// (unescapeAVX2, skipEscapedAVX2), of plain text and letters when encoding
// (escapeAVX2); the SSE2 loops take every other block. Tests turn it off
// to compare the two.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasSSSE3

// UTF-8 blocks: a block whose special bytes are all non-ASCII is checked
// as UTF-8 at once (UTF8BLOCK), by the lookup algorithm of Keiser and
// Lemire ("Validating UTF-8 in less than one instruction per byte", 2021):
// three PSHUFB lookups classify each byte with the one before it, and two
// saturating subtractions tell where a third or fourth byte of a sequence
// must be. Decoding and skipping take the block as starting a letter; a
// letter that the block's last three bytes leave unfinished is left to the
// next block. The encoder and utf8ValidSSE check each block with the three
// bytes before it (UTF8PREV), so a block may start inside a letter.
// utf8Lookup holds the three tables: by the high nibble of the byte
// before, by its low nibble, and by the high nibble of the byte itself.
// Each bit names an error the pair can make (see utf8Tables); a byte's
// three entries share a bit exactly when the pair makes that error.
// utf8Sub holds what UTF8BLOCK subtracts (saturating) from the byte two
// and three before to tell a third (from e0) or fourth (from f0) byte of a
// sequence: 0x60 and 0x70, so that only those keep their high bit.
// utf8High is 0x80 in every byte and utf8E2 0xe2 (the lead byte of U+2028
// and U+2029, which the encoder escapes); utf8Unfinished is what the last three
// bytes of a block must exceed to be the lead byte of a letter that ends
// past it (f0, e0 and c0 up), 0xff before them, and utf8Unfinished32 is
// the same for a 32-byte block.
var (
	utf8Lookup       = utf8Tables()
	utf8Sub          = [2][16]byte{fill16(0xe0 - 0x80), fill16(0xf0 - 0x80)}
	utf8High         = fill16(0x80)
	utf8E2           = fill16(0xe2)
	utf8Unfinished   = [16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf}
	utf8Unfinished32 = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf}
)

func fill16(c byte) (b [16]byte) {
	for i := range b {
		b[i] = c
	}
	return b
}

func utf8Tables() (t [3][16]byte) {
	const (
		tooShort     = 1 << 0 // a lead byte, then no continuation byte
		tooLong      = 1 << 1 // an ASCII byte, then a continuation byte
		overlong3    = 1 << 2 // e0, then 80-9f
		tooLarge     = 1 << 3 // f4 then 90-bf, or f5-ff
		surrogate    = 1 << 4 // ed, then a0-bf
		overlong2    = 1 << 5 // c0 or c1
		tooLarge1000 = 1 << 6 // f5-ff, then 80-8f
		overlong4    = 1 << 6 // f0, then 80-8f
		twoConts     = 1 << 7 // two continuation bytes
		carry        = tooShort | tooLong | twoConts
	)
	for i := range 16 {
		switch {
		case i < 8:
			t[0][i] = tooLong
		case i < 12:
			t[0][i] = twoConts
		case i == 12:
			t[0][i] = tooShort | overlong2
		case i == 13:
			t[0][i] = tooShort
		case i == 14:
			t[0][i] = tooShort | overlong3 | surrogate
		default:
			t[0][i] = tooShort | tooLarge | tooLarge1000 | overlong4
		}
		switch {
		case i == 0:
			t[1][i] = carry | overlong3 | overlong2 | overlong4
		case i == 1:
			t[1][i] = carry | overlong2
		case i < 4:
			t[1][i] = carry
		case i == 4:
			t[1][i] = carry | tooLarge
		case i == 13:
			t[1][i] = carry | tooLarge | tooLarge1000 | surrogate
		default:
			t[1][i] = carry | tooLarge | tooLarge1000
		}
		switch {
		case i < 8 || i >= 12:
			t[2][i] = tooShort
		case i == 8:
			t[2][i] = tooLong | overlong2 | twoConts | overlong3 | tooLarge1000 | overlong4
		case i == 9:
			t[2][i] = tooLong | overlong2 | twoConts | overlong3 | tooLarge
		default:
			t[2][i] = tooLong | overlong2 | twoConts | surrogate | tooLarge
		}
	}
	return t
}

// escIndex maps each letter of a two-byte escape other than the backslash
// (" / b f n r t) to its own slot of escLetter and escByte: bits 1-4 of the
// letter xor bits 3-6. escLetter holds the letter of each slot, so a byte
// is such a letter when escLetter at its escIndex is the byte itself (the
// slots no letter maps to hold 'b', which maps elsewhere); escByte holds
// what the letter's escape stands for.
func escIndex(c byte) byte { return (c>>1 ^ c>>3) & 0x0f }

var escLetter, escByte = escTables()

func escTables() (letter, value [16]byte) {
	for i := range letter {
		letter[i] = 'b'
	}
	for _, c := range []byte(`"/bfnrt`) {
		letter[escIndex(c)] = c
		value[escIndex(c)] = simpleEscape[c]
	}
	return letter, value
}

// dropBytes drops the bytes of an 8-byte quarter or half of a block named
// by a byte mask m. dropBytes[0][m] and dropBytes[1][m] are PSHUFB controls
// for the low half and for the high half of a 16-byte register: each lists,
// in order, the indexes of the bytes whose bit in m is clear, then repeats
// the last index of the half (7 or 15) up to eight entries.
// dropBytes[2][m] is how many bytes it keeps. The unescape loops store each
// half as eight bytes and advance by that count, so the bytes past those
// kept are overwritten by the next store; no store reaches past the block,
// whose bytes were all read before. Each table has word entries, so that a
// loop finds an entry with the mask as a scaled index.
var dropBytes = dropTable()

func dropTable() (t [3][256]uint64) {
	for m := range 256 {
		var low, high uint64
		k := 0
		for i := range 8 {
			if m&(1<<i) == 0 {
				low |= uint64(i) << (8 * k)
				high |= uint64(i+8) << (8 * k)
				k++
			}
		}
		for j := k; j < 8; j++ {
			low |= 7 << (8 * j)
			high |= 15 << (8 * j)
		}
		t[0][m], t[1][m], t[2][m] = low, high, uint64(k)
	}
	return t
}

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
// Bytes of dst past the written ones are not meaningful. back is how many
// bytes of the string lie before src: blocks of letters are checked with
// the three bytes before them.
//
//go:noescape
func escapeSSE2(dst *byte, room int, src *byte, n, back int) (w, r int)

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

// escapeAVX2 is escapeSSE2 for blocks of plain text and valid UTF-8
// letters other than U+2028 and U+2029, 32 bytes at a time, each block
// checked with the three bytes before it (back must be 3 or more); a
// quote, backslash, newline, return or tab is written as its two-byte
// escape after the sound bytes before it in its block. It stops at any other
// block, when fewer than 32 bytes of src or 34 of room are left, at the
// start of a letter left unfinished, and returns how many bytes it wrote
// and read.
//
//go:noescape
func escapeAVX2(dst *byte, room int, src *byte, n, back int) (w, r int)

// validRun tells whether s[i:j], a run of non-ASCII bytes with no
// continuation byte after it, is valid UTF-8: 16 bytes at a time with
// utf8ValidSSE when the run is 32 bytes or more, with utf8.ValidString
// otherwise. It reads nothing before i: decoding in place, the bytes
// there may be written already.
func validRun(s string, i, j int) bool {
	if haveVector && wholeBlocks && j-i >= 32 {
		return utf8ValidSSE(stringAt(s, i), j-i)
	}
	return utf8.ValidString(s[i:j])
}

// utf8ValidSSE tells whether p[:n] (n >= 32), a run of non-ASCII bytes
// with no continuation byte after it, is valid UTF-8, each 16-byte block
// checked with the three bytes before it (UTF8PREV; the first block with
// ASCII taken for them).
//
//go:noescape
func utf8ValidSSE(p *byte, n int) bool

// unescapeAVX2 decodes the string content src[:n] (n >= 33) into dst
// 32 bytes at a time while each block holds only plain bytes and simple
// escapes (no \\, no \u), as unescapeSSE2 decodes its whole blocks, and
// returns how many bytes it wrote and read: it stops at the first other
// block or when fewer than 33 bytes are left. dst may be the memory of
// src (decoding in place); no store reaches input not read yet.
//
//go:noescape
func unescapeAVX2(dst, src *byte, n int) (w, r int)

// skipEscapedAVX2 passes the string content p[:n] (n >= 32) 32 bytes at
// a time while each block holds only plain bytes and simple escapes, and
// returns the index of the first byte it did not pass.
//
//go:noescape
func skipEscapedAVX2(p *byte, n int) int

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
