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

// TestEncoderInvalidStrings checks that Key, Str and Text count the
// strings with invalid UTF-8 they write, and write them as AppendString
// does; that with a hook Text counts the string it was given, not what the
// hook made of it; and that Hooked counts as Text does.
func TestEncoderInvalidStrings(t *testing.T) {
	var e Encoder
	for _, s := range []string{"", "plain", "é and 日本", "a long string of plain text, then ü"} {
		e.Key(true, s)
		e.Str(s)
		e.Text("k", s)
	}
	if n := e.InvalidStrings(); n != 0 {
		t.Fatalf("valid strings counted %d times", n)
	}
	for i, s := range []string{"\xff", "a\xc3", "a long string of plain text, then \xed\xa0\x80", "\xe2\x80"} {
		e.Reset()
		e.Key(true, s)
		e.Str(s)
		e.Text("k", s)
		if n := e.InvalidStrings(); n != 3*(i+1) {
			t.Fatalf("%q: count %d, want %d", s, n, 3*(i+1))
		}
		q := string(AppendString(nil, s))
		if want := q + ":" + q + q; string(e.Buf) != want {
			t.Fatalf("%q: wrote %s, want %s", s, e.Buf, want)
		}
	}
	hooked := Encoder{Hook: func(_, s string) string { return s[1:] }}
	hooked.Text("k", "\xffok")
	if n := hooked.InvalidStrings(); n != 1 || string(hooked.Buf) != `"ok"` {
		t.Fatalf("hook over invalid text: count %d, wrote %s", n, hooked.Buf)
	}
	hooked.Reset()
	hooked.Text("k", "é") // the hook leaves its second byte
	if n := hooked.InvalidStrings(); n != 1 || string(hooked.Buf) != `"\ufffd"` {
		t.Fatalf("hook making invalid text: count %d, wrote %s, want the first count only and U+FFFD", n, hooked.Buf)
	}
	if s := hooked.Hooked("k", "\xc0ab"); s != "ab" || hooked.InvalidStrings() != 2 {
		t.Fatalf("Hooked: %q, count %d", s, hooked.InvalidStrings())
	}
	var plain Encoder
	if s := plain.Hooked("k", "\xff"); s != "\xff" || plain.InvalidStrings() != 0 {
		t.Fatalf("Hooked without a hook: %q, count %d, want the string back uncounted", s, plain.InvalidStrings())
	}
}
