package rt

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidPrefix holds validPrefix and nonASCIIEnd to unicode/utf8 on
// runs of non-ASCII bytes: letters of two to four bytes with a fault (a
// byte cut off, a stray continuation byte, an overlong form, a surrogate,
// a rune past U+10FFFF, a byte that is never UTF-8) at every offset, the
// run's first and last bytes included.
func TestValidPrefix(t *testing.T) {
	letters := []string{"é", "ж", "日", "本", "😀", "\u2028", "\U0010ffff", "\u0800", "\u0080"}
	faults := []string{"\xe6", "\xe6\x97", "\xf0\x9f\x98", "\xc3", "\x80", "\xbf", "\xff", "\xc0\xaf", "\xe0\x80\x80",
		"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80"}
	rng := rand.New(rand.NewPCG(5, 6))
	check := func(run string) {
		// ASCII on each side, as the string loops meet runs.
		s := "a" + run + "z"
		if got := nonASCIIEnd(s, 1); got != len(s)-1 {
			t.Fatalf("nonASCIIEnd(%q, 1) = %d, want %d", s, got, len(s)-1)
		}
		want := 0 // the first rune at fault, by utf8.DecodeRuneInString
		for want < len(run) {
			r, n := utf8.DecodeRuneInString(run[want:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			want += n
		}
		if got := validPrefix(run); got != want {
			t.Fatalf("validPrefix(%q) = %d, want %d", run, got, want)
		}
	}
	for i := range 3000 {
		var b strings.Builder
		for n := rng.IntN(100); b.Len() < n; {
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
