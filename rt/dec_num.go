package rt

import (
	"math"
	"strconv"

	"github.com/zeroproject/zero/internal/jsonnum"
	"github.com/zeroproject/zero/rt/internal/msg"
)

// MaxExponent (10000) bounds the decimal exponent of numbers that
// constraints are checked against exactly; larger exponents are refused (a
// documented deviation that keeps big-number arithmetic bounded).
const MaxExponent = jsonnum.MaxExponent

// numLit reads a number, checking the JSON grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, and returns its text.
func (d *Decoder) numLit() (string, error) {
	s := d.str
	start := d.pos
	i := start
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = digits(s, i)
	default:
		d.pos = i
		return "", d.unexpected("a digit")
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			d.pos = j
			return "", d.unexpected("a digit after '.'")
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			d.pos = j
			return "", d.unexpected("a digit in the exponent")
		}
		i = j
	}
	d.pos = i
	return s[start:i], nil
}

func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// NumLit reads a number and returns its text exactly as written.
func (d *Decoder) NumLit() (string, error) {
	if d.Next() != Number {
		return "", d.TypeError("number")
	}
	return d.numLit()
}

// Int reads an integer into an int64. 1.0 and 1e2 are integers; 1.5 is
// not; integers beyond int64 are refused with a clear message (a
// documented deviation from JSON Schema, which has no size limit).
func (d *Decoder) Int() (int64, error) {
	if d.Next() != Number {
		return 0, d.TypeError("integer")
	}
	off := d.pos
	lit, err := d.numLit()
	if err != nil {
		return 0, err
	}
	if v, ok := fastInt(lit); ok {
		return v, nil
	}
	return slowInt(lit, off)
}

// fastInt parses plain integers of up to 18 digits.
func fastInt(lit string) (int64, bool) {
	neg := lit[0] == '-'
	s := lit
	if neg {
		s = s[1:]
	}
	if len(s) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

func slowInt(lit string, off int) (int64, error) {
	dec, ok := jsonnum.Parse(lit)
	if !ok {
		return 0, FailRange(off, "number "+msg.Clip(lit)+" is outside the range this decoder checks exactly")
	}
	if !dec.IsInt() {
		return 0, newError(off, "type", "got number "+lit+", want integer")
	}
	r := dec.Rat()
	if !r.Num().IsInt64() {
		return 0, FailRange(off, "integer "+msg.Clip(lit)+" does not fit in int64")
	}
	return r.Num().Int64(), nil
}

// Float reads a number into a float64, and returns its text too. It
// refuses a number that float64 cannot hold exactly enough for the encoder
// to write the same value back (a documented deviation, like int64's range):
// beyond float64's range (1e400), below it (1e-400), or with more
// significant digits than the shortest decimal of its float64
// (9223372036854775807 would come back as 9223372036854776000). A number of
// at most 15 digits without an exponent always comes back, so only longer
// ones pay for the exact check.
func (d *Decoder) Float() (float64, string, error) {
	if d.Next() != Number {
		return 0, "", d.TypeError("number")
	}
	off := d.pos
	lit, err := d.numLit()
	if err != nil {
		return 0, "", err
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, "", FailRange(off, "number "+msg.Clip(lit)+" does not fit in float64")
	}
	if !fewDigits(lit) && !encodesBack(f, lit) {
		var buf [32]byte
		return 0, "", FailRange(off, "number "+msg.Clip(lit)+" does not fit in float64 exactly (it would encode as "+
			string(AppendFloat(buf[:0], f))+")")
	}
	return f, lit, nil
}

// fewDigits reports whether lit has at most 15 digits and no exponent.
// Such a decimal is within float64's normal range, and float64 tells apart
// all decimals of 15 significant digits, so the shortest decimal of its
// float64, which the encoder writes, is lit's value.
func fewDigits(lit string) bool {
	if len(lit) > 17 {
		return false
	}
	n := 0
	for i := 0; i < len(lit); i++ {
		switch c := lit[i]; {
		case c >= '0' && c <= '9':
			n++
		case c == 'e' || c == 'E':
			return false
		}
	}
	return n <= 15
}

// encodesBack reports whether AppendFloat writes f, read from lit, as a
// decimal of lit's value.
func encodesBack(f float64, lit string) bool {
	var buf [32]byte
	return sameDecimal(lit, string(AppendFloat(buf[:0], f)))
}

// sameDecimal reports whether the JSON number literals a and b denote the
// same value, without allocating. Zero equals minus zero.
func sameDecimal(a, b string) bool {
	x, y := splitDecimal(a), splitDecimal(b)
	if x.zero() || y.zero() {
		return x.zero() && y.zero()
	}
	if x.neg != y.neg || x.bad || y.bad || x.n != y.n || x.exp != y.exp {
		return false
	}
	for i := range x.n {
		if x.digit(i) != y.digit(i) {
			return false
		}
	}
	return true
}

// decimal is a number literal's value as significant digits (the n digits
// of whole+frac from first on, the others being zeros) × 10^exp.
type decimal struct {
	neg         bool
	whole, frac string
	first, n    int
	exp         int
	bad         bool // the exponent does not fit in an int
}

func (x *decimal) zero() bool { return x.n == 0 }

func (x *decimal) digit(i int) byte {
	i += x.first
	if i < len(x.whole) {
		return x.whole[i]
	}
	return x.frac[i-len(x.whole)]
}

// splitDecimal splits a JSON number literal (already checked) into its
// significant digits and exponent.
func splitDecimal(s string) decimal {
	var x decimal
	if s != "" && s[0] == '-' {
		x.neg = true
		s = s[1:]
	}
	mant, exp := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			mant, exp = s[:i], s[i+1:]
			break
		}
	}
	x.whole = mant
	for i := 0; i < len(mant); i++ {
		if mant[i] == '.' {
			x.whole, x.frac = mant[:i], mant[i+1:]
			break
		}
	}
	total := len(x.whole) + len(x.frac)
	for x.first < total && x.digit(0) == '0' {
		x.first++
	}
	last := total - x.first // digits from first on
	for last > 0 && x.digit(last-1) == '0' {
		last--
	}
	x.n = last
	if x.n == 0 {
		return x
	}
	e, err := strconv.Atoi(exp)
	if exp == "" {
		e, err = 0, nil
	}
	// value = digits[first:first+n] × 10^(e - len(frac) + trailing zeros)
	trailing := total - x.first - x.n
	x.exp = e - len(x.frac) + trailing
	x.bad = err != nil || e > math.MaxInt32 || e < math.MinInt32
	return x
}
