package rt

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSkipAcceptsValidJSON(t *testing.T) {
	for _, in := range []string{
		`0`, `-0`, `1.5e+10`, `-12.25E-3`, `"a"`, `""`, `"\u00e9\ud83d\ude00\n\"\\\/"`, `true`, `false`, `null`,
		`[]`, `[1,2,[3,{}]]`, `{}`, ` { "a" : [ 1 , { "b" : null } ] } `, "\t\r\n[\n]\n",
		`"é€😀"`, `{"a":1,"A":2}`,
	} {
		d := NewDecoder([]byte(in))
		if err := d.Skip(); err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if err := d.End(); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestSkipRejects(t *testing.T) {
	for _, tc := range []struct{ in, keyword, msg string }{
		{``, "syntax", "unexpected end of input"},
		{`01`, "syntax", "trailing data"},
		{`1.`, "syntax", "digit after '.'"},
		{`1e`, "syntax", "digit in the exponent"},
		{`+1`, "syntax", "unexpected '+'"},
		{`.5`, "syntax", "unexpected '.'"},
		{`NaN`, "syntax", "unexpected 'N'"},
		{`tru`, "syntax", "invalid literal"},
		{`nul`, "syntax", "invalid literal"},
		{`[1,]`, "syntax", "unexpected ']'"},
		{`[1 2]`, "syntax", "want ',' or ']'"},
		{`{"a":1,}`, "syntax", "want a key"},
		{`{"a" 1}`, "syntax", "want ':'"},
		{`{a:1}`, "syntax", "want a key or '}'"},
		{`{"a":1,"a":2}`, "duplicate", `key "a" appears more than once`},
		{`"abc`, "syntax", "closing the string"},
		{"\"a\tb\"", "syntax", "control character"},
		{`"\x"`, "syntax", "invalid escape"},
		{`"\u12"`, "syntax", "invalid \\u escape"},
		{"\"\xff\"", "syntax", "invalid UTF-8"},
		{"\xef\xbb\xbf{}", "syntax", "unexpected byte 0xef"},
		{"{}\x00", "syntax", "trailing data"},
		{strings.Repeat("[", DefaultMaxDepth+1) + strings.Repeat("]", DefaultMaxDepth+1), "depth", "nesting deeper than 1000"},
	} {
		d := NewDecoder([]byte(tc.in))
		err := d.Skip()
		if err == nil {
			err = d.End()
		}
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: got %v, want an *Error", tc.in, err)
			continue
		}
		if e.Keyword != tc.keyword || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: got %s, want keyword %s and message containing %q", tc.in, e, tc.keyword, tc.msg)
		}
	}
}

func TestStrDecodesEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`:                   "plain",
		`"a\nb"`:                    "a\nb",
		`"\u00e9"`:                  "é",
		`"\ud83d\ude00"`:            "😀",
		`"\ud83d"`:                  "\ufffd",
		`"\ud83dx"`:                 "\ufffdx",
		`"\"\\\/\b\f\n\r\t"`:        "\"\\/\b\f\n\r\t",
		`"long plain text \\ done"`: "long plain text \\ done",
	} {
		for _, shared := range []bool{false, true} {
			d := NewDecoder([]byte(in))
			read := d.Str
			if shared {
				read = d.StrShared
			}
			got, err := read()
			if err != nil || got != want {
				t.Errorf("%s (shared %v): got %q, %v; want %q", in, shared, got, err, want)
			}
		}
	}
}

// TestStrSharedLeavesLaterValuesIntact decodes escapes in place and checks
// that values after the string still read correctly.
func TestStrSharedLeavesLaterValuesIntact(t *testing.T) {
	in := []byte(`["a\n\u00e9\ud83d\ude00b", "next", 12]`)
	orig := string(in)
	d := NewDecoder(in)
	if err := d.ArrStart(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; ; i++ {
		ok, err := d.ArrNext(i)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if d.Next() == String {
			s, err := d.StrShared()
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		} else {
			lit, _ := d.NumLit()
			got = append(got, lit)
		}
	}
	if strings.Join(got, "|") != "a\né😀b|next|12" {
		t.Fatalf("got %q", got)
	}
	if string(in) != orig {
		t.Fatal("the caller's input was modified")
	}
}

func TestIntAndFloat(t *testing.T) {
	for in, want := range map[string]int64{`0`: 0, `-7`: -7, `1.0`: 1, `1e2`: 100, `1.5e1`: 15, `9223372036854775807`: 1<<63 - 1, `-9223372036854775808`: -1 << 63} {
		got, err := NewDecoder([]byte(in)).Int()
		if err != nil || got != want {
			t.Errorf("Int(%s) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, msg := range map[string]string{`1.5`: "want integer", `9223372036854775808`: "does not fit in int64", `1e400000`: "outside the range", `"1"`: "got string"} {
		_, err := NewDecoder([]byte(in)).Int()
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Int(%s): got %v, want %q", in, err, msg)
		}
	}
	if _, _, err := NewDecoder([]byte(`1e400`)).Float(); err == nil || !strings.Contains(err.Error(), "does not fit in float64") {
		t.Errorf("Float(1e400): %v", err)
	}
}

func TestAppendStringRoundTrips(t *testing.T) {
	for _, s := range []string{"", "plain", "quote\" back\\ nl\n tab\t ctl\x01", "é😀", "\u2028\u2029", "<&>"} {
		b := AppendString(nil, s)
		var got string
		if err := json.Unmarshal(b, &got); err != nil || got != s {
			t.Errorf("%q -> %s -> %q %v", s, b, got, err)
		}
	}
	if got := string(AppendString(nil, "a\xffb")); got != `"a\ufffdb"` {
		t.Errorf("invalid UTF-8 written as %s", got)
	}
}

func TestResetKeepsMaxDepth(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`[]`))
	if d.MaxDepth != DefaultMaxDepth {
		t.Fatalf("MaxDepth of a zero Decoder after Reset = %d, want %d", d.MaxDepth, DefaultMaxDepth)
	}
	d.MaxDepth = 2
	for _, in := range []string{`[[1]]`, `[[[1]]]`} {
		d.Reset([]byte(in))
		err := d.Skip()
		if d.MaxDepth != 2 {
			t.Fatalf("Reset changed MaxDepth to %d, want 2", d.MaxDepth)
		}
		if deep := strings.Count(in, "[") > 2; deep != (err != nil) {
			t.Errorf("%s with MaxDepth 2: err = %v", in, err)
		}
	}
}

// FuzzSkip checks the scanner against encoding/json: whatever json.Valid
// refuses, Skip refuses; whatever Skip accepts, json.Valid accepts. Skip is
// stricter on purpose for duplicate keys, invalid UTF-8 and depth.
func FuzzSkip(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `"x\u00e9"`, `-1.5e3`, `[`, `{"a":1,"a":2}`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	// Long strings with escapes, which the decoder's word loops take.
	long := strings.Repeat(`ab\n\"é\u00e9 `, 20)
	f.Add([]byte(`["` + long + `",{"k":"` + long + `"}]`))
	f.Add([]byte(`"a\n` + long))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := NewDecoder(b)
		err := d.Skip()
		if err == nil {
			err = d.End()
		}
		valid := json.Valid(b)
		if err == nil && !valid {
			t.Fatalf("Skip accepted %q, which encoding/json refuses", b)
		}
		if err != nil && valid {
			e := err.(*Error)
			if e.Keyword == "duplicate" || e.Keyword == "depth" || (strings.Contains(e.Msg, "UTF-8") && !utf8.Valid(b)) {
				return
			}
			t.Fatalf("Skip refused %q, which encoding/json accepts: %v", b, err)
		}
	})
}

func TestLongKeysAreClippedInMessages(t *testing.T) {
	long := strings.Repeat("k", 1<<20)
	d := NewDecoder([]byte(`{"` + long + `":1,"` + long + `":2}`))
	if err := d.Skip(); err == nil || len(err.Error()) > 200 {
		t.Errorf("duplicate 1 MiB key: %d-byte message", len(err.Error()))
	}
}

func TestResetStringKeepsMaxDepthAndReadsWithoutCopying(t *testing.T) {
	var d Decoder
	d.MaxDepth = 1
	d.ResetString(`[[1]]`)
	if err := d.Skip(); err == nil || err.(*Error).Keyword != "depth" {
		t.Errorf("Skip over depth 2 with MaxDepth 1: %v, want a depth error", err)
	}
	d.MaxDepth = 0
	d.ResetString(`{"a":[1]}`)
	if d.MaxDepth != DefaultMaxDepth {
		t.Errorf("MaxDepth %d after ResetString on a zero limit, want %d", d.MaxDepth, DefaultMaxDepth)
	}
	if err := d.ObjStart(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.ObjKey(0); err != nil {
		t.Fatal(err)
	}
	m := d.Mark()
	if err := d.ArrStart(); err != nil || d.Depth() != 2 {
		t.Fatalf("ArrStart: %v, depth %d, want 2", err, d.Depth())
	}
	d.Rewind(m)
	if d.Depth() != 1 || d.Span(d.Start()) != "" {
		t.Fatalf("after Rewind: depth %d", d.Depth())
	}
	raw, err := d.RawString()
	if err != nil || raw != "[1]" {
		t.Errorf("RawString after Rewind = %q, %v; want [1]", raw, err)
	}
}

// TestStrSharedRunsBetweenEscapes decodes in place long strings whose
// plain runs between escapes are 0 to 80 bytes long, so that every length
// and every distance between the write and read positions is met by the
// copies, and checks each string and the value after it against
// encoding/json.
func TestStrSharedRunsBetweenEscapes(t *testing.T) {
	const plain = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.,;:!?()[]{}<>=+*&"
	escapes := []string{`\n`, `\"`, `\\`, `\t`, `\u00e9`, `\/`}
	for first := 0; first < 81; first++ {
		var b strings.Builder
		b.WriteString(`["`)
		for k := 0; b.Len() < 1500; k++ {
			b.WriteString(plain[:(first+k*7)%81])
			b.WriteString(escapes[k%len(escapes)])
		}
		b.WriteString(`","after",{"k":"v"}]`)
		in := []byte(b.String())
		var want []any
		if err := json.Unmarshal(in, &want); err != nil {
			t.Fatal(err)
		}
		d := NewDecoder(in)
		if err := d.ArrStart(); err != nil {
			t.Fatal(err)
		}
		if ok, err := d.ArrNext(0); !ok || err != nil {
			t.Fatal(ok, err)
		}
		s, err := d.StrShared()
		if err != nil {
			t.Fatalf("first run %d: %v", first, err)
		}
		if s != want[0] {
			t.Fatalf("first run %d: decoded %q, want %q", first, s, want[0])
		}
		if ok, err := d.ArrNext(1); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if s, err := d.StrShared(); err != nil || s != "after" {
			t.Fatalf("first run %d: the value after reads %q, %v", first, s, err)
		}
		if ok, err := d.ArrNext(2); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if raw, err := d.RawString(); err != nil || raw != `{"k":"v"}` {
			t.Fatalf("first run %d: the last value reads %q, %v", first, raw, err)
		}
	}
}

// TestStrSharedLongErrorsAgree holds the in-place decoding of long strings,
// which finds the closing quote as it walks, to the errors of the copying
// path, which looks for the quote first: the same error at the same offset
// for every malformed string, an unclosed one before anything else.
func TestStrSharedLongErrorsAgree(t *testing.T) {
	long := strings.Repeat(`plain text \"quoted\" \\ and\ttabs `, 8)
	for _, tail := range []string{
		`bad \x escape"`, `bad \x escape`, "raw \x01 control\"", "raw \x01 control",
		"bad utf-8 \xff here\"", "bad utf-8 \xff here", `lone \ud800 surrogate"`, `lone \ud800 surrogate`,
		`short \u12"`, `short \u12`, `ends in a backslash \`, `ends escaped \"`, `fine"`, `unclosed`,
	} {
		for _, pad := range []string{"", ` {"k":1}`, strings.Repeat(" ", 300)} {
			in := `"` + long + tail + pad
			shared := NewDecoder([]byte(in))
			s1, err1 := shared.StrShared()
			var copying Decoder
			copying.ResetString(in)
			s2, err2 := copying.StrShared()
			if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) || s1 != s2 {
				t.Errorf("%q: in place %q, %v; copying %q, %v", tail+pad, s1, err1, s2, err2)
			}
			if err1 == nil && shared.Offset() != copying.Offset() {
				t.Errorf("%q: in place ends at %d, copying at %d", tail+pad, shared.Offset(), copying.Offset())
			}
		}
	}
}

// TestObjKeyShortPathAgrees holds ObjKey, whose short path reads compact
// keys of up to 64 bytes a word at a time, to objKey, its general path,
// on keys of every length from 0 to 80, with and without a ',' before
// them, followed by ':' or by something else, and cut off at every byte.
func TestObjKeyShortPathAgrees(t *testing.T) {
	type read struct {
		key string
		ok  bool
		err string
		pos int
	}
	readKey := func(doc string, n int, general bool) read {
		d := NewDecoder([]byte(doc))
		var k string
		var ok bool
		var err error
		if general {
			k, ok, err = d.objKey(n)
		} else {
			k, ok, err = d.ObjKey(n)
		}
		r := read{key: k, ok: ok, pos: d.Offset()}
		if err != nil {
			r.err = err.Error()
		}
		return r
	}
	for size := 0; size <= 80; size++ {
		key := strings.Repeat("k", size)
		for _, prefix := range []string{"", ","} {
			for _, after := range []string{`:1}`, ` :1}`, `x`, `\"":1}`, "\x01:1}", `é":1}`} {
				doc := prefix + `"` + key + `"` + after
				if after[0] == '\\' || after[0] == 1 || after[0] == 0xc3 {
					doc = prefix + `"` + key + after
				}
				n := len(prefix)
				for cut := 0; cut <= len(doc); cut++ {
					got, want := readKey(doc[:cut], n, false), readKey(doc[:cut], n, true)
					if got != want {
						t.Fatalf("%q (n=%d): short path %+v, general path %+v", doc[:cut], n, got, want)
					}
				}
			}
		}
	}
}
