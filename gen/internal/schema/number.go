package schema

import (
	"math/big"
)

// RatString is r in lowest terms ("3", "1/3"), or "" for nil.
func RatString(r *big.Rat) string {
	if r == nil {
		return ""
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString()
}

// FloorRat is the largest integer not above r.
func FloorRat(r *big.Rat) *big.Int {
	q := new(big.Int).Div(r.Num(), r.Denom())
	return q // Euclidean division with a positive denominator floors
}

// CeilRat is the smallest integer not below r.
func CeilRat(r *big.Rat) *big.Int {
	q := FloorRat(r)
	if !r.IsInt() {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// DecimalString prints r as the schema would have written it, when it is
// a terminating decimal.
func DecimalString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	for prec := 1; prec <= 64; prec++ {
		s := r.FloatString(prec)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s
		}
	}
	return r.RatString()
}
