package usertype

import (
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/zeroproject/zero/rt"
)

// TestUserTypesRoundTrip checks that fields of the user's own types
// (x-go-type) decode through their unmarshalers and encode back the same
// text.
func TestUserTypesRoundTrip(t *testing.T) {
	const doc = `{"amount":123456789012345678901234567890,"at":"2026-12-04T22:30:00Z","from":"192.0.2.1","hops":["10.0.0.1","192.0.2.1"]}`
	var x Transfer
	if err := x.UnmarshalJSON([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	want, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	if x.Amount.Cmp(want) != 0 || !x.At.Equal(time.Date(2026, 12, 4, 22, 30, 0, 0, time.UTC)) ||
		x.From.V != netip.MustParseAddr("192.0.2.1") || len(x.Hops.V) != 2 {
		t.Fatalf("decoded %+v", x)
	}
	b, err := x.MarshalJSON()
	if err != nil || string(b) != doc {
		t.Fatalf("re-encoded %s %v, want %s", b, err, doc)
	}
	if b, err := json.Marshal(x); err != nil || string(b) != doc {
		t.Fatalf("json.Marshal: %s %v", b, err)
	}
}

// TestUserTypeErrors checks the errors: the schema's keywords on the JSON
// text, and the type's own refusal, each at its JSON Pointer.
func TestUserTypeErrors(t *testing.T) {
	for _, c := range []struct{ doc, ptr, keyword string }{
		{`{"amount":0,"at":"2026-12-04T22:30:00Z"}`, "/amount", "minimum"},
		{`{"amount":1.5,"at":"2026-12-04T22:30:00Z"}`, "/amount", "type"},
		{`{"amount":1,"at":"2026-12-04T22:30:00+01:00"}`, "/at", "pattern"},
		{`{"amount":1,"at":"2026-12-04T22:30:00Z","from":"2001:db8::1234:5678"}`, "/from", "maxLength"},
		// Valid for the schema, refused by netip.Addr.
		{`{"amount":1,"at":"2026-12-04T22:30:00Z","hops":["10.0.0.1","10.0.0.256"]}`, "/hops/1", "x-go-type"},
	} {
		var x Transfer
		err := x.UnmarshalJSON([]byte(c.doc))
		var re *rt.Error
		if !errors.As(err, &re) || re.Pointer != c.ptr || re.Keyword != c.keyword {
			t.Errorf("%s: got %v, want %s at %s", c.doc, err, c.keyword, c.ptr)
		}
	}
	// A value built in Go is checked on the text its marshaler writes.
	x := Transfer{At: time.Date(2026, 12, 4, 22, 30, 0, 0, time.FixedZone("", 3600))}
	x.Amount.SetInt64(5)
	err := x.Validate()
	var re *rt.Error
	if !errors.As(err, &re) || re.Pointer != "/at" || re.Keyword != "pattern" {
		t.Errorf("Validate: %v, want pattern at /at", err)
	}
	if _, err := x.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "/at") {
		t.Errorf("MarshalJSON of an invalid value: %v", err)
	}
}

// TestDefaults checks that the defaults of the properties are reachable
// from Go and never applied on decode.
func TestDefaults(t *testing.T) {
	const doc = `{"amount":1,"at":"2026-12-04T22:30:00Z"}`
	var x Transfer
	if err := x.UnmarshalJSON([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	if x.Memo.Set || x.Priority.Set || x.Rate.Set || x.Tags.Set {
		t.Fatalf("a default was applied on decode: %+v", x)
	}
	if b, err := x.MarshalJSON(); err != nil || string(b) != doc {
		t.Fatalf("absent members did not stay absent: %s %v", b, err)
	}
	if x.Memo.Or(TransferMemoDefault) != "none\u00e9" || x.Priority.Or(TransferPriorityDefault) != 3 || x.Rate.Or(TransferRateDefault) != 150 {
		t.Errorf("defaults: %q %d %v", TransferMemoDefault, TransferPriorityDefault, TransferRateDefault)
	}
	tags := TransferTagsDefault()
	if len(tags) != 2 || tags[0] != "a" || tags[1] != "b" {
		t.Errorf("TransferTagsDefault() = %q", tags)
	}
	tags[0] = "changed"
	if TransferTagsDefault()[0] != "a" {
		t.Error("TransferTagsDefault shares its value between calls")
	}
}

// TestInvalidUTF8 checks that a Go string that is not UTF-8 is an error of
// Validate (and so of the encoders), at its pointer, and that the
// unchecked encoder writes it with U+FFFD for logging.
func TestInvalidUTF8(t *testing.T) {
	x := Transfer{At: time.Date(2026, 12, 4, 22, 30, 0, 0, time.UTC), Memo: rt.Some("a\xffb")}
	x.Amount.SetInt64(5)
	err := x.Validate()
	var re *rt.Error
	if !errors.As(err, &re) || re.Pointer != "/memo" || re.Keyword != "type" || !strings.Contains(re.Msg, "UTF-8") {
		t.Fatalf("Validate: %v, want a UTF-8 error at /memo", err)
	}
	if _, err := x.MarshalJSON(); err == nil {
		t.Fatal("MarshalJSON encoded invalid UTF-8")
	}
	b, err := x.AppendJSONUnchecked(nil)
	const want = `{"amount":5,"at":"2026-12-04T22:30:00Z","memo":"a\ufffdb"}`
	if err != nil || string(b) != want {
		t.Fatalf("AppendJSONUnchecked: %s %v, want %s", b, err, want)
	}
	x.Tags = rt.Some([]string{"ok", "\xc3"})
	if err := x.Validate(); !errors.As(err, &re) || re.Pointer != "/memo" {
		t.Fatalf("Validate: %v", err)
	}
	x.Memo = rt.None[string]()
	if err := x.Validate(); !errors.As(err, &re) || re.Pointer != "/tags/1" {
		t.Fatalf("Validate: %v, want /tags/1", err)
	}
}

// TestNullableUserType checks a user's text type on a schema of string or
// null: rt.Nullable of the type, null and a value both round trip.
func TestNullableUserType(t *testing.T) {
	for _, doc := range []string{
		`{"amount":1,"at":"2026-12-04T22:30:00Z","settled":null}`,
		`{"amount":1,"at":"2026-12-04T22:30:00Z","settled":"2026-12-05T08:00:00Z"}`,
	} {
		var x Transfer
		if err := x.UnmarshalJSON([]byte(doc)); err != nil {
			t.Fatal(err)
		}
		if !x.Settled.Set || x.Settled.V.Valid != strings.Contains(doc, "08:00") {
			t.Errorf("%s: settled %+v", doc, x.Settled)
		}
		if b, err := x.MarshalJSON(); err != nil || string(b) != doc {
			t.Errorf("re-encoded %s %v, want %s", b, err, doc)
		}
	}
	var x Transfer
	err := x.UnmarshalJSON([]byte(`{"amount":1,"at":"2026-12-04T22:30:00Z","settled":"soon"}`))
	var re *rt.Error
	if !errors.As(err, &re) || re.Pointer != "/settled" || re.Keyword != "x-go-type" {
		t.Errorf("got %v, want x-go-type at /settled", err)
	}
}

// TestInvalidUTF8Encoder checks what EncodeJSON does with invalid UTF-8
// beyond Validate's: a hook that makes a valid string invalid gets U+FFFD
// for the bytes at fault, as before the encoder checked strings; an
// encoder that wrote invalid UTF-8 before still encodes a valid value; and
// a refused value leaves the buffer as it was.
func TestInvalidUTF8Encoder(t *testing.T) {
	x := Transfer{At: time.Date(2026, 12, 4, 22, 30, 0, 0, time.UTC), Memo: rt.Some("é")}
	x.Amount.SetInt64(5)
	e := rt.Encoder{Hook: func(_, s string) string { return s[1:] }}
	if err := x.EncodeJSON(&e); err != nil || !strings.Contains(string(e.Buf), `"memo":"\ufffd"`) {
		t.Fatalf("hook making invalid UTF-8: %s %v", e.Buf, err)
	}
	e = rt.Encoder{}
	e.Str("\xff")
	before := string(e.Buf)
	if err := x.EncodeJSON(&e); err != nil || !strings.HasPrefix(string(e.Buf), before+`{"amount":5`) {
		t.Fatalf("after invalid UTF-8: %s %v", e.Buf, err)
	}
	y := x
	y.Tags = rt.Some([]string{"ok", "\xc3"})
	n := len(e.Buf)
	var re *rt.Error
	if err := y.EncodeJSON(&e); !errors.As(err, &re) || re.Pointer != "/tags/1" || len(e.Buf) != n {
		t.Fatalf("EncodeJSON: %v, %d bytes, want /tags/1 and %d bytes", err, len(e.Buf), n)
	}
	if err := x.EncodeJSON(&e); err != nil {
		t.Fatalf("after a refused value: %v", err)
	}
}
