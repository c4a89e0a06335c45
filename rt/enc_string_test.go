package rt

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// appendStringRef is AppendString written one rune at a time, the rules
// the fast paths must keep: quote, backslash, newline, return and tab get
// two-byte escapes, other control bytes \u00XX, invalid UTF-8 \ufffd, U+2028
// and U+2029 \u202X, everything else (HTML characters too) as it is.
func appendStringRef(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
		case r == utf8.RuneError && n == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// TestAppendStringAgreesWithRuneLoop puts each kind of special byte at
// every position of strings of 0 to 80 bytes, and some in long strings,
// and checks that AppendString writes what the rune loop does, appending
// to a buffer whose spare capacity it must not touch past the result.
func TestAppendStringAgreesWithRuneLoop(t *testing.T) {
	specials := []string{"\"", "\\", "\n", "\t", "\x01", "\x1f", "é", "日", "😀", "\u2028", "\u2029", "\u2027", "\u202a",
		"\xff", "\xc3", "\xe0\x80\x80", "\xed\xa0\x80", "\xe2\x82", "\xef\xbf\xbf", "<&>"}
	var inputs []string
	for n := 0; n <= 80; n++ {
		base := strings.Repeat("abcdefghij", 9)[:n]
		inputs = append(inputs, base)
		for at := 0; at <= n; at++ {
			for _, sp := range specials {
				inputs = append(inputs, base[:at]+sp+base[at:])
			}
		}
	}
	dense := strings.Repeat("ab\"c\\\n\td\x01eé😀\u2028f\xffghijklmnopqrstuvwxyz0123456789", 80)
	for _, n := range []int{127, 128, 129, 1023, 1024, 1025, len(dense)} {
		inputs = append(inputs, dense[:n], strings.Repeat("x", n)+"\n", strings.Repeat("x", n))
	}
	for run := 0; run <= 70; run++ { // plain runs of every length between escapes
		line := strings.Repeat("y", run) + "\n"
		long := strings.Repeat(line, 400/len(line)+1)
		inputs = append(inputs, long, long+"z", "\n"+long[:len(long)-1], long+"é"+long)
	}
	for _, s := range inputs {
		want := appendStringRef([]byte("[1,"), s)
		buf := make([]byte, len(want)+64)
		for i := range buf {
			buf[i] = 0xAA
		}
		buf = append(buf[:0], "[1,"...)
		got := AppendString(buf, s)
		if string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
		}
		if &got[0] != &buf[0] {
			t.Fatalf("AppendString(%q) grew a buffer that had room", s)
		}
		for i, c := range got[len(got):cap(got)] {
			if c != 0xAA {
				t.Fatalf("AppendString(%q) wrote 0x%02x at %d, past the result", s, c, len(got)+i)
			}
		}
		if got := AppendString(nil, s); string(got) != string(want[3:]) {
			t.Fatalf("AppendString(nil, %q) = %q, want %q", s, got, want[3:])
		}
	}
}

// FuzzAppendString holds AppendString to the rune loop on any input, with
// and without spare capacity after the result: go test -fuzz AppendString ./rt.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c\nd\te\x01", strings.Repeat("x\n", 40), strings.Repeat("é😀\u2028\xff", 9),
		strings.Repeat("日本語\u2029\xe0\x80\x80\xed\xa0\x80€", 9)} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, s string, spare int) {
		want := appendStringRef(nil, s)
		spare = max(0, min(spare, 4096))
		buf := make([]byte, 0, len(want)+spare)
		got := AppendString(buf, s)
		if string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
		}
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Fatalf("AppendString(nil, %q) = %q, want %q", s, got, want)
		}
	})
}

// TestAppendStringLetterAtEveryOffset ends runs of letters, at every
// offset, in a letter that is whole, cut short or wrong, followed by plain
// text, an escape or more letters: the run's end, found a word at a time,
// must not cut a letter short or pass a fault.
func TestAppendStringLetterAtEveryOffset(t *testing.T) {
	letters := []string{"日", "é", "😀", "\xe6", "\xe6\x97", "\xc3", "\xf0\x9f", "\xf0\x9f\x98", "\xe2\x80\xa8", "\xed\xa0\x80"}
	after := []string{strings.Repeat("z", 70), "\n" + strings.Repeat("z", 69), strings.Repeat("本", 24), "", "\x80\x80" + strings.Repeat("z", 68)}
	for pad := range 100 {
		for _, kind := range []string{"x", "日"} {
			head := strings.Repeat(kind, pad/len(kind)) + strings.Repeat("a", pad%len(kind))
			for _, l := range letters {
				for _, a := range after {
					s := head + l + a
					if got, want := AppendString(nil, s), appendStringRef(nil, s); string(got) != string(want) {
						t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
					}
				}
			}
		}
	}
}

// TestAppendStringLetterMixes holds AppendString to the rune loop on long
// strings of random letters (two-, three- and four-byte ones, U+2028 and
// the em dash, whose lead byte they share), ASCII, bytes to escape and
// invalid UTF-8, so that every letter, fault and escape falls at every
// offset of an 8-byte word.
func TestAppendStringLetterMixes(t *testing.T) {
	pieces := []string{"ж", "日本語のテキスト", "😀", "é", "\u2028", "\u2029", "—", "abc", "x", "\n", "\"", "\x01",
		"\xff", "\x80", "\xe6\x97", "\xed\xa0\x80", "\xf0\x9f\x98"}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 4000 {
		var b strings.Builder
		for n := 16 + rng.IntN(300); b.Len() < n; {
			k := rng.IntN(len(pieces))
			if i%2 == 0 {
				k = rng.IntN(4) // letters only: blocks the UTF-8 check takes whole
			}
			b.WriteString(pieces[k])
		}
		s := b.String()
		if got, want := AppendString(nil, s), appendStringRef(nil, s); string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestAppendStringLastBlock holds the end of a string to the rune loop:
// strings of letters and plain text of every length from 16 to 140
// bytes, each special byte at every position among their last 34, where
// the word loop stores whole words into the spare capacity (see
// appendPlain) and then hands the last bytes to plainRun. They are
// appended to buffers with room for the result and a little or a lot
// more, neither grown nor touched past the result.
func TestAppendStringLastBlock(t *testing.T) {
	specials := []string{"", "\"", "\n", "\x01", "é", "日", "😀", "\u2028", "\xff", "\xe6\x97", "\xed\xa0\x80", "a"}
	for _, unit := range []string{"日", "é", "ab日", "x"} {
		for n := 16; n <= 140; n++ {
			base := strings.Repeat(unit, n/len(unit)+1)[:n]
			for at := max(0, n-34); at <= n; at++ {
				for _, sp := range specials {
					s := base[:at] + sp + base[at:]
					want := appendStringRef(nil, s)
					for _, room := range []int{len(s)/16 + 18, len(s)/16 + 60} {
						buf := make([]byte, len(want)+room)
						for i := range buf {
							buf[i] = 0xAA
						}
						got := AppendString(buf[:0], s)
						if string(got) != string(want) {
							t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
						}
						if &got[0] != &buf[0] {
							t.Fatalf("AppendString(%q) grew a buffer with room for the result and %d bytes more", s, room)
						}
						for i, c := range got[len(got):cap(got)] {
							if c != 0xAA {
								t.Fatalf("AppendString(%q) wrote 0x%02x at %d, past the result", s, c, len(got)+i)
							}
						}
					}
				}
			}
		}
	}
}

// TestAppendStringFromEveryStart holds AppendString to the rune loop on
// text of letters or of ASCII with one letter cut short, wrong, or in need
// of an escape, or one byte to escape, at every offset of its first 80
// bytes, and on every suffix of each from its first 40 bytes: each fault
// lands at every offset of a word and of a run of letters.
func TestAppendStringFromEveryStart(t *testing.T) {
	faults := []string{"\xe6", "\xe6\x97", "\xf0\x9f\x98", "\xc3", "\x80", "\xff", "\xe2\x80\xa8", "\"", "\n", "\x01", "\\",
		"\xe6\x97\n", "\xff\"", "\u2028\t", "é\n"}
	for _, kind := range []string{"日本語のテキスト", "plain text, ", "é"} {
		base := strings.Repeat(kind, 100/len(kind)+1)
		for at := range 80 {
			if !utf8.RuneStart(base[at]) {
				continue
			}
			for _, f := range faults {
				s := base[:at] + f + base[at:] + strings.Repeat("z", 70)
				for start := range 40 {
					if got, want := AppendString(nil, s[start:]), appendStringRef(nil, s[start:]); string(got) != string(want) {
						t.Fatalf("AppendString(%q) = %q, want %q", s[start:], got, want)
					}
				}
			}
		}
	}
}
