package formattypes

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/netip"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
)

// reference compiles the case's schema with jsonschema/v5 (draft-07:
// format is asserted, as in the generated code).
func reference(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://event.json", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	return c.MustCompile("mem://event.json")
}

func instance(t *testing.T, doc string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(doc)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return x
}

// roundTrips are strings of each format, valid or not for the reference
// validator: a valid one must decode and encode back as out (the
// documented normalizations; out is in itself when the text is kept), an
// invalid one must fail at format at its member.
var roundTrips = []struct{ member, in, out string }{
	// date-time: time.Time.
	{"at", "2026-12-04T22:30:00Z", ""},
	{"at", "2026-12-04t22:30:00z", "2026-12-04T22:30:00Z"},
	{"at", "2026-12-04T22:30:00.50Z", "2026-12-04T22:30:00.5Z"},
	{"at", "2026-12-04T22:30:00.000Z", "2026-12-04T22:30:00Z"},
	{"at", "2026-12-04T22:30:00.1234567891Z", "2026-12-04T22:30:00.123456789Z"},
	{"at", "2026-12-04T22:30:00.000000001+05:30", ""},
	{"at", "2026-12-04T22:30:00+00:00", ""},
	{"at", "2026-12-04T22:30:00-00:00", ""},
	{"at", "2026-12-04T22:30:00-23:59", ""},
	{"at", "1998-12-31T23:59:60Z", "1999-01-01T00:00:00Z"},
	{"at", "1998-12-31T15:59:60.5-08:00", "1998-12-31T16:00:00.5-08:00"},
	{"at", "2026-12-04T+2:+3:+4Z", "2026-12-04T02:03:04Z"},
	{"at", "2026-12-04T22:30:00+-0:00", "2026-12-04T22:30:00+00:00"},
	{"at", "0000-01-01T00:00:00Z", ""},
	{"at", "9999-12-31T23:59:59.999999999Z", ""},
	{"at", "2024-02-29T12:00:00Z", ""},
	{"at", "2026-12-04 22:30:00Z", "invalid"},
	{"at", "2026-12-04T22:30:00", "invalid"},
	{"at", "2026-12-04T22:30Z", "invalid"},
	{"at", "2026-12-04T22:30:00.Z", "invalid"},
	{"at", "2026-12-04T22:30:60Z", "invalid"},
	{"at", "2026-12-04T23:59:60+01:00", "invalid"},
	{"at", "2026-12-04T24:00:00Z", "invalid"},
	{"at", "2026-12-04T22:30:00+24:00", "invalid"},
	{"at", "2026-12-04T22:30:00+0100", "invalid"},
	{"at", "2023-02-29T00:00:00Z", "invalid"},
	{"at", "+2026-12-04T22:30:00Z", "invalid"},
	{"at", "2026-12-04T22:30:00ZZ", "invalid"},
	// date: rt.Date, exact.
	{"day", "2024-02-29", ""},
	{"day", "0000-01-01", ""},
	{"day", "2023-02-29", "invalid"},
	{"day", "2024-2-29", "invalid"},
	{"day", "20240229", "invalid"},
	{"day", "2024-02-29T00:00:00Z", "invalid"},
	// time: rt.TimeOfDay.
	{"clock", "08:15:00-05:00", ""},
	{"clock", "08:15:00.250z", "08:15:00.25Z"},
	{"clock", "23:59:60Z", ""},
	{"clock", "15:59:60-08:00", ""},
	{"clock", "00:00:00-00:00", ""},
	{"clock", "23:59:60+01:00", "invalid"},
	{"clock", "08:15Z", "invalid"},
	{"clock", "08:15:00", "invalid"},
	// duration: rt.Duration, exact.
	{"every", "P1Y2M3DT4H5M6S", ""},
	{"every", "P2W", ""},
	{"every", "PT0S", ""},
	{"every", "P0010D", ""},
	{"every", "P99999999999999999999999Y", ""},
	{"every", "P", "invalid"},
	{"every", "PT", "invalid"},
	{"every", "P1YT", "invalid"},
	{"every", "P1D2Y", "invalid"},
	{"every", "P1YD", "invalid"},
	{"every", "P1.5D", "invalid"},
	{"every", "P1W2D", "invalid"},
	// uuid: rt.UUID, written in lower case.
	{"id", "0f8fad5b-d9cb-469f-a165-70867728950e", ""},
	{"id", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5b-d9cb-469f-a165-70867728950e"},
	{"id", "0f8fad5bd9cb469fa16570867728950e", "invalid"},
	{"id", "0f8fad5b-d9cb-469f-a165-70867728950", "invalid"},
	// ipv4: netip.Addr, written in dotted decimal.
	{"v4", "192.0.2.1", ""},
	{"v4", "0.0.0.0", ""},
	{"v4", "+1.2.3.4", "1.2.3.4"},
	{"v4", "00.0.0.0", "0.0.0.0"},
	{"v4", "256.1.1.1", "invalid"},
	{"v4", "01.2.3.4", "invalid"},
	{"v4", "1.2.3", "invalid"},
	{"v4", "::1", "invalid"},
	// ipv6: netip.Addr, written in RFC 5952 form.
	{"v6", "2001:db8::1", ""},
	{"v6", "2001:DB8::1", "2001:db8::1"},
	{"v6", "0:0:0:0:0:0:0:1", "::1"},
	{"v6", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"},
	{"v6", "::ffff:192.0.2.1", ""},
	{"v6", "::192.0.2.1", "::c000:201"},
	{"v6", "fe80::1%eth0", "invalid"},
	{"v6", "192.0.2.1", "invalid"},
	{"v6", ":::1", "invalid"},
	// uri: rt.URI, exact.
	{"home", "HTTP://Example.COM/%7e?x#f", ""},
	{"home", "urn:isbn:0451450523", ""},
	{"home", "http://[::1]:80/", ""},
	{"home", "/relative", "invalid"},
	{"home", "http://[::1", "invalid"},
	{"home", "http://a b", "invalid"},
	{"home", "http://::1/", "invalid"},
}

// TestFormatVerdicts checks each document against jsonschema/v5: the same
// verdict, an invalid one failing at its member's pointer.
func TestFormatVerdicts(t *testing.T) {
	ref := reference(t)
	docs := []string{
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","stamp":"2026-12-04T22:30:00z"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","stamp":"2026-12-04T22:30:60Z"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","home":"https://example.com/this-is-longer-than-forty"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","ended":null}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","ended":"2026-12-04"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","days":["2024-02-29","2023-02-29"]}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","hosts":{"a":"::1","b":"1.2.3.4"}}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00\u005a"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":1}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","slot":"13:00:00Z"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","slot":"13:00:00z"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","slot":"9:00"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","slot":"10:00:00Z"}`,
		`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":null}`,
	}
	for _, c := range roundTrips {
		docs = append(docs, doc(c.member, c.in))
	}
	for _, d := range docs {
		refErr := ref.Validate(instance(t, d))
		var x Event
		err := x.UnmarshalJSON([]byte(d))
		if (refErr == nil) != (err == nil) {
			t.Errorf("%s: reference %v, generated %v", d, refErr, err)
			continue
		}
		if err == nil {
			continue
		}
		var re *rt.Error
		var ve *jsonschema.ValidationError
		if !errors.As(err, &re) || !errors.As(refErr, &ve) {
			t.Errorf("%s: %v", d, err)
			continue
		}
		if !atPointer(ve, re.Pointer) {
			t.Errorf("%s: failed at %s (%s), the reference at %s", d, re.Pointer, re.Keyword, refErr)
		}
	}
}

// atPointer reports whether the reference's error names p among its
// causes.
func atPointer(ve *jsonschema.ValidationError, p string) bool {
	if ve.InstanceLocation == p {
		return true
	}
	for _, c := range ve.Causes {
		if atPointer(c, p) {
			return true
		}
	}
	return false
}

func doc(member, s string) string {
	if member == "id" {
		return `{"id":` + strconv.Quote(s) + `,"at":"2026-12-04T22:30:00Z"}`
	}
	if member == "at" {
		return `{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":` + strconv.Quote(s) + `}`
	}
	return `{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"2026-12-04T22:30:00Z","` + member + `":` + strconv.Quote(s) + `}`
}

// TestFormatRoundTrips checks what each valid string encodes back as,
// and that each invalid one fails at format at its member.
func TestFormatRoundTrips(t *testing.T) {
	for _, c := range roundTrips {
		in := doc(c.member, c.in)
		var x Event
		err := x.UnmarshalJSON([]byte(in))
		if c.out == "invalid" {
			var re *rt.Error
			if !errors.As(err, &re) || re.Pointer != "/"+c.member || re.Keyword != "format" {
				t.Errorf("%s: got %v, want a format error at /%s", in, err, c.member)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		want := in
		if c.out != "" {
			want = doc(c.member, c.out)
		}
		b, err := x.MarshalJSON()
		if err != nil || string(b) != want {
			t.Errorf("%s: encoded %s %v, want %s", in, b, err, want)
		}
		var y Event
		if err := y.UnmarshalJSON(b); err != nil {
			t.Errorf("%s: the encoding does not decode: %v", b, err)
		}
	}
}

// TestFormatDefault checks that a default of a format's type is a Go
// value of that type.
func TestFormatDefault(t *testing.T) {
	if d := EventSinceDefault(); d != (rt.Date{Year: 2020, Month: time.January, Day: 1}) {
		t.Errorf("EventSinceDefault() = %v", d)
	}
}

// TestFormatValues checks the Go values decoding gives.
func TestFormatValues(t *testing.T) {
	const in = `{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","at":"1998-12-31T15:59:60.5-08:00","day":"2024-02-29",` +
		`"clock":"23:59:60Z","every":"P1Y2M3DT4H5M6S","v4":"+1.2.3.4","v6":"::FFFF:192.0.2.1","home":"urn:x",` +
		`"ended":null,"days":["1999-12-31"],"hosts":{"a":"::1"}}`
	var x Event
	if err := x.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if x.ID != (rt.UUID{0x0f, 0x8f, 0xad, 0x5b, 0xd9, 0xcb, 0x46, 0x9f, 0xa1, 0x65, 0x70, 0x86, 0x77, 0x28, 0x95, 0x0e}) {
		t.Errorf("ID %v", x.ID)
	}
	if want := time.Date(1999, 1, 1, 0, 0, 0, 500000000, time.UTC); !x.At.Equal(want) {
		t.Errorf("At %v, want %v", x.At, want)
	}
	if _, off := x.At.Zone(); off != -8*3600 {
		t.Errorf("At's offset %d", off)
	}
	if x.Day.V != (rt.Date{Year: 2024, Month: time.February, Day: 29}) {
		t.Errorf("Day %+v", x.Day)
	}
	if x.Clock.V != (rt.TimeOfDay{Hour: 23, Minute: 59, Second: 60, Z: true}) {
		t.Errorf("Clock %+v", x.Clock)
	}
	if p, err := x.Every.V.Parts(); err != nil || p != (rt.DurationParts{Years: 1, Months: 2, Days: 3, Hours: 4, Minutes: 5, Seconds: 6}) {
		t.Errorf("Every %+v %v", p, err)
	}
	if x.V4.V != netip.MustParseAddr("1.2.3.4") || x.V6.V != netip.MustParseAddr("::ffff:192.0.2.1") {
		t.Errorf("V4 %v, V6 %v", x.V4, x.V6)
	}
	if u, err := x.Home.V.URL(); err != nil || u.Scheme != "urn" || u.Opaque != "x" {
		t.Errorf("Home %v %v", u, err)
	}
	if !x.Ended.Set || x.Ended.V.Valid || len(x.Days.V) != 1 || x.Hosts.V["a"] != netip.IPv6Loopback() {
		t.Errorf("Ended %+v, Days %+v, Hosts %+v", x.Ended, x.Days, x.Hosts)
	}
}

// TestFormatGoValues checks that Validate and the encoders refuse a Go
// value no valid string stands for, at format at its pointer, and accept
// the others.
func TestFormatGoValues(t *testing.T) {
	ok := Event{At: time.Date(2026, 12, 4, 22, 30, 0, 0, time.FixedZone("X", 3600))}
	b, err := ok.MarshalJSON()
	if want := `{"id":"00000000-0000-0000-0000-000000000000","at":"2026-12-04T22:30:00+01:00"}`; err != nil || string(b) != want {
		t.Fatalf("encoded %s %v, want %s", b, err, want)
	}
	for _, c := range []struct {
		name string
		set  func(*Event)
		ptr  string
	}{
		{"year 10000", func(x *Event) { x.At = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) }, "/at"},
		{"negative year", func(x *Event) { x.At = time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC) }, "/at"},
		{"offset in seconds", func(x *Event) { x.At = time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("LMT", 1172)) }, "/at"},
		{"offset of a day", func(x *Event) { x.At = time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)) }, "/at"},
		{"February 30", func(x *Event) { x.Day = rt.Some(rt.Date{Year: 2024, Month: 2, Day: 30}) }, "/day"},
		{"hour 24", func(x *Event) { x.Clock = rt.Some(rt.TimeOfDay{Hour: 24}) }, "/clock"},
		{"leap second at noon", func(x *Event) { x.Clock = rt.Some(rt.TimeOfDay{Hour: 12, Minute: 59, Second: 60, Z: true}) }, "/clock"},
		{"empty duration", func(x *Event) { x.Every = rt.Some(rt.Duration("P")) }, "/every"},
		{"IPv6 in ipv4", func(x *Event) { x.V4 = rt.Some(netip.IPv6Loopback()) }, "/v4"},
		{"zero address", func(x *Event) { x.V4 = rt.Some(netip.Addr{}) }, "/v4"},
		{"IPv4 in ipv6", func(x *Event) { x.V6 = rt.Some(netip.MustParseAddr("1.2.3.4")) }, "/v6"},
		{"zone", func(x *Event) { x.V6 = rt.Some(netip.MustParseAddr("fe80::1%eth0")) }, "/v6"},
		{"relative URI", func(x *Event) { x.Home = rt.Some(rt.URI("/a")) }, "/home"},
		{"long URI", func(x *Event) { x.Home = rt.Some(rt.URI("https://example.com/longer-than-forty-bytes")) }, "/home"},
		{"+00:00 in stamp", func(x *Event) { x.Stamp = rt.Some(time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 0))) }, "/stamp"},
		{"date in a list", func(x *Event) { x.Days = rt.Some([]rt.Date{{Year: 2024, Month: 1, Day: 1}, {}}) }, "/days/1"},
	} {
		x := ok
		c.set(&x)
		err := x.Validate()
		var re *rt.Error
		if !errors.As(err, &re) || re.Pointer != c.ptr {
			t.Errorf("%s: Validate %v, want an error at %s", c.name, err, c.ptr)
		}
		if b, err := x.MarshalJSON(); err == nil {
			t.Errorf("%s: encoded %s", c.name, b)
		}
	}
	// A URI with characters JSON escapes is written escaped, and read
	// back the same.
	x := ok
	x.Home = rt.Some(rt.URI("http://x.example/\"q\"\u00e9"))
	b, err = x.MarshalJSON()
	if err != nil || !bytes.Contains(b, []byte(`"home":"http://x.example/\"q\"\u00e9"`)) && !bytes.Contains(b, []byte(`"home":"http://x.example/\"q\"é"`)) {
		t.Fatalf("escaped URI: %s %v", b, err)
	}
	var y Event
	if err := y.UnmarshalJSON(b); err != nil || y.Home.V != x.Home.V {
		t.Fatalf("escaped URI read back as %q %v", y.Home.V, err)
	}
}
