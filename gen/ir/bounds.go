package ir

import (
	"math"
	"math/big"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
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
		v := schema.CeilRat(r)
		if exclusive && r.IsInt() {
			v.Add(v, big.NewInt(1))
		}
		if !v.IsInt64() {
			return false
		}
		if !ib.HasMin || v.Int64() > ib.Min {
			ib.HasMin, ib.Min, ib.MinKw, ib.MinSrc = true, v.Int64(), kw, schema.DecimalString(r)
		}
		return true
	}
	upper := func(r *big.Rat, kw string, exclusive bool) bool {
		if r == nil {
			return true
		}
		v := schema.FloorRat(r)
		if exclusive && r.IsInt() {
			v.Sub(v, big.NewInt(1))
		}
		if !v.IsInt64() {
			return false
		}
		if !ib.HasMax || v.Int64() < ib.Max {
			ib.HasMax, ib.Max, ib.MaxKw, ib.MaxSrc = true, v.Int64(), kw, schema.DecimalString(r)
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
		ib.Mult, ib.MultSrc = p.Int64(), schema.DecimalString(m)
	}
	return ib, true
}

func numBounds(s *jsonschema.Schema) *NumBounds {
	return &NumBounds{
		Min: schema.RatString(s.Minimum), ExMin: schema.RatString(s.ExclusiveMinimum),
		Max: schema.RatString(s.Maximum), ExMax: schema.RatString(s.ExclusiveMaximum),
		MultipleOf: schema.RatString(s.MultipleOf),
	}
}

// Empty reports whether no numeric keyword is present.
func (n *NumBounds) Empty() bool {
	return n == nil || n.Min == "" && n.ExMin == "" && n.Max == "" && n.ExMax == "" && n.MultipleOf == ""
}
