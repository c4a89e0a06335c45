package rt

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

func naivePlainRun(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
		i++
	}
	return i
}

// TestPlainRunAgreesWithByteLoop checks the word scan against a
// byte-at-a-time loop for every special byte at every position of strings
// up to 200 bytes long, from every start.
func TestPlainRunAgreesWithByteLoop(t *testing.T) {
	specials := []byte{'"', '\\', 0, 0x1f, 0x80, 0xff, '\n'}
	plain := []byte{' ', 'a', '~', 0x7f, '!', 0x20, '[', ']'}
	for n := 0; n <= 200; n++ {
		for pos := -1; pos < n; pos++ {
			b := []byte(strings.Repeat("a", n))
			for i := range b {
				b[i] = plain[(i*7+n)%len(plain)]
			}
			for _, sp := range specials {
				if pos >= 0 {
					b[pos] = sp
				}
				s := string(b)
				for start := 0; start <= n; start += 1 + start/8 {
					if got, want := plainRun(s, start), naivePlainRun(s, start); got != want {
						t.Fatalf("len %d special %#x at %d from %d: got %d, want %d", n, sp, pos, start, got, want)
					}
				}
			}
		}
	}
}

func TestPlainRunRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for k := 0; k < 20000; k++ {
		// Every other string is long and has few special bytes, so that
		// runs pass many words.
		n, rate := r.Intn(300), 200
		if k%2 == 1 {
			n, rate = r.Intn(96), 128
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(0x20 + r.Intn(0x5f))
			if r.Intn(rate) == 0 {
				b[i] = byte(r.Intn(256))
			}
		}
		s := string(b)
		start := 0
		if len(s) > 0 {
			start = r.Intn(len(s))
		}
		if got, want := plainRun(s, start), naivePlainRun(s, start); got != want {
			t.Fatalf("%q from %d: got %d, want %d", s, start, got, want)
		}
	}
}

// TestStringRoundTripLong exercises the word loops of AppendString and
// StrShared on long strings dense with escapes and non-ASCII text.
func TestStringRoundTripLong(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	pieces := []string{"a", "plain text ", "\n", "\"", "\\", "\t", "\x01", "é", "😀", "\u2028", "/", "<&>"}
	for k := 0; k < 3000; k++ {
		var b strings.Builder
		n := r.Intn(600)
		if k%10 == 0 {
			n = 1000 + r.Intn(2500) // long strings, through many words
		}
		for b.Len() < n {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		enc := AppendString(nil, s)
		var viaStd string
		if err := json.Unmarshal(enc, &viaStd); err != nil || viaStd != s {
			t.Fatalf("AppendString(%q) = %s: encoding/json reads %q, %v", s, enc, viaStd, err)
		}
		for _, in := range [][]byte{enc, mustMarshal(t, s)} {
			got, err := NewDecoder(in).StrShared()
			if err != nil || got != s {
				t.Fatalf("StrShared(%s) = %q, %v; want %q", in, got, err, s)
			}
		}
	}
}

func mustMarshal(t *testing.T, s string) []byte {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLongEscapedStringErrors checks that StrShared, which decodes in
// place, refuses what Str refuses, wherever the fault sits.
func TestLongEscapedStringErrors(t *testing.T) {
	body := strings.Repeat(`abc\n\"é`, 200)
	for _, bad := range []string{"\x01", "\xff", "\xc3", `\x`, `\u1g`} {
		for _, at := range []int{0, 7, 500, len(body) - 1} {
			in := `"` + body[:at] + bad + body[at:] + `"`
			_, errShared := NewDecoder([]byte(in)).StrShared()
			_, errStr := NewDecoder([]byte(in)).Str()
			if errShared == nil || errStr == nil {
				t.Errorf("%q at %d: StrShared %v, Str %v; want both to fail", bad, at, errShared, errStr)
			}
		}
	}
}
