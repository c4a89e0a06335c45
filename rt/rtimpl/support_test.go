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
