// Package jsonnum reads JSON number literals as exact decimals. The runtime
// checks numeric keywords with it and the generator converts schema bounds
// with it, so both read a number the same way. It is not for direct use,
// and its API may change in any release.
package jsonnum

import (
	"math/big"
	"strconv"
	"strings"
)

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

// Parse parses a JSON number literal exactly. It reports false when
// the exponent is beyond MaxExponent.
func Parse(lit string) (Decimal, bool) {
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
