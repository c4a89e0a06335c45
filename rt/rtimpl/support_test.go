package rtimpl

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestPeekStringLeavesTheCursor reads a union's discriminator and then the
// whole object from where the peek started.
func TestPeekStringLeavesTheCursor(t *testing.T) {
	d := rt.NewDecoder([]byte(` {"a":[1,{"b":2}],"type":"x\u0079","c":3}`))
	got, err := PeekString(d, "type", `"xy"`)
	if err != nil || got != "xy" {
		t.Fatalf("PeekString = %q, %v; want xy", got, err)
	}
	if d.Offset() != 0 || d.Depth() != 0 {
		t.Fatalf("after the peek the cursor is at %d, depth %d; want 0, 0", d.Offset(), d.Depth())
	}
	if err := d.Skip(); err != nil {
		t.Fatal(err)
	}
	if err := d.End(); err != nil {
		t.Fatal(err)
	}
}

func TestPeekStringErrors(t *testing.T) {
	for _, tc := range []struct{ in, keyword, pointer string }{
		{`{"a":1}`, "required", ""},
		{`{"type":1}`, "const", "/type"},
		{`[]`, "type", ""},
	} {
		_, err := PeekString(rt.NewDecoder([]byte(tc.in)), "type", `"x"`)
		e, ok := err.(*rt.Error)
		if !ok || e.Keyword != tc.keyword || e.Pointer != tc.pointer {
			t.Errorf("%s: got %v, want keyword %s at %q", tc.in, err, tc.keyword, tc.pointer)
		}
	}
}

func TestLongKeysAreClippedInMessages(t *testing.T) {
	err := Unknown(0, strings.Repeat("k", 1<<20))
	if len(err.Error()) > 200 {
		t.Errorf("an unknown 1 MiB key gave a %d-byte message", len(err.Error()))
	}
}

func TestEnumMismatchQuotesAndClips(t *testing.T) {
	long := `"` + string(make([]byte, 100)) + `"`
	for _, tc := range []struct{ got, want string }{
		{`"x"`, `enum: got "x", want one of "a", "b" at offset 3`},
		{long, "enum: got " + long[:61] + `..., want one of "a", "b" at offset 3`},
	} {
		if got := EnumMismatch(3, tc.got, `"a", "b"`).Error(); got != tc.want {
			t.Errorf("got %q\nwant %q", got, tc.want)
		}
	}
}

// readConst reads the object {"a":..,"type":..} of in, checking the value
// of "type" with ExpectConst against canon.
func readConst(d *rt.Decoder, canon string) error {
	if err := d.ObjStart(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		k, more, err := d.ObjKey(i)
		if err != nil || !more {
			return err
		}
		if k == "type" {
			err = ExpectConst(d, canon, 0)
		} else {
			err = d.Skip()
		}
		if err != nil {
			return err
		}
	}
}

// TestPeekStringValueReadOnce checks that the discriminator PeekString
// read is stepped over by the variant's const check that follows, and
// that a Rewind or Reset forgets it, so the const is checked in full.
func TestPeekStringValueReadOnce(t *testing.T) {
	in := []byte(`{"a":[1],"type": "x\u0079"}`)
	d := rt.NewDecoder(in)
	if _, err := PeekString(d, "type", `"xy"`); err != nil {
		t.Fatal(err)
	}
	// A const other than the peeked value's passes: the check was the
	// caller's, and the span is stepped over without reading it again.
	if err := readConst(d, `"zz"`); err != nil {
		t.Fatalf("the const after the peek was read again: %v", err)
	}
	if d.SkipKnown() {
		t.Error("SkipKnown holds after the value was stepped over")
	}
	for name, forget := range map[string]func(){
		"Rewind": func() { d.Rewind(d.Mark()) },
		"Reset":  func() { d.Reset(in) },
	} {
		d.Reset(in)
		if _, err := PeekString(d, "type", `"xy"`); err != nil {
			t.Fatal(err)
		}
		forget()
		if err := readConst(d, `"zz"`); err == nil {
			t.Errorf("after %s the const check passed a value that is not the const", name)
		}
	}
	d.Reset(in)
	if _, err := PeekString(d, "type", `"xy"`); err != nil {
		t.Fatal(err)
	}
	if err := readConst(d, `"xy"`); err != nil || d.End() != nil {
		t.Fatalf("the peeked value did not read as its const: %v", err)
	}
}
