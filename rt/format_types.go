package rt

// The Go types of the string formats zerogen --format-types maps (see
// docs/zerogen.md, "format"), with their own parsers and writers: each
// parser accepts exactly the strings the format check of the generated
// code accepts (the checks of santhosh-tekuri/jsonschema/v5), and each
// writer writes text that check accepts again.

import (
	"errors"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// num2 reads a two-character field as strconv.Atoi does, which is how the
// format check reads it: two digits, or a sign and one digit ("+1").
func num2(s string) (int, bool) {
	a, b := s[0], s[1]
	if b < '0' || b > '9' {
		return 0, false
	}
	switch {
	case a >= '0' && a <= '9':
		return int(a-'0')*10 + int(b-'0'), true
	case a == '+':
		return int(b - '0'), true
	case a == '-':
		return -int(b - '0'), true
	}
	return 0, false
}

// digits4 reads four digits.
func digits4(s string) (int, bool) {
	n := 0
	for i := 0; i < 4; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// digits2 reads two digits.
func digits2(s string) (int, bool) {
	if s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

// Date is a calendar date, the Go type of format "date" (RFC 3339
// full-date, YYYY-MM-DD, year 0000 to 9999). It is written back exactly as
// it was read.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a full-date; ok is false when s is not one.
func ParseDate(s string) (d Date, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, false
	}
	y, ok1 := digits4(s)
	m, ok2 := digits2(s[5:])
	dd, ok3 := digits2(s[8:])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || dd < 1 || dd > daysIn(time.Month(m), y) {
		return Date{}, false
	}
	return Date{y, time.Month(m), dd}, true
}

// daysIn is the number of days of month m of year y (proleptic Gregorian).
func daysIn(m time.Month, y int) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

// Valid reports whether d is a date format "date" can write.
func (d Date) Valid() bool {
	return d.Year >= 0 && d.Year <= 9999 && d.Month >= 1 && d.Month <= 12 && d.Day >= 1 && d.Day <= daysIn(d.Month, d.Year)
}

// AppendDate appends d as YYYY-MM-DD; it fails when d is not Valid.
func AppendDate(b []byte, d Date) ([]byte, error) {
	if !d.Valid() {
		return b, errors.New("not a date of years 0000 to 9999: " + strconv.Itoa(d.Year) + "-" + strconv.Itoa(int(d.Month)) + "-" + strconv.Itoa(d.Day))
	}
	return appendDate(b, d.Year, int(d.Month), d.Day), nil
}

func appendDate(b []byte, y, m, d int) []byte {
	b = append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-')
	b = append(b, byte('0'+m/10), byte('0'+m%10), '-')
	return append(b, byte('0'+d/10), byte('0'+d%10))
}

// String is d as YYYY-MM-DD (or a note when d is not Valid).
func (d Date) String() string {
	b, err := AppendDate(nil, d)
	if err != nil {
		return "invalid date"
	}
	return string(b)
}

// Time is d at midnight in loc.
func (d Date) Time(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// TimeOfDay is a time of day with its offset from UTC, the Go type of
// format "time" (RFC 3339 full-time: hh:mm:ss, a fraction, then Z or an
// offset).
type TimeOfDay struct {
	Hour, Minute int
	// Second is 0 to 59, or 60 for a leap second (then the time in UTC is
	// 23:59).
	Second     int
	Nanosecond int
	// Offset is the offset from UTC in minutes east, -1439 to 1439.
	Offset int
	// Z, with Offset 0, writes the offset as Z rather than +00:00.
	// Unknown, with Offset 0, writes it as -00:00 (RFC 3339's "offset
	// unknown").
	Z, Unknown bool
}

// clock is what the parsers of "time" and "date-time" read.
type clock struct {
	h, m, s, nano int
	off           int // minutes east
	z, unknown    bool
}

// parseClock reads a full-time as the format check does: fields read by
// num2, any number of fraction digits (those past nanoseconds are
// dropped), Z or z, and a leap second only at 23:59 UTC.
func parseClock(str string) (c clock, ok bool) {
	if len(str) < 9 || str[2] != ':' || str[5] != ':' {
		return c, false
	}
	h, ok1 := num2(str[0:])
	m, ok2 := num2(str[3:])
	s, ok3 := num2(str[6:])
	if !ok1 || !ok2 || !ok3 || h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 60 {
		return c, false
	}
	c.h, c.m, c.s = h, m, s
	str = str[8:]
	if str[0] == '.' {
		str = str[1:]
		n := 0
		for n < len(str) && str[n] >= '0' && str[n] <= '9' {
			if n < 9 {
				c.nano = c.nano*10 + int(str[n]-'0')
			}
			n++
		}
		if n == 0 {
			return c, false
		}
		for i := n; i < 9; i++ {
			c.nano *= 10
		}
		str = str[n:]
	}
	switch {
	case len(str) == 1 && (str[0] == 'Z' || str[0] == 'z'):
		c.z = true
	case len(str) == 6 && str[3] == ':' && (str[0] == '+' || str[0] == '-'):
		zh, ok1 := num2(str[1:])
		zm, ok2 := num2(str[4:])
		if !ok1 || !ok2 || zh < 0 || zh > 23 || zm < 0 || zm > 59 {
			return c, false
		}
		c.off = zh*60 + zm
		if str[0] == '-' {
			c.off = -c.off
			c.unknown = c.off == 0
		}
	default:
		return c, false
	}
	if s == 60 {
		utc := ((h*60+m-c.off)%1440 + 1440) % 1440
		if utc != 23*60+59 {
			return c, false
		}
	}
	return c, true
}

// appendClock writes hh:mm:ss, the fraction without trailing zeros, and
// the offset.
func appendClock(b []byte, h, m, s, nano, off int, z, unknown bool) []byte {
	b = append(b, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
	if nano != 0 {
		var f [9]byte
		for i := 8; i >= 0; i-- {
			f[i] = byte('0' + nano%10)
			nano /= 10
		}
		n := 9
		for f[n-1] == '0' {
			n--
		}
		b = append(b, '.')
		b = append(b, f[:n]...)
	}
	switch {
	case off == 0 && z:
		return append(b, 'Z')
	case off == 0 && unknown:
		return append(b, "-00:00"...)
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	return append(b, sign, byte('0'+off/600), byte('0'+off/60%10), ':', byte('0'+off%60/10), byte('0'+off%10))
}

// ParseTimeOfDay reads a full-time; ok is false when s is not one.
func ParseTimeOfDay(s string) (t TimeOfDay, ok bool) {
	c, ok := parseClock(s)
	if !ok {
		return TimeOfDay{}, false
	}
	return TimeOfDay{Hour: c.h, Minute: c.m, Second: c.s, Nanosecond: c.nano, Offset: c.off, Z: c.z, Unknown: c.unknown}, true
}

// Valid reports whether t is a time format "time" can write.
func (t TimeOfDay) Valid() bool {
	if t.Hour < 0 || t.Hour > 23 || t.Minute < 0 || t.Minute > 59 || t.Second < 0 || t.Second > 60 ||
		t.Nanosecond < 0 || t.Nanosecond > 999999999 || t.Offset < -1439 || t.Offset > 1439 {
		return false
	}
	if t.Second == 60 {
		utc := ((t.Hour*60+t.Minute-t.Offset)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

// AppendTimeOfDay appends t as hh:mm:ss[.fraction](Z|±hh:mm); it fails
// when t is not Valid.
func AppendTimeOfDay(b []byte, t TimeOfDay) ([]byte, error) {
	if !t.Valid() {
		return b, errors.New("not a valid time of day")
	}
	return appendClock(b, t.Hour, t.Minute, t.Second, t.Nanosecond, t.Offset, t.Z, t.Unknown), nil
}

// String is t as format "time" writes it (or a note when t is not Valid).
func (t TimeOfDay) String() string {
	b, err := AppendTimeOfDay(nil, t)
	if err != nil {
		return "invalid time"
	}
	return string(b)
}

// unknownOffset is the zone ParseDateTime gives a time written with the
// offset -00:00, so that it is written back so.
const unknownOffset = "-00:00"

// ParseDateTime reads an RFC 3339 date-time as format "date-time" accepts
// it, into a time.Time: Z (or z) gives time.UTC, an offset a fixed zone
// of that offset (-00:00 a zone named "-00:00"). Fraction digits past
// nanoseconds are dropped; a leap second (23:59:60 UTC) becomes the first
// instant of the next minute, as time.Date makes of second 60, except on
// 9999-12-31, where it becomes 23:59:59.999999999 (the year 10000 has no
// RFC 3339 form). ok is false when s is not a date-time.
func ParseDateTime(s string) (t time.Time, ok bool) {
	if len(s) < 20 || s[10] != 'T' && s[10] != 't' {
		return time.Time{}, false
	}
	d, ok := ParseDate(s[:10])
	if !ok {
		return time.Time{}, false
	}
	c, ok := parseClock(s[11:])
	if !ok {
		return time.Time{}, false
	}
	loc := time.UTC
	switch {
	case c.unknown:
		loc = time.FixedZone(unknownOffset, 0)
	case !c.z:
		loc = time.FixedZone("", c.off*60)
	}
	t = time.Date(d.Year, d.Month, d.Day, c.h, c.m, c.s, c.nano, loc)
	if t.Year() > 9999 {
		// The leap second of 9999-12-31 would be the year 10000, which
		// RFC 3339 cannot write: it is the last instant of 9999 instead.
		t = time.Date(9999, 12, 31, 23, 59, 59, 999999999, loc)
	}
	return t, true
}

// AppendDateTime appends t in RFC 3339: T and Z upper case, the fraction
// without trailing zeros, Z for time.UTC and an offset for any other zone
// (-00:00 for the zone ParseDateTime gives that offset). It fails for a
// year outside 0000 to 9999 and for a zone whose offset is not whole
// minutes.
func AppendDateTime(b []byte, t time.Time) ([]byte, error) {
	name, off := t.Zone()
	if off%60 != 0 {
		return b, errors.New("the offset of zone " + strconv.Quote(name) + " is not a whole number of minutes: RFC 3339 cannot write it")
	}
	y, m, d := t.Date()
	if y < 0 || y > 9999 {
		return b, errors.New("year " + strconv.Itoa(y) + " is outside 0000 to 9999")
	}
	b = appendDate(b, y, int(m), d)
	b = append(b, 'T')
	h, mi, s := t.Clock()
	z := t.Location() == time.UTC
	return appendClock(b, h, mi, s, t.Nanosecond(), off/60, z, off == 0 && name == unknownOffset), nil
}

// UUID is a UUID's 16 bytes, the Go type of format "uuid".
type UUID [16]byte

// ParseUUID reads the 8-4-4-4-12 hex form, in either case; ok is false
// when s is not one.
func ParseUUID(s string) (u UUID, ok bool) {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, false
	}
	j := 0
	for i := 0; i < 36; {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			i++
			continue
		}
		hi, ok1 := unhex(s[i])
		lo, ok2 := unhex(s[i+1])
		if !ok1 || !ok2 {
			return UUID{}, false
		}
		u[j] = hi<<4 | lo
		i, j = i+2, j+1
	}
	return u, true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// AppendUUID appends u in the 8-4-4-4-12 form, lower case.
func AppendUUID(b []byte, u UUID) []byte {
	const hex = "0123456789abcdef"
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hex[c>>4], hex[c&15])
	}
	return b
}

// String is u in the 8-4-4-4-12 form, lower case.
func (u UUID) String() string { return string(AppendUUID(make([]byte, 0, 36), u)) }

// ParseIPv4 reads a dotted quad as format "ipv4" accepts it: each of the
// four parts is read as strconv.Atoi reads it (so "+1" is 1) and is 0 to
// 255, with no leading zero before a part that is not 0. ok is false when
// s is not one.
func ParseIPv4(s string) (a netip.Addr, ok bool) {
	var b [4]byte
	for i := 0; i < 4; i++ {
		part := s
		if i < 3 {
			dot := strings.IndexByte(s, '.')
			if dot < 0 {
				return netip.Addr{}, false
			}
			part, s = s[:dot], s[dot+1:]
		} else if strings.IndexByte(s, '.') >= 0 {
			return netip.Addr{}, false
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || n > 255 || n != 0 && part[0] == '0' {
			return netip.Addr{}, false
		}
		b[i] = byte(n)
	}
	return netip.AddrFrom4(b), true
}

// ParseIPv6 reads an IPv6 address as format "ipv6" accepts it: any form
// netip.ParseAddr reads that has a colon and no zone (embedded IPv4
// included). ok is false when s is not one.
func ParseIPv6(s string) (a netip.Addr, ok bool) {
	if strings.IndexByte(s, ':') < 0 {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a, true
}

// Duration is an ISO 8601 duration (RFC 3339 appendix A: P1Y2M3DT4H5M6S,
// P2W), the Go type of format "duration". It holds the text as read, so
// it is written back exactly; Parts reads its components.
type Duration string

// DurationParts are the components of a Duration; the ones it does not
// name are 0.
type DurationParts struct {
	Years, Months, Weeks, Days, Hours, Minutes, Seconds uint64
}

// Parts reads the components of d; it fails when d is not a duration or a
// component does not fit in a uint64.
func (d Duration) Parts() (DurationParts, error) {
	var p DurationParts
	s := string(d)
	if !isDurationText(s) {
		return p, errors.New(strconv.Quote(s) + " is not a duration")
	}
	date := true
	for i := 1; i < len(s); {
		if s[i] == 'T' {
			date = false
			i++
			continue
		}
		j := i
		for s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, err := strconv.ParseUint(s[i:j], 10, 64)
		if err != nil {
			return DurationParts{}, errors.New(strconv.Quote(s) + ": " + s[i:j+1] + " does not fit in a uint64")
		}
		switch {
		case s[j] == 'Y':
			p.Years = n
		case s[j] == 'M' && date:
			p.Months = n
		case s[j] == 'W':
			p.Weeks = n
		case s[j] == 'D':
			p.Days = n
		case s[j] == 'H':
			p.Hours = n
		case s[j] == 'M':
			p.Minutes = n
		case s[j] == 'S':
			p.Seconds = n
		}
		i = j + 1
	}
	return p, nil
}

// isDurationText reports whether s is a duration as format "duration"
// accepts it: P, then number-unit pairs whose units are, in the date part,
// a run of YMD in order (Y, M, D, YM, MD, YMD), or W alone, then
// optionally T and a run of HMS in order.
func isDurationText(s string) bool {
	if len(s) == 0 || s[0] != 'P' {
		return false
	}
	s = s[1:]
	units := func(stop bool) (string, bool) {
		var u []byte
		for len(s) > 0 && !(stop && s[0] == 'T') {
			n := 0
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			if n == 0 || n == len(s) {
				return string(u), false
			}
			u = append(u, s[n])
			s = s[n+1:]
		}
		return string(u), true
	}
	u, ok := units(true)
	if !ok {
		return false
	}
	if u == "W" {
		return len(s) == 0
	}
	if len(u) > 0 {
		if !strings.Contains("YMD", u) {
			return false
		}
		if len(s) == 0 {
			return true
		}
	}
	if len(s) == 0 || s[0] != 'T' {
		return false
	}
	s = s[1:]
	u, ok = units(false)
	return ok && len(s) == 0 && len(u) > 0 && strings.Contains("HMS", u)
}

// ParseDuration reads a duration; ok is false when s is not one.
func ParseDuration(s string) (Duration, bool) {
	if !isDurationText(s) {
		return "", false
	}
	return Duration(s), true
}

// URI is an absolute URI, the Go type of format "uri". It holds the text
// as read, so it is written back exactly (url.URL's String does not keep
// every form); URL parses it.
type URI string

// URL parses u with net/url.
func (u URI) URL() (*url.URL, error) { return url.Parse(string(u)) }

// ParseURI reads an absolute URI as format "uri" accepts it: net/url
// parses it, it has a scheme, and a host with a colon is an IPv6 address
// in brackets. ok is false when s is not one.
func ParseURI(s string) (URI, bool) {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() {
		return "", false
	}
	if h := u.Hostname(); strings.IndexByte(h, ':') >= 0 {
		if strings.IndexByte(u.Host, '[') < 0 || strings.IndexByte(u.Host, ']') < 0 {
			return "", false
		}
		if _, ok := ParseIPv6(h); !ok {
			return "", false
		}
	}
	return URI(s), true
}
