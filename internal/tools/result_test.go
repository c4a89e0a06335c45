package tools

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCutUTF8(t *testing.T) {
	s := "aé日😀"
	for n := 0; n <= len(s)+1; n++ {
		got := cutUTF8(s, n)
		if len(got) > n || !utf8.ValidString(got) || !strings.HasPrefix(s, got) {
			t.Errorf("cutUTF8(%q, %d) = %q", s, n, got)
		}
		tail := cutUTF8Tail(s, n)
		if len(tail) > n || !utf8.ValidString(tail) || !strings.HasSuffix(s, tail) {
			t.Errorf("cutUTF8Tail(%q, %d) = %q", s, n, tail)
		}
	}
	if got := cutUTF8(s, 6); got != "aé日" {
		t.Errorf("cutUTF8(%q, 6) = %q", s, got)
	}
}

func TestFinishTruncates(t *testing.T) {
	for _, unit := range []string{"x", "é", "日", "😀"} {
		out := strings.Repeat(unit, MaxOutputBytes+1)
		res := finish(out, false)
		if !res.Truncated || len(res.Output) > MaxOutputBytes || !utf8.ValidString(res.Output) {
			t.Errorf("%s: truncated=%v len=%d valid=%v", unit, res.Truncated, len(res.Output), utf8.ValidString(res.Output))
		}
		if !strings.Contains(res.Output, "[output truncated") {
			t.Errorf("%s: no truncation note", unit)
		}
	}
	if res := finish("short", false); res.Output != "short" || res.Truncated {
		t.Errorf("finish(short) = %+v", res)
	}
	if res := finish(strings.Repeat("x", MaxOutputBytes), false); res.Truncated {
		t.Error("output of exactly MaxOutputBytes was truncated")
	}
}
