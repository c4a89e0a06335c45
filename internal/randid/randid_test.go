package randid

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	for _, n := range []int{0, 1, 6, 8, 100} {
		s := String(n)
		if len(s) != n || strings.Trim(s, Alphabet) != "" {
			t.Errorf("String(%d) = %q", n, s)
		}
	}
	// Every character of the alphabet turns up, and none is stuck: 36
	// characters in 20,000 draws, each expected about 555 times.
	counts := map[rune]int{}
	for _, r := range String(20000) {
		counts[r]++
	}
	for _, r := range Alphabet {
		if c := counts[r]; c < 400 || c > 720 {
			t.Errorf("%q drawn %d times in 20000, want about 555", r, c)
		}
	}
	if a, b := String(8), String(8); a == b {
		t.Error("two draws are equal")
	}
}
