package rtimpl

import (
	"net/netip"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/zeroproject/zero/rt"
)

// formatSeeds are strings at the edges of each format's accept set, as
// seeds of the fuzz targets and cases of the accept-set test.
var formatSeeds = map[string][]string{
	"date-time": {
		"2026-12-04T22:30:00Z", "2026-12-04t22:30:00z", "2026-12-04T22:30:00.50Z", "2026-12-04T22:30:00.1234567891+05:30",
		"1998-12-31T23:59:60Z", "1998-12-31T15:59:60-08:00", "1998-12-31T23:59:60+01:00", "2026-12-04T+2:+3:+4Z",
		"2026-12-04T22:30:00+-0:+0", "2026-12-04T22:30:00-00:00", "0000-01-01T00:00:00Z", "2023-02-29T00:00:00Z",
		"2024-02-29T00:00:00Z", "9999-12-31T23:59:60Z", "2026-12-04T24:00:00Z", "2026-12-04T22:30:00.Z", "2026-12-04T22:30:00", "2026-12-04 22:30:00Z",
		"+026-12-04T22:30:00Z", "2026-12-04T22:30:00+0100", "2026-12-04T-0:00:00Z", "2026-12-04T22:30:00ZZ", "",
	},
	"date":     {"2024-02-29", "2023-02-29", "2024-2-29", "0000-01-01", "9999-12-31", "2024-13-01", "2024-00-10", "+024-01-01", "2024-01-+1"},
	"time":     {"23:59:60Z", "23:59:60+01:00", "00:59:60+01:00", "08:15:00.250z", "08:15Z", "08:15:00", "+1:+1:+1Z", "-0:00:00Z", "12:00:00-00:00"},
	"duration": {"P1Y2M3DT4H5M6S", "P2W", "PT0S", "P", "PT", "P1YT", "P1D2Y", "P1YD", "P1.5D", "P1W2D", "P99999999999999999999999Y", "PT1HT", "P1M", "PT1M"},
	"uuid":     {"0f8fad5b-d9cb-469f-a165-70867728950e", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5bd9cb469fa16570867728950e", "0f8fad5b-d9cb-469f-a165-70867728950g"},
	"ipv4":     {"192.0.2.1", "+1.2.3.4", "-0.0.0.0", "00.0.0.0", "01.2.3.4", "256.1.1.1", "1.2.3", "1.2.3.4.5", "1..2.3", " 1.2.3.4", "+0001.2.3.4"},
	"ipv6":     {"2001:db8::1", "::ffff:192.0.2.1", "::192.0.2.1", "fe80::1%eth0", "1.2.3.4", ":::1", "::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9"},
	"uri":      {"https://example.com/a?b=c#d", "urn:isbn:0451450523", "http://[::1]:80/", "/relative", "http://[::1", "http://a b", "http://::1/", "HTTP://X/%7e", "http://[fe80::1%25eth0]/"},
}

// formatTypes are the codecs by format.
func checkAndParse(format, s string) (checked, parsed bool) {
	checked = formatChecks[format](s)
	switch format {
	case "date-time":
		_, parsed = rt.ParseDateTime(s)
	case "date":
		_, parsed = rt.ParseDate(s)
	case "time":
		_, parsed = rt.ParseTimeOfDay(s)
	case "duration":
		_, parsed = rt.ParseDuration(s)
	case "uuid":
		_, parsed = rt.ParseUUID(s)
	case "ipv4":
		_, parsed = rt.ParseIPv4(s)
	case "ipv6":
		_, parsed = rt.ParseIPv6(s)
	case "uri":
		_, parsed = rt.ParseURI(s)
	}
	return checked, parsed
}

// TestFormatParsersAcceptSet checks that each parser of the runtime
// accepts exactly the strings the format check accepts, on the edge
// cases.
func TestFormatParsersAcceptSet(t *testing.T) {
	for format, seeds := range formatSeeds {
		for _, s := range seeds {
			if c, p := checkAndParse(format, s); c != p {
				t.Errorf("%s %q: the format check says %v, the parser %v", format, s, c, p)
			}
		}
	}
}

// fuzzFormat compares a parser's accept set with the format check's, and
// checks that what the parser reads is written back as a string the
// check accepts and that reads back the same.
func fuzzFormat(f *testing.F, format string) {
	for _, s := range formatSeeds[format] {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		c, p := checkAndParse(format, s)
		if c != p {
			t.Fatalf("%s %q: the format check says %v, the parser %v", format, s, c, p)
		}
		if c {
			roundTrip(t, format, s)
		}
	})
}

// roundTrip decodes s through the format's codec, encodes it and decodes
// the encoding again: the second encoding must equal the first.
func roundTrip(t *testing.T, format, s string) {
	t.Helper()
	d := rt.NewDecoder(rt.AppendString(nil, s))
	var e1, e2 rt.Encoder
	var err error
	switch format {
	case "date-time":
		err = codecRoundTrip(DateTimeType, d, &e1, &e2)
	case "date":
		err = codecRoundTrip(DateType, d, &e1, &e2)
	case "time":
		err = codecRoundTrip(TimeType, d, &e1, &e2)
	case "duration":
		err = codecRoundTrip(DurationType, d, &e1, &e2)
	case "uuid":
		err = codecRoundTrip(UUIDType, d, &e1, &e2)
	case "ipv4":
		err = codecRoundTrip(IPv4Type, d, &e1, &e2)
	case "ipv6":
		err = codecRoundTrip(IPv6Type, d, &e1, &e2)
	case "uri":
		err = codecRoundTrip(URIType, d, &e1, &e2)
	}
	if err != nil {
		t.Fatalf("%s %q: %v", format, s, err)
	}
	if string(e1.Buf) != string(e2.Buf) {
		t.Fatalf("%s %q: encoded %s, then %s", format, s, e1.Buf, e2.Buf)
	}
}

func codecRoundTrip[T any](f *FormatType[T], d *rt.Decoder, e1, e2 *rt.Encoder) error {
	v, err := f.Decode(d, nil)
	if err != nil {
		return err
	}
	if err := f.Encode(e1, &v, nil); err != nil {
		return err
	}
	if err := f.Validate(&v, nil); err != nil {
		return err
	}
	w, err := f.Decode(rt.NewDecoder(e1.Buf), nil)
	if err != nil {
		return err
	}
	return f.Encode(e2, &w, nil)
}

func FuzzDateTimeFormat(f *testing.F) { fuzzFormat(f, "date-time") }
func FuzzDateFormat(f *testing.F)     { fuzzFormat(f, "date") }
func FuzzTimeFormat(f *testing.F)     { fuzzFormat(f, "time") }
func FuzzDurationFormat(f *testing.F) { fuzzFormat(f, "duration") }
func FuzzUUIDFormat(f *testing.F)     { fuzzFormat(f, "uuid") }
func FuzzIPv4Format(f *testing.F)     { fuzzFormat(f, "ipv4") }
func FuzzIPv6Format(f *testing.F)     { fuzzFormat(f, "ipv6") }
func FuzzURIFormat(f *testing.F)      { fuzzFormat(f, "uri") }

// TestFormatNormalizations checks each documented rewrite exactly: the
// text a valid string encodes back as, when it is not itself.
func TestFormatNormalizations(t *testing.T) {
	for _, c := range []struct{ format, in, out string }{
		{"date-time", "2026-12-04t22:30:00z", "2026-12-04T22:30:00Z"},
		{"date-time", "2026-12-04T22:30:00.50Z", "2026-12-04T22:30:00.5Z"},
		{"date-time", "2026-12-04T22:30:00.000+01:00", "2026-12-04T22:30:00+01:00"},
		{"date-time", "2026-12-04T22:30:00.1234567899Z", "2026-12-04T22:30:00.123456789Z"},
		{"date-time", "1998-12-31T23:59:60.25Z", "1999-01-01T00:00:00.25Z"},
		{"date-time", "9999-12-31T23:59:60.5Z", "9999-12-31T23:59:59.999999999Z"},
		{"date-time", "9999-12-31T23:59:60-00:00", "9999-12-31T23:59:59.999999999-00:00"},
		{"date-time", "2026-12-04T+2:+3:-0-00:+1", "2026-12-04T02:03:00-00:01"},
		{"date-time", "2026-12-04T22:30:00+00:00", "2026-12-04T22:30:00+00:00"},
		{"date-time", "2026-12-04T22:30:00-00:00", "2026-12-04T22:30:00-00:00"},
		{"time", "08:15:00.250z", "08:15:00.25Z"},
		{"time", "23:59:60.000000000001Z", "23:59:60Z"},
		{"uuid", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5b-d9cb-469f-a165-70867728950e"},
		{"ipv4", "+1.2.3.4", "1.2.3.4"},
		{"ipv4", "-0.00.0.0", "0.0.0.0"},
		{"ipv6", "2001:DB8:0:0::1", "2001:db8::1"},
		{"ipv6", "::192.0.2.1", "::c000:201"},
		{"ipv6", "::FFFF:192.0.2.1", "::ffff:192.0.2.1"},
		{"duration", "P0010D", "P0010D"},
		{"uri", "HTTP://Example.COM/%7e", "HTTP://Example.COM/%7e"},
	} {
		d := rt.NewDecoder(rt.AppendString(nil, c.in))
		var e rt.Encoder
		var err error
		switch c.format {
		case "date-time":
			err = decodeEncode(DateTimeType, d, &e)
		case "time":
			err = decodeEncode(TimeType, d, &e)
		case "uuid":
			err = decodeEncode(UUIDType, d, &e)
		case "ipv4":
			err = decodeEncode(IPv4Type, d, &e)
		case "ipv6":
			err = decodeEncode(IPv6Type, d, &e)
		case "duration":
			err = decodeEncode(DurationType, d, &e)
		case "uri":
			err = decodeEncode(URIType, d, &e)
		}
		if want := `"` + c.out + `"`; err != nil || string(e.Buf) != want {
			t.Errorf("%s %q: encoded %s %v, want %s", c.format, c.in, e.Buf, err, want)
		}
	}
}

func decodeEncode[T any](f *FormatType[T], d *rt.Decoder, e *rt.Encoder) error {
	v, err := f.Decode(d, nil)
	if err != nil {
		return err
	}
	return f.Encode(e, &v, nil)
}

// TestFormatDecodeErrors checks that a refused string fails at format at
// its offset, and a value of another type at type.
func TestFormatDecodeErrors(t *testing.T) {
	for _, c := range []struct{ in, keyword string }{
		{`"2026-12-04T22:30:60Z"`, "format"},
		{`1`, "type"},
		{`"2026-12-04T22:30:00\u005a"`, ""},
	} {
		_, err := DateTimeType.Decode(rt.NewDecoder([]byte(c.in)), nil)
		switch {
		case c.keyword == "" && err != nil:
			t.Errorf("%s: %v", c.in, err)
		case c.keyword != "" && (err == nil || !strings.Contains(err.Error(), c.keyword)):
			t.Errorf("%s: got %v, want a %s error", c.in, err, c.keyword)
		}
	}
}

// TestFormatParsedValues checks the values the parsers give.
func TestFormatParsedValues(t *testing.T) {
	tm, ok := rt.ParseDateTime("1998-12-31T15:59:60.5-08:00")
	if _, off := tm.Zone(); !ok || !tm.Equal(time.Date(1999, 1, 1, 0, 0, 0, 5e8, time.UTC)) || off != -8*3600 {
		t.Errorf("ParseDateTime: %v %v", tm, ok)
	}
	if tm, _ := rt.ParseDateTime("2026-12-04T22:30:00Z"); tm.Location() != time.UTC {
		t.Errorf("Z gives %v, want time.UTC", tm.Location())
	}
	if c, ok := rt.ParseTimeOfDay("00:59:60+01:00"); !ok || c != (rt.TimeOfDay{Minute: 59, Second: 60, Offset: 60}) {
		t.Errorf("ParseTimeOfDay: %+v %v", c, ok)
	}
	if p, err := rt.Duration("P2W").Parts(); err != nil || p != (rt.DurationParts{Weeks: 2}) {
		t.Errorf("P2W: %+v %v", p, err)
	}
	if p, err := rt.Duration("PT1M").Parts(); err != nil || p != (rt.DurationParts{Minutes: 1}) {
		t.Errorf("PT1M: %+v %v", p, err)
	}
	if _, err := rt.Duration("P99999999999999999999999Y").Parts(); err == nil {
		t.Error("a year count past uint64 read without error")
	}
	if a, ok := rt.ParseIPv4("+1.2.3.4"); !ok || a != netip.MustParseAddr("1.2.3.4") {
		t.Errorf("ParseIPv4: %v %v", a, ok)
	}
	if u, ok := rt.ParseUUID("0F8FAD5B-D9CB-469F-A165-70867728950E"); !ok || u.String() != "0f8fad5b-d9cb-469f-a165-70867728950e" {
		t.Errorf("ParseUUID: %v %v", u, ok)
	}
	if d := (rt.Date{Year: 2024, Month: 2, Day: 29}); d.String() != "2024-02-29" || !d.Time(time.UTC).Equal(time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Date: %v", d)
	}
}

func BenchmarkFormatTypeDateTime(b *testing.B) {
	in := []byte(`"2026-12-04T22:30:00.123+01:00"`)
	var d rt.Decoder
	var e rt.Encoder
	b.ReportAllocs()
	for b.Loop() {
		d.Reset(in)
		v, err := DateTimeType.Decode(&d, nil)
		if err != nil {
			b.Fatal(err)
		}
		e.Reset()
		if err := DateTimeType.Encode(&e, &v, nil); err != nil {
			b.Fatal(err)
		}
		if err := DateTimeType.Validate(&v, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatTypeUUID(b *testing.B) {
	in := []byte(`"0f8fad5b-d9cb-469f-a165-70867728950e"`)
	var d rt.Decoder
	var e rt.Encoder
	b.ReportAllocs()
	for b.Loop() {
		d.Reset(in)
		v, err := UUIDType.Decode(&d, nil)
		if err != nil {
			b.Fatal(err)
		}
		e.Reset()
		if err := UUIDType.Encode(&e, &v, nil); err != nil {
			b.Fatal(err)
		}
		if err := UUIDType.Validate(&v, nil); err != nil {
			b.Fatal(err)
		}
	}
}
