package rttest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// Encoders are the encoding methods of a type zerogen generates.
type Encoders interface {
	MarshalJSON() ([]byte, error)
	AppendJSON(b []byte) ([]byte, error)
	EncodeJSON(e *rt.Encoder) error
	AppendJSONUnchecked(b []byte) ([]byte, error)
}

// RefusesInvalidUTF8 checks that validate (x's Validate) refuses x for a
// string that is not valid UTF-8 at pointer; that the encoders that
// validate refuse it with the same error, with and without a string hook,
// and leave the buffer as it was; and that AppendJSONUnchecked writes
// U+FFFD for the bytes at fault.
func RefusesInvalidUTF8(t testing.TB, x Encoders, validate func() error, pointer string) {
	t.Helper()
	verr := validate()
	var re *rt.Error
	if !errors.As(verr, &re) || re.Pointer != pointer || re.Keyword != "type" || !strings.Contains(re.Msg, "UTF-8") {
		t.Fatalf("Validate: %v, want a UTF-8 error at %s", verr, pointer)
	}
	same := func(what string, b []byte, err error, want string) {
		t.Helper()
		if err == nil || err.Error() != verr.Error() || string(b) != want {
			t.Errorf("%s: %q %v, want %q and %v", what, b, err, want, verr)
		}
	}
	b, err := x.MarshalJSON()
	same("MarshalJSON", b, err, "")
	b, err = x.AppendJSON([]byte("[1,"))
	same("AppendJSON", b, err, "[1,")
	for _, hook := range []rt.StringHook{nil, func(_, s string) string { return "redacted" }} {
		e := rt.Encoder{Buf: []byte("[1,"), Hook: hook}
		err := x.EncodeJSON(&e)
		same("EncodeJSON", e.Buf, err, "[1,")
	}
	b, err = x.AppendJSONUnchecked([]byte("[1,"))
	if err != nil || !bytes.HasPrefix(b, []byte("[1,")) || !bytes.Contains(b, []byte(`\ufffd`)) {
		t.Errorf("AppendJSONUnchecked: %s %v, want U+FFFD", b, err)
	}
}
