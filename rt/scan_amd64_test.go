//go:build amd64 && !purego

package rt

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/sys/cpu"
)

// TestSkipLongEscapedStringAgreesWithByteLoop checks that Skip, which
// checks a long string with escapes with the vector loop, accepts and
// refuses what the byte loop does, with the same error at the same offset,
// wherever the fault sits.
func TestSkipLongEscapedStringAgreesWithByteLoop(t *testing.T) {
	if !haveVector {
		t.Skip("vector scans are off: Skip takes the byte loop only, which the other tests cover")
	}
	body := strings.Repeat(`abc\n\"é\\ \u00e9x`, 100)
	docs := []string{`"` + body + `"`, `"` + body + `\"` + `"`, `"` + body}
	for _, bad := range []string{"\x01", "\xff", "\xc3", `\x`, `\u1g`, `\`, `"`} {
		for _, at := range []int{0, 7, 8, 500, len(body) - 1, len(body)} {
			docs = append(docs, `"`+body[:at]+bad+body[at:]+`"`, `["`+body[:at]+bad+body[at:]+`",1]`)
		}
	}
	for _, doc := range docs {
		skip := func() (string, int) {
			d := NewDecoder([]byte(doc))
			err := d.Skip()
			if err == nil {
				err = d.End()
			}
			if err == nil {
				return "", d.Offset()
			}
			return err.Error(), d.Offset()
		}
		gotErr, gotPos := skip()
		haveVector = false
		wantErr, wantPos := skip()
		haveVector = true
		if gotErr != wantErr || gotPos != wantPos {
			t.Errorf("%.60q...: vector loop %q at %d, byte loop %q at %d", doc, gotErr, gotPos, wantErr, wantPos)
		}
	}
}

// TestAppendStringWithoutVector runs the AppendString checks on the word
// loops that other platforms use.
// TestAppendStringWithoutAVX2 runs the encoder's tests on the SSE2 loop
// alone, where the processor has AVX2 (elsewhere it is what the others run).
func TestAppendStringWithoutAVX2(t *testing.T) {
	setAVX2(false)
	defer setAVX2(true)
	TestAppendStringAgreesWithRuneLoop(t)
	TestAppendStringLetterMixes(t)
	TestAppendStringLetterAtEveryOffset(t)
}

func TestAppendStringWithoutVector(t *testing.T) {
	haveVector = false
	defer func() { haveVector = true }()
	TestAppendStringAgreesWithRuneLoop(t)
	TestStringRoundTripLong(t)
}

// setVector turns the vector loops on or off, for tests that compare them
// with the word loops.
func setVector(on bool) { haveVector = on }

// setWholeBlocks turns the vector loops' whole blocks (of escapes, of
// letters) on or off: off, every escape and letter takes the loop per
// escape or letter. They stay off on a processor without SSSE3.
func setWholeBlocks(on bool) { wholeBlocks = on && cpu.X86.HasSSSE3 }

// setAVX2 turns the AVX2 loops on or off. They stay off on a processor
// without AVX2.
func setAVX2(on bool) { haveAVX2 = on && cpu.X86.HasAVX2 && cpu.X86.HasSSSE3 }

// TestEscTables checks that escLetter and escIndex tell the letters of the
// two-byte escapes (other than the backslash) from every other byte, and
// that escByte holds what each stands for.
func TestEscTables(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		isLetter := escLetter[escIndex(b)] == b
		if want := simpleEscape[b] != 0 && b != '\\'; isLetter != want {
			t.Errorf("byte %#x: taken for a letter %v, want %v", b, isLetter, want)
		}
		if isLetter && escByte[escIndex(b)] != simpleEscape[b] {
			t.Errorf("\\%c stands for %#x, escByte holds %#x", b, simpleEscape[b], escByte[escIndex(b)])
		}
	}
}

// utf8BlockGo is what UTF8BLOCK computes, in Go, for tests: the mask of
// the bytes of block that are in error as UTF-8 (the block taken as
// starting a letter) and the offset of the lead byte of a letter the block
// leaves unfinished (16 when none). Only errors up to that offset count: an
// error is flagged at the byte after the one at fault, so an error at the
// lead byte left is one of the letter before it.
func utf8BlockGo(block [16]byte) (errors uint32, end int) {
	at := func(i int) byte {
		if i < 0 {
			return 0
		}
		return block[i]
	}
	sub := func(a, b byte) byte {
		if a < b {
			return 0
		}
		return a - b
	}
	for i := range 16 {
		prev1, prev2, prev3 := at(i-1), at(i-2), at(i-3)
		special := utf8Lookup[0][prev1>>4] & utf8Lookup[1][prev1&0x0f] & utf8Lookup[2][block[i]>>4]
		must23 := (sub(prev2, 0xe0-0x80) | sub(prev3, 0xf0-0x80)) & 0x80
		if special^must23 != 0 {
			errors |= 1 << i
		}
	}
	end = 16
	for i, least := range []byte{0xf0, 0xe0, 0xc0} {
		if block[13+i] >= least {
			end = 13 + i
			break
		}
	}
	return errors, end
}

// TestUTF8BlockGo holds the UTF-8 block check (in its Go form, which the
// assembly computes the same way) to utf8.Valid: every sequence of one to
// four bytes from a set that covers each byte class and every boundary of
// the valid ranges, put at the start of a block of ASCII and at its end,
// is accepted exactly when it is valid, and a lead byte whose sequence
// would end past the block is left to the next one.
func TestUTF8BlockGo(t *testing.T) {
	var set []byte
	for _, c := range []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf7, 0xf8, 0xff} {
		set = append(set, c)
	}
	var seqs [][]byte
	for _, a := range set {
		seqs = append(seqs, []byte{a})
		for _, b := range set {
			seqs = append(seqs, []byte{a, b})
			for _, c := range set {
				seqs = append(seqs, []byte{a, b, c})
				for _, d := range set {
					seqs = append(seqs, []byte{a, b, c, d})
				}
			}
		}
	}
	for _, seq := range seqs {
		// At the start, followed by ASCII: the block is complete.
		var block [16]byte
		for i := range block {
			block[i] = 'a'
		}
		copy(block[:], seq)
		errs, end := utf8BlockGo(block)
		if end != 16 {
			t.Fatalf("% x at the start: the block leaves a letter at %d unfinished", seq, end)
		}
		if valid := utf8.Valid(block[:]); (errs == 0) != valid {
			t.Fatalf("% x at the start: errors %016b, utf8.Valid %v", seq, errs, valid)
		}
		// At the end, after ASCII: what the block takes is block[:end],
		// and the rest is the start of a letter it cannot finish.
		for i := range block {
			block[i] = 'a'
		}
		copy(block[16-len(seq):], seq)
		errs, end = utf8BlockGo(block)
		if end < 16 {
			errs &= 1<<(end+1) - 1
		}
		taken, rest := block[:end], block[end:]
		if valid := utf8.Valid(taken); (errs == 0) != valid {
			t.Fatalf("% x at the end: errors %016b before %d, utf8.Valid of what is taken %v", seq, errs, end, valid)
		}
		// What it leaves is a lead byte whose sequence would end past the
		// block (two bytes from c0, three from e0, four from f0): the
		// next block checks it.
		if len(rest) > 0 && (rest[0] < 0xc0 || len(rest) >= 2+int(rest[0]>>4&1)+int(rest[0]>>5&1)) {
			t.Fatalf("% x at the end: the block leaves % x, which ends in it", seq, rest)
		}
	}
}

// TestEscapeAVX2TakesOnlyPlainLetters holds escapeAVX2 to what it may
// pass, from every start and for a letter cut short, wrong or needing an
// escape at every offset, alone or before a byte with a two-byte escape:
// the bytes it read are valid UTF-8, stopping short of a letter left
// unfinished, and need no escape but the two-byte ones, and it wrote them
// as they are but for those.
func TestEscapeAVX2TakesOnlyPlainLetters(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2 on this processor: escapeAVX2 is never called")
	}
	faults := []string{"\xe6", "\xe6\x97", "\xf0\x9f\x98", "\xc3", "\x80", "\xff", "\xe2\x80\xa8", "\"", "\n", "\x01", "\\"}
	for _, kind := range []string{"日本語のテキスト", "plain text, ", "é"} {
		for at := range 80 {
			base := strings.Repeat(kind, 100/len(kind)+1)
			if !utf8.RuneStart(base[at]) {
				continue
			}
			for _, f := range append(faults, "\xe6\x97\n", "\xff\"", "\u2028\t", "é\n") {
				s := base[:at] + f + base[at:] + strings.Repeat("z", 70)
				for start := 3; start < 40; start++ {
					dst := make([]byte, len(s)+64)
					w, r := escapeAVX2(&dst[0], len(dst), stringAt(s, start), len(s)-start, start)
					read := s[start : start+r]
					var want []byte
					for _, c := range []byte(read) {
						if e := shortEscape[c]; e != 0 {
							want = append(want, '\\', e)
						} else {
							want = append(want, c)
						}
					}
					if string(dst[:w]) != string(want) {
						t.Fatalf("%q from %d: wrote %q for %q", s, start, dst[:w], read)
					}
					from := start // the start of the letter it starts in
					for from > start-3 && !utf8.RuneStart(s[from]) {
						from--
					}
					if r > 0 && at >= start && !utf8.ValidString(s[from:start+r]) {
						t.Fatalf("%q from %d: passed invalid UTF-8 %q", s, start, read)
					}
					if strings.ContainsAny(read, "\x01\u2028") {
						t.Fatalf("%q from %d: passed a byte Go code escapes in %q", s, start, read)
					}
				}
			}
		}
	}
}

// TestUTF8ValidSSE holds utf8ValidSSE to utf8.ValidString on runs of
// non-ASCII bytes: letters of two to four bytes with a fault (a byte cut
// off, a stray continuation byte, an overlong form, a surrogate, a rune
// past U+10FFFF, a byte that is never UTF-8) at every offset, the run's
// first and last bytes included.
func TestUTF8ValidSSE(t *testing.T) {
	if !cpu.X86.HasSSSE3 {
		t.Skip("no SSSE3 on this processor: utf8ValidSSE is never called")
	}
	letters := []string{"é", "ж", "日", "本", "😀", "\u2028", "\U0010ffff", "\u0800", "\u0080"}
	faults := []string{"\xe6", "\xe6\x97", "\xf0\x9f\x98", "\xc3", "\x80", "\xbf", "\xff", "\xc0\xaf", "\xe0\x80\x80",
		"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80"}
	rng := rand.New(rand.NewPCG(5, 6))
	check := func(run string) {
		// An ASCII byte on each side, as the decoder's runs have.
		s := "a" + run + "z"
		if got, want := utf8ValidSSE(stringAt(s, 1), len(run)), utf8.ValidString(run); got != want {
			t.Fatalf("utf8ValidSSE(%q) = %v, want %v", run, got, want)
		}
	}
	for i := range 3000 {
		var b strings.Builder
		for n := 32 + rng.IntN(100); b.Len() < n; {
			b.WriteString(letters[rng.IntN(len(letters))])
		}
		run := b.String()
		check(run)
		if i%3 != 0 {
			at := rng.IntN(len(run) + 1)
			check(run[:at] + faults[rng.IntN(len(faults))] + run[at:])
		}
	}
	base := strings.Repeat("日本", 12)
	for _, f := range faults {
		for cut := range 4 {
			check(f + base[cut:])
			check(base[:len(base)-cut] + f)
		}
	}
}
