package rt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

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
	dec, ok := ParseDecimal(lit)
	if !ok {
		return 0, newError(off, "type", "number "+lit+" is outside the range this decoder checks exactly")
	}
	if !dec.IsInt() {
		return 0, newError(off, "type", "got number "+lit+", want integer")
	}
	r := dec.Rat()
	if !r.Num().IsInt64() {
		return 0, newError(off, "type", "integer "+lit+" does not fit in int64")
	}
	return r.Num().Int64(), nil
}

// Float reads a number into a float64. Numbers beyond float64's range are
// refused.
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
		return 0, "", newError(off, "type", "number "+lit+" does not fit in float64")
	}
	return f, lit, nil
}

// MaxExponent bounds the decimal exponent of numbers that constraints are
// checked against exactly; larger exponents are refused (a documented
// deviation that keeps big-number arithmetic bounded).
const MaxExponent = 10000

// Decimal is an exact decimal number: Coef × 10^Exp, with Coef free of
// trailing zeros (or zero).
type Decimal struct {
	Neg  bool
	Coef string // digits without leading zeros; "" for zero
	Exp  int
}

// ParseDecimal parses a JSON number literal exactly. It reports false when
// the exponent is beyond MaxExponent.
func ParseDecimal(lit string) (Decimal, bool) {
	var d Decimal
	s := lit
	if s != "" && s[0] == '-' {
		d.Neg = true
		s = s[1:]
	}
	mant := s
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.Atoi(s[i+1:])
		if err != nil || e > MaxExponent*2 || e < -MaxExponent*2 {
			return d, false
		}
		exp = e
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	coef := intPart + frac
	exp -= len(frac)
	i := 0
	for i < len(coef) && coef[i] == '0' {
		i++
	}
	coef = coef[i:]
	j := len(coef)
	for j > 0 && coef[j-1] == '0' {
		j--
	}
	exp += len(coef) - j
	coef = coef[:j]
	if coef == "" {
		return Decimal{}, true
	}
	if exp+len(coef) > MaxExponent || exp < -MaxExponent {
		return d, false
	}
	d.Coef, d.Exp = coef, exp
	return d, true
}

// IsInt reports whether d is integral.
func (d Decimal) IsInt() bool { return d.Exp >= 0 }

// Rat returns d as a big.Rat.
func (d Decimal) Rat() *big.Rat {
	r := new(big.Rat)
	if d.Coef == "" {
		return r
	}
	n, _ := new(big.Int).SetString(d.Coef, 10)
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(d.Exp))), nil)
	if d.Exp >= 0 {
		r.SetInt(n.Mul(n, p))
	} else {
		r.SetFrac(n, p)
	}
	if d.Neg {
		r.Neg(r)
	}
	return r
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
