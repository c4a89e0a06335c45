package textclip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBytes(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"abcdef", 3, "abc…"},
		{"ééé", 3, "é…"}, // é is 2 bytes: a cut at 3 falls inside the second
		{"abc", 0, "…"},
		{"abc", -1, "…"},
	}
	for _, tt := range tests {
		if got := Bytes(tt.s, tt.n); got != tt.want {
			t.Errorf("Bytes(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
	long := strings.Repeat("日本", 100)
	if got := Bytes(long, 50); !utf8.ValidString(got) || len(got) > 50+len(Ellipsis) {
		t.Errorf("Bytes of CJK = %q", got)
	}
}

func TestRunes(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"abcdef", 4, "abc…"},
		{"日本語テキスト", 4, "日本語…"},
		{"abc", 1, "…"},
		{"abc", 0, ""},
	}
	for _, tt := range tests {
		if got := Runes(tt.s, tt.n); got != tt.want {
			t.Errorf("Runes(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}
