package rt

import (
	"math"
	"strconv"

	"github.com/zeroproject/zero/internal/jsonnum"
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
