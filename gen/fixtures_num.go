package gen

import (
	"math/big"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// numSpec is what a number position requires, exactly.
type numSpec struct {
	integer                bool
	min, exMin, max, exMax *big.Rat
	mult                   *big.Rat
	int64Only              bool // a Go int64 holds the value
}

func newNumSpec(s *jsonschema.Schema, integer bool) *numSpec {
	ns := &numSpec{integer: integer, int64Only: integer}
	if s != nil {
		ns.min, ns.exMin, ns.max, ns.exMax, ns.mult = s.Minimum, s.ExclusiveMinimum, s.Maximum, s.ExclusiveMaximum, s.MultipleOf
	}
	return ns
}

// numKeywords are the numeric keywords in the order the decoder checks them.
var numKeywords = []string{"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"}

func (ns *numSpec) bound(kw string) *big.Rat {
	switch kw {
	case "minimum":
		return ns.min
	case "exclusiveMinimum":
		return ns.exMin
	case "maximum":
		return ns.max
	case "exclusiveMaximum":
		return ns.exMax
	}
	return ns.mult
}

// violations lists the numeric keywords x fails.
func (ns *numSpec) violations(x *big.Rat) []string {
	var out []string
	if ns.min != nil && x.Cmp(ns.min) < 0 {
		out = append(out, "minimum")
	}
	if ns.exMin != nil && x.Cmp(ns.exMin) <= 0 {
		out = append(out, "exclusiveMinimum")
	}
	if ns.max != nil && x.Cmp(ns.max) > 0 {
		out = append(out, "maximum")
	}
	if ns.exMax != nil && x.Cmp(ns.exMax) >= 0 {
		out = append(out, "exclusiveMaximum")
	}
	if ns.mult != nil && !new(big.Rat).Quo(x, ns.mult).IsInt() {
		out = append(out, "multipleOf")
	}
	return out
}

// usable reports whether x can stand at the position as far as its type
// goes: an integer where one is required, within int64 for Go integers,
// and printable as a terminating decimal.
func (ns *numSpec) usable(x *big.Rat) bool {
	if ns.integer && !x.IsInt() {
		return false
	}
	if ns.int64Only && !x.Num().IsInt64() {
		return false
	}
	_, ok := ratLit(x)
	return ok
}

// step is the distance between neighbouring values that satisfy multipleOf
// (1 without it).
func (ns *numSpec) step() *big.Rat {
	if ns.mult == nil {
		return big.NewRat(1, 1)
	}
	if ns.integer {
		// An integer is a multiple of p/q (lowest terms) when p divides it.
		return new(big.Rat).SetInt(new(big.Int).Abs(ns.mult.Num()))
	}
	return new(big.Rat).Abs(ns.mult)
}

// around lists numbers near b: multiples of the step on either side, b
// itself, and b plus or minus one and half a step.
func (ns *numSpec) around(b *big.Rat) []*big.Rat {
	s := ns.step()
	q := new(big.Rat).Quo(b, s)
	fl := new(big.Rat).Mul(new(big.Rat).SetInt(floorRat(q)), s)
	ce := new(big.Rat).Mul(new(big.Rat).SetInt(ceilRat(q)), s)
	half := new(big.Rat).Quo(s, big.NewRat(2, 1))
	one := big.NewRat(1, 1)
	return []*big.Rat{
		b, fl, ce,
		new(big.Rat).Sub(fl, s), new(big.Rat).Add(ce, s),
		new(big.Rat).Sub(b, one), new(big.Rat).Add(b, one),
		new(big.Rat).Sub(b, half), new(big.Rat).Add(b, half),
	}
}

// candidates lists numbers worth trying: zero and the neighbourhoods of
// every bound, and the middle of the range.
func (ns *numSpec) candidates() []*big.Rat {
	out := ns.around(new(big.Rat))
	lo, hi := ns.min, ns.max
	if lo == nil {
		lo = ns.exMin
	}
	if hi == nil {
		hi = ns.exMax
	}
	for _, b := range []*big.Rat{ns.min, ns.exMin, ns.max, ns.exMax} {
		if b != nil {
			out = append(out, ns.around(b)...)
		}
	}
	if lo != nil && hi != nil {
		mid := new(big.Rat).Add(lo, hi)
		mid.Quo(mid, big.NewRat(2, 1))
		out = append(out, ns.around(mid)...)
	}
	return out
}

// valid returns count different valid numbers, the nearest to zero first.
func (ns *numSpec) valid(count int) []string {
	var ok []*big.Rat
	seen := map[string]bool{}
	for _, x := range ns.candidates() {
		if ns.usable(x) && len(ns.violations(x)) == 0 && !seen[x.RatString()] {
			seen[x.RatString()] = true
			ok = append(ok, x)
		}
	}
	sort.SliceStable(ok, func(i, j int) bool {
		ai, aj := new(big.Rat).Abs(ok[i]), new(big.Rat).Abs(ok[j])
		if c := ai.Cmp(aj); c != 0 {
			return c < 0
		}
		return ok[i].Cmp(ok[j]) > 0
	})
	// more values, stepping up from the smallest valid one
	if len(ok) > 0 && len(ok) < count {
		x := new(big.Rat).Set(ok[0])
		for i := 0; len(ok) < count && i < 4*count; i++ {
			x = new(big.Rat).Add(x, ns.step())
			if ns.usable(x) && len(ns.violations(x)) == 0 && !seen[x.RatString()] {
				seen[x.RatString()] = true
				ok = append(ok, x)
			}
		}
	}
	var out []string
	for _, x := range ok {
		if len(out) == count {
			break
		}
		lit, _ := ratLit(x)
		out = append(out, lit)
	}
	return out
}

// violating returns a number that fails keyword and no other numeric
// keyword, near the bound or near the valid value v.
func (ns *numSpec) violating(keyword string, v *big.Rat) (string, bool) {
	b := ns.bound(keyword)
	if b == nil {
		return "", false
	}
	cands := ns.around(b)
	if keyword == "multipleOf" {
		s := ns.step()
		half := new(big.Rat).Quo(s, big.NewRat(2, 1))
		third := new(big.Rat).Quo(s, big.NewRat(3, 1))
		one := big.NewRat(1, 1)
		cands = []*big.Rat{
			new(big.Rat).Add(v, one), new(big.Rat).Sub(v, one),
			new(big.Rat).Add(v, half), new(big.Rat).Sub(v, half),
			new(big.Rat).Add(v, third), new(big.Rat).Sub(v, third),
		}
	}
	for _, x := range cands {
		if got := ns.violations(x); ns.usable(x) && len(got) == 1 && got[0] == keyword {
			return ratLit(x)
		}
	}
	return "", false
}

// ratLit prints r as a JSON number when it is a terminating decimal.
func ratLit(r *big.Rat) (string, bool) {
	s := decimalString(r)
	if strings.Contains(s, "/") {
		return "", false
	}
	return s, true
}

func parseRat(lit string) *big.Rat {
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return new(big.Rat)
	}
	return r
}
