package gen

import (
	"math"
	"math/big"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// intBounds converts numeric keywords on an integer schema into exact
// int64 bounds: for integers, x >= 1.5 is x >= 2, and x multipleOf p/q
// (in lowest terms) is x multipleOf p. It reports false when a bound does
// not fit int64, so the schema falls back to exact big-number checks.
func intBounds(s *jsonschema.Schema) (*IntBounds, bool) {
	ib := &IntBounds{}
	lower := func(r *big.Rat, kw string, exclusive bool) bool {
		if r == nil {
			return true
		}
		v := ceilRat(r)
		if exclusive && r.IsInt() {
			v.Add(v, big.NewInt(1))
		}
		if !v.IsInt64() {
			return false
		}
		if !ib.HasMin || v.Int64() > ib.Min {
			ib.HasMin, ib.Min, ib.MinKw, ib.MinSrc = true, v.Int64(), kw, decimalString(r)
		}
		return true
	}
	upper := func(r *big.Rat, kw string, exclusive bool) bool {
		if r == nil {
			return true
		}
		v := floorRat(r)
		if exclusive && r.IsInt() {
			v.Sub(v, big.NewInt(1))
		}
		if !v.IsInt64() {
			return false
		}
		if !ib.HasMax || v.Int64() < ib.Max {
			ib.HasMax, ib.Max, ib.MaxKw, ib.MaxSrc = true, v.Int64(), kw, decimalString(r)
		}
		return true
	}
	if !lower(s.Minimum, "minimum", false) || !lower(s.ExclusiveMinimum, "exclusiveMinimum", true) ||
		!upper(s.Maximum, "maximum", false) || !upper(s.ExclusiveMaximum, "exclusiveMaximum", true) {
		return nil, false
	}
	if m := s.MultipleOf; m != nil {
		p := new(big.Int).Abs(m.Num())
		if !p.IsInt64() || p.Int64() == math.MinInt64 {
			return nil, false
		}
		ib.Mult, ib.MultSrc = p.Int64(), decimalString(m)
	}
	return ib, true
}

func floorRat(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	_ = m
	return q // Euclidean division with a positive denominator floors
}

func ceilRat(r *big.Rat) *big.Int {
	q := floorRat(r)
	if !r.IsInt() {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func numBounds(s *jsonschema.Schema) *NumBounds {
	return &NumBounds{
		Min: ratString(s.Minimum), ExMin: ratString(s.ExclusiveMinimum),
		Max: ratString(s.Maximum), ExMax: ratString(s.ExclusiveMaximum),
		MultipleOf: ratString(s.MultipleOf),
	}
}

func (n *NumBounds) empty() bool {
	return n == nil || n.Min == "" && n.ExMin == "" && n.Max == "" && n.ExMax == "" && n.MultipleOf == ""
}

// decimalString prints r as the schema would have written it, when it is
// a terminating decimal.
func decimalString(r *big.Rat) string {
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
