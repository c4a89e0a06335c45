package rt

import (
	"testing"
	"unicode/utf8"
)

// TestInvalidUTF8 compares InvalidUTF8 with unicode/utf8 on strings that
// put every kind of sequence, valid and not, at every offset of a word.
func TestInvalidUTF8(t *testing.T) {
	pieces := []string{"a", "é", "日本", "\u2028", "😀", "\xff", "\xe3\x81", "\xed\xa0\x80", "\xe0\x80\xaf", "\xf4\x90\x80\x80", "\xc0\xaf", "\x80", "0123456789abcdef"}
	for pad := 0; pad < 9; pad++ {
		for _, p := range pieces {
			for _, q := range pieces {
				s := "01234567"[:pad] + p + "xyz" + q + "日本語のテキスト"
				if got, want := InvalidUTF8(s), firstFault(s); got != want {
					t.Errorf("InvalidUTF8(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}

// FuzzInvalidUTF8 checks InvalidUTF8 against unicode/utf8.
func FuzzInvalidUTF8(f *testing.F) {
	f.Add("日本語\xffabc")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := InvalidUTF8(s), firstFault(s); got != want {
			t.Fatalf("InvalidUTF8(%q) = %d, want %d", s, got, want)
		}
	})
}

// firstFault is the offset of the first byte unicode/utf8 decodes as an
// error, or -1.
func firstFault(s string) int {
	for i, r := range s {
		if _, n := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
			return i
		}
	}
	return -1
}
