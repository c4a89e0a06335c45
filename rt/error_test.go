package rt

import (
	"strings"
	"testing"
)

func TestErrorPointer(t *testing.T) {
	err := AtKey(AtIndex(AtKey(newError(3, "type", "got string, want integer"), "a/b"), 2), "items")
	if got := err.Error(); got != "/items/2/a~1b: type: got string, want integer" {
		t.Errorf("got %q", got)
	}
}

// TestErrorPointerCompleteAtEveryLevel reads the Pointer field directly,
// without calling any method first, after every level the error unwinds.
func TestErrorPointerCompleteAtEveryLevel(t *testing.T) {
	e := newError(0, "type", "got string, want integer")
	steps := []struct {
		wrap func(error) error
		want string
	}{
		{func(err error) error { return AtKey(err, "~x") }, "/~0x"},
		{func(err error) error { return AtIndex(err, 12) }, "/12/~0x"},
		{func(err error) error { return AtKey(err, "") }, "//12/~0x"},
		{func(err error) error { return AtKey(err, strings.Repeat("k", 100)) }, "/" + strings.Repeat("k", 100) + "//12/~0x"},
	}
	var got []string
	for _, s := range steps {
		s.wrap(e)
		got = append(got, e.Pointer)
		if e.Pointer != s.want {
			t.Fatalf("Pointer = %q, want %q", e.Pointer, s.want)
		}
	}
	// Pointers read at earlier levels do not change as the error unwinds.
	for i, s := range steps {
		if got[i] != s.want {
			t.Errorf("pointer read at level %d changed to %q, want %q", i, got[i], s.want)
		}
	}
}

// TestErrorPointerAssignedByCaller prefixes a pointer that code outside the
// package set on the field.
func TestErrorPointerAssignedByCaller(t *testing.T) {
	e := &Error{Pointer: "/b", Keyword: "required", Offset: -1, Msg: "missing property \"c\""}
	AtKey(AtKey(e, "a"), "root")
	if e.Pointer != "/root/a/b" {
		t.Errorf("Pointer = %q, want /root/a/b", e.Pointer)
	}
}

// TestErrorPointerDeepIsLinear builds the pointer of a value nested 4096
// levels deep under long keys: the buffer doubles, so the number of
// allocations grows with the logarithm of the pointer's length.
func TestErrorPointerDeepIsLinear(t *testing.T) {
	key := strings.Repeat("k", 256)
	var e *Error
	allocs := testing.AllocsPerRun(5, func() {
		e = newError(0, "type", "x")
		for range 4096 {
			AtKey(e, key)
		}
	})
	if want := 4096 * 257; len(e.Pointer) != want {
		t.Fatalf("pointer of %d bytes, want %d", len(e.Pointer), want)
	}
	if allocs > 30 {
		t.Errorf("%v allocations to build a 4096-level pointer, want at most 30 (one per doubling)", allocs)
	}
}

func TestErrorOffsetInMessage(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{newError(0, "type", "got array, want object"), "type: got array, want object at offset 0"},
		{AtKey(newError(7, "type", "got array, want object"), "a"), "/a: type: got array, want object"},
		{AtKey(newError(49, "syntax", "invalid UTF-8 in string"), "content"), "/content: syntax: invalid UTF-8 in string at offset 49"},
		{newError(-1, "enum", `got "x", want one of "a"`), `enum: got "x", want one of "a"`},
		{AtKey(newError(-1, "syntax", "empty"), "a"), "/a: syntax: empty"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestDecoderErrorsPlaceTheirOffsetOnce(t *testing.T) {
	d := NewDecoder([]byte(`{"a":"x` + "\xff" + `"}`))
	err := d.Skip()
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("got %v, want an *Error", err)
	}
	if e.Msg != "invalid UTF-8 in string" || e.Offset != 7 {
		t.Errorf("Msg %q at %d, want the message without a position, at 7", e.Msg, e.Offset)
	}
	if got := e.Error(); got != "syntax: invalid UTF-8 in string at offset 7" {
		t.Errorf("Error() = %q", got)
	}
}

func TestErrors(t *testing.T) {
	var none Errors
	if none.Err() != nil {
		t.Error("an empty Errors is an error")
	}
	es := Errors{AtKey(Fail(5, "minLength", "got 0 characters, want at least 1"), "a").(*Error), Fail(0, "required", `missing property "b"`).(*Error)}
	want := "/a: minLength: got 0 characters, want at least 1\nrequired: missing property \"b\" at offset 0"
	if got := es.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if err := es.Err(); err == nil || err.Error() != want {
		t.Errorf("Err() = %v", err)
	}
}
