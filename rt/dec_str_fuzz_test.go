package rt

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzStringPaths decodes one string value every way the Decoder can: in
// place (StrShared after Reset), into new memory (Str, and StrShared after
// ResetString), and skipped, and holds them to one another: the same value or the same error at the same
// offset, and the value after the string left intact. Valid input is also
// held to encoding/json.
func FuzzStringPaths(f *testing.F) {
	long := strings.Repeat(`\tif err := f(x); err != nil {\n\t\treturn fmt.Errorf(\"x %d: %w\", n, err)\n\t}\n`, 6)
	japanese := strings.Repeat(`東京の天気は晴れです。\n明日は雨が降るでしょう。\t`, 4)
	french := strings.Repeat(`Le café où j'ai déjeuné était fermé; la crème brûlée attendra.\n`, 4)
	for _, s := range []string{`plain`, `a\nb`, long, long[:77] + `\u00e9` + long, long + "\x01", long + `\x`, long + "é😀\xff", `\\\\\"\"` + long,
		french, french[:90] + "\xc3(" + french, french[:47] + "\xc0\x80" + french, french[:63] + "\xdf" + french, "日本語\\n" + french,
		japanese, japanese[:30] + "\xe0\x80\x80" + japanese, japanese[:33] + "\xed\xa0\x80" + japanese, japanese[:36] + "\xe2\x82" + japanese} {
		f.Add(s)
	}
	f.Fuzz(checkStringPaths)
}

// TestStringPathsEscapeMixes holds the paths of FuzzStringPaths to one
// another on long strings of random escapes, plain runs and letters (one
// in three of letters only), half of them with one fault put in at a
// random byte, so that every escape, letter and error falls at every
// offset of an 8-byte word, and some words end in a backslash or in the
// middle of a letter.
func TestStringPathsEscapeMixes(t *testing.T) {
	escapes := []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\ud83d\ude00`}
	plain := []string{"a", "bc", "def", "ghij", "klmnopq", "rstuvwxyzABCDEF", "é", "日", "жизнь", "日本語のテキスト", "😀", "\u2028", "—"}
	faults := []string{"\"", "\x01", "\x1f", "\xff", "\xc3", `\x`, `\u12`, `\ud800`, `\`,
		"\x80", "\xc0\xaf", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xe6\x97", "\xf0\x9f\x98"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 4000 {
		var b strings.Builder
		for n := 32 + rng.IntN(200); b.Len() < n; {
			// Mostly two-byte escapes and ASCII text.
			if k := rng.IntN(20); k < len(escapes) && i%3 != 2 {
				b.WriteString(escapes[k])
			} else if k < 16 && i%3 != 2 {
				b.WriteString(plain[rng.IntN(6)])
			} else {
				// Letters, and (one string in three) letters only:
				// long runs the UTF-8 check takes whole.
				b.WriteString(plain[6+rng.IntN(len(plain)-6)])
			}
		}
		content := b.String()
		if i%2 == 1 {
			at := rng.IntN(len(content) + 1)
			content = content[:at] + faults[rng.IntN(len(faults))] + content[at:]
		}
		checkStringPaths(t, content)
	}
}

// TestStringPathsEscapeAtEveryOffset puts an escape, valid or not, at
// every offset of the first words of a long string, with runs of escapes
// after it and plain text before, and at every offset of its last words,
// where the word loops leave the tail to the byte loop: an escape whose
// backslash ends a word has its letter in the next one, and decoding in
// place stores whole words only where they reach no byte not read yet.
func TestStringPathsEscapeAtEveryOffset(t *testing.T) {
	escapes := []string{`\n`, `\"`, `\\`, `\/`, `\x`, `\u00e9`, `\u12`, `\`, "\\\x01", "\\é"}
	escaped := strings.Repeat(`\t\n\"\/\b\f\r`, 12)
	tails := []string{escaped, strings.Repeat("b", 170), `\\` + escaped, strings.Repeat("日本語のテキスト", 8)}
	for at := range 48 {
		for _, esc := range escapes {
			for _, tail := range tails {
				// At the head of the string, after plain text or escapes
				// (decoding starts at the first backslash).
				checkStringPaths(t, `\f`+strings.Repeat("a", at)+esc+tail)
				checkStringPaths(t, strings.Repeat(`\n`, at/2)+strings.Repeat("a", at%2)+esc+tail)
			}
		}
	}
	// Near its end, where the word loops stop, at every alignment.
	for pad := range 16 {
		for at := range 24 {
			for _, esc := range escapes {
				for _, tail := range tails {
					head := `\f` + strings.Repeat("a", pad) + tail
					checkStringPaths(t, head+esc+strings.Repeat("z", at))
					checkStringPaths(t, head+esc+strings.Repeat(`\n`, at/2)+strings.Repeat("z", at%2))
				}
			}
		}
	}
}

// checkStringPaths is FuzzStringPaths' check of one string's content.
func checkStringPaths(t *testing.T, content string) {
	doc := `["` + content + `","after"]`
	type result struct {
		s   string
		err string
		at  int
	}
	read := func(how string) result {
		var d Decoder
		if how == "in place" {
			d.Reset([]byte(doc))
		} else {
			d.ResetString(doc)
		}
		if err := d.ArrStart(); err != nil {
			t.Fatal(err)
		}
		if ok, err := d.ArrNext(0); !ok || err != nil {
			t.Fatal(ok, err)
		}
		var s string
		var err error
		switch how {
		case "skip":
			err = d.Skip()
		case "copy":
			s, err = d.Str()
		default:
			s, err = d.StrShared()
		}
		if err != nil {
			return result{err: err.Error(), at: d.Offset()}
		}
		if ok, err := d.ArrNext(1); !ok || err != nil {
			return result{err: "no value after the string", at: d.Offset()}
		}
		if after, err := d.Str(); err != nil || after != "after" {
			return result{err: "the value after the string reads " + after, at: d.Offset()}
		}
		return result{s: s, at: d.Offset()}
	}
	var results []result
	for _, how := range []string{"in place", "copy", "shared string", "skip"} {
		r := read(how)
		if how == "skip" {
			r.s = results[0].s
		}
		results = append(results, r)
	}
	for _, r := range results[1:] {
		if r != results[0] {
			t.Fatalf("%q: the paths disagree: %+v", content, results)
		}
	}
	var want string
	if err := json.Unmarshal([]byte(`"`+content+`"`), &want); err == nil && utf8.ValidString(content) {
		if results[0].err != "" || results[0].s != want {
			t.Fatalf("%q: decoded %+v, encoding/json reads %q", content, results[0], want)
		}
	} else if results[0].err == "" && utf8.ValidString(content) {
		t.Fatalf("%q: decoded %q, encoding/json refuses it: %v", content, results[0].s, err)
	}
}

// TestStringPathsFaultAtEveryPlace puts a fault (a control byte, invalid
// UTF-8, a bad escape, a stray quote or backslash) at the start, the end
// and places between of a long string dense with escapes, and holds the
// paths of FuzzStringPaths to one another: skipping a string fails with
// the error and at the offset that decoding it does.
func TestStringPathsFaultAtEveryPlace(t *testing.T) {
	body := strings.Repeat(`abc\n\"é\\ \u00e9x`, 100)
	checkStringPaths(t, body)
	checkStringPaths(t, body+`\"`)
	for _, bad := range []string{"\x01", "\xff", "\xc3", `\x`, `\u1g`, `\`, `"`} {
		for _, at := range []int{0, 7, 8, 500, len(body) - 1, len(body)} {
			checkStringPaths(t, body[:at]+bad+body[at:])
		}
	}
}
