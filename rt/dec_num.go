package rt

import (
	"math"
	"strconv"

	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// MaxExponent (10000) bounds the decimal exponent of numbers that
// constraints are checked against exactly; larger exponents are refused (a
// documented deviation that keeps big-number arithmetic bounded).
const MaxExponent = jsonnum.MaxExponent

// numLit reads a number, checking the JSON grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, and returns its text.
func (d *Decoder) numLit() (string, error) {
	lit, _, err := d.numLitDigits()
	return lit, err
}

// numLitDigits is numLit that also returns the number of digits before
// the exponent when the exponent has at most two digits (or is absent), and
// -1 otherwise.
func (d *Decoder) numLitDigits() (string, int, error) {
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
		return "", 0, d.unexpected("a digit")
	}
	n := i - start
	if s[start] == '-' {
		n--
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			d.pos = j
			return "", 0, d.unexpected("a digit after '.'")
		}
		n += j - i - 1
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
			return "", 0, d.unexpected("a digit in the exponent")
		}
		if j-i > 2 {
			n = -1
		}
		i = j
	}
	d.pos = i
	return s[start:i], n, nil
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
// at most 15 digits and an exponent of at most two digits always comes
// back, so only the others pay for the exact check.
func (d *Decoder) Float() (float64, string, error) {
	if d.Next() != Number {
		return 0, "", d.TypeError("number")
	}
	off := d.pos
	lit, n, err := d.numLitDigits()
	if err != nil {
		return 0, "", err
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, "", FailRange(off, "number "+msg.Clip(lit)+" does not fit in float64")
	}
	// 0 <= n <= 15: at most 15 digits and an exponent of at most two put
	// the decimal well within float64's normal range, where float64 tells
	// apart all decimals of 15 significant digits, so the shortest decimal
	// of f, which the encoder writes, is lit's value.
	if (n < 0 || n > 15) && !encodesBack(f, lit) {
		var buf [32]byte
		return 0, "", FailRange(off, "number "+msg.Clip(lit)+" does not fit in float64 exactly (it would encode as "+
			string(AppendFloat(buf[:0], f))+")")
	}
	return f, lit, nil
}

// maxDigits is the most significant digits of a float64's shortest decimal.
const maxDigits = 17

// encodesBack reports whether the shortest decimal of f, read from lit,
// which is what AppendFloat writes, has lit's value. It compares the
// significant digits and the decimal exponent of each, without allocating.
func encodesBack(f float64, lit string) bool {
	var want [maxDigits]byte
	n, exp, ok := sigDigits(lit, &want)
	if !ok {
		return false
	}
	if n == 0 {
		return true // zero, and f is ±0
	}
	var buf [32]byte
	s := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // -d.ddde±dd
	i := 0
	if s[0] == '-' {
		i++
	}
	k := 0
	for ; s[i] != 'e'; i++ {
		if s[i] == '.' {
			continue
		}
		if k >= n || s[i] != want[k] {
			return false
		}
		k++
	}
	if k != n {
		return false
	}
	return exponent(s, i) == exp
}

// sigDigits writes the significant digits of the number literal lit (no
// leading or trailing zeros) into buf and returns their count and the
// decimal exponent of the first: lit = 0.d1d2… × 10^(exp+1). It reports
// false when lit has more significant digits than buf holds.
func sigDigits(lit string, buf *[maxDigits]byte) (n, exp int, ok bool) {
	i := 0
	if lit[0] == '-' {
		i++
	}
	whole, lead, seen := 0, 0, 0 // digits before '.', leading zeros, digits kept or passed after the first significant one
	point := false
	for ; i < len(lit) && lit[i] != 'e' && lit[i] != 'E'; i++ {
		c := lit[i]
		switch {
		case c == '.':
			point = true
			continue
		case seen == 0 && c == '0':
			lead++
		case c != '0':
			if seen >= maxDigits {
				return 0, 0, false
			}
			buf[seen] = c
			seen++
			n = seen
		default:
			if seen < maxDigits {
				buf[seen] = c
			}
			seen++
		}
		if !point {
			whole++
		}
	}
	if n == 0 {
		return 0, 0, true
	}
	return n, whole - lead - 1 + exponent(lit, i), true
}

// exponent reads the exponent of lit from i (its 'e', or the end),
// saturating far beyond any float64's.
func exponent[T string | []byte](lit T, i int) int {
	if i >= len(lit) {
		return 0
	}
	i++
	neg := false
	if lit[i] == '+' || lit[i] == '-' {
		neg = lit[i] == '-'
		i++
	}
	e := 0
	for ; i < len(lit); i++ {
		e = min(e*10+int(lit[i]-'0'), 1<<30)
	}
	if neg {
		return -e
	}
	return e
}
