package rt

import (
	"strings"
	"testing"
)

// TestReusedDecoderKeepsEarlierStrings decodes many documents with one
// Decoder, changing each input after its Reset, and checks that every string
// and raw value decoded before is still what its document held: the shared
// blocks that Reset copies into are never written twice.
func TestReusedDecoderKeepsEarlierStrings(t *testing.T) {
	var d Decoder
	type kept struct {
		plain, escaped string
		raw            Raw
		want           [3]string
	}
	var all []kept
	for i := 0; i < 400; i++ {
		// Sizes from a few bytes to past blockMax, so that some inputs get
		// a copy of their own and blocks fill up.
		pad := strings.Repeat("x", (i*97)%(blockMax+200))
		in := []byte(`["` + pad + `","a\nb` + pad + `",{"k":"` + pad + `"}]`)
		d.Reset(in)
		for j := range in {
			in[j] = '#'
		}
		var k kept
		k.want = [3]string{pad, "a\nb" + pad, `{"k":"` + pad + `"}`}
		if err := d.ArrStart(); err != nil {
			t.Fatal(err)
		}
		var err error
		if _, err = d.ArrNext(0); err == nil {
			k.plain, err = d.StrShared()
		}
		if err == nil {
			_, err = d.ArrNext(1)
		}
		if err == nil {
			k.escaped, err = d.StrShared()
		}
		if err == nil {
			_, err = d.ArrNext(2)
		}
		if err == nil {
			d.skipSpace()
			start := d.pos
			if err = d.Skip(); err == nil {
				k.raw = d.SpanRaw(start)
			}
		}
		if err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		// Appending to a raw value must not write into the bytes after it.
		_ = append(k.raw, "!!!!"...)
		all = append(all, k)
	}
	for i, k := range all {
		if k.plain != k.want[0] || k.escaped != k.want[1] || string(k.raw) != k.want[2] {
			t.Fatalf("document %d changed after later documents were decoded:\n%.60q\n%.60q\n%.60q", i, k.plain, k.escaped, k.raw)
		}
	}
}

// TestReusedDecoderAllocations checks that a reused Decoder does not
// allocate a copy of each small input: one block serves many of them.
func TestReusedDecoderAllocations(t *testing.T) {
	in := []byte(`{"a":"` + strings.Repeat("y", 200) + `"}`)
	var d Decoder
	d.Reset(in)
	d.Reset(in)
	if n := testing.AllocsPerRun(100, func() { d.Reset(in) }); n != 0 {
		t.Errorf("Reset of a %d-byte input allocates %v times on average, want 0 (amortized by the block)", len(in), n)
	}
	var fresh Decoder
	fresh.Reset(in)
	if cap(fresh.own) != len(in) {
		t.Errorf("the first Reset copies %d bytes into %d, want an exact copy", len(in), cap(fresh.own))
	}
}

// TestSpanRawAfterResetStringCopies checks that a raw value read from a
// string input is a copy: the string's bytes cannot be shared as a Raw.
func TestSpanRawAfterResetStringCopies(t *testing.T) {
	var d Decoder
	d.ResetString(`[1,2]`)
	if err := d.Skip(); err != nil {
		t.Fatal(err)
	}
	r := d.SpanRaw(0)
	r[1] = '9'
	if d.str != `[1,2]` || string(r) != `[9,2]` {
		t.Errorf("SpanRaw after ResetString shares the input: %q %q", d.str, r)
	}
}
