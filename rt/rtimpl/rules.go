package rtimpl

import (
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// StrRule holds the string keywords of one schema. MaxLen < 0 means no
// limit; Format is nil where format is an annotation.
type StrRule struct {
	MinLen, MaxLen int
	Pattern        *Pattern
	Format         *Format
}

// Check validates s; off is the value's offset (-1 for Go values).
// Lengths are counted in code points; the byte length settles most checks
// without counting (a code point takes one to four bytes).
func (r *StrRule) Check(s string, off int) error {
	if r.MinLen > 0 || r.MaxLen >= 0 {
		n := len(s)
		if (r.MinLen > 0 && n < 4*r.MinLen) || (r.MaxLen >= 0 && n > r.MaxLen) {
			n = utf8.RuneCountInString(s)
		}
		if n < r.MinLen {
			return rt.Fail(off, "minLength", "got "+msg.Plural(n, "character")+", want at least "+strconv.Itoa(r.MinLen))
		}
		if r.MaxLen >= 0 && n > r.MaxLen {
			return rt.Fail(off, "maxLength", "got "+msg.Plural(n, "character")+", want at most "+strconv.Itoa(r.MaxLen))
		}
	}
	if r.Format != nil {
		if err := r.Format.Check(s, off); err != nil {
			return err
		}
	}
	if r.Pattern == nil {
		return nil
	}
	if ok, err := r.Pattern.Match(s); err != nil {
		return r.Pattern.noVerdict(off, "pattern", err)
	} else if !ok {
		return rt.Fail(off, "pattern", strconv.Quote(msg.Clip(s))+" does not match "+strconv.Quote(r.Pattern.Source))
	}
	return nil
}

// Pattern is a compiled "pattern" keyword (or patternProperties name),
// an ECMA-262 regular expression. It is matched by RE2 when RE2 gives the
// same verdicts (see PlanPattern), else by regexp2 in ECMAScript mode;
// simple anchored character-class patterns (the usual shape of id and
// name patterns) match without either engine.
type Pattern struct {
	Source string
	re     *regexp.Regexp
	ecma   *regexp2.Regexp
	simple *simplePattern
}

// MustPattern compiles a pattern that the generator already checked.
func MustPattern(src string) *Pattern {
	plan, err := PlanPattern(src)
	if err != nil {
		panic("rtimpl: pattern " + strconv.Quote(src) + ": " + err.Error())
	}
	if plan.Engine == EngineECMA {
		re, _ := compileECMA(src)
		return &Pattern{Source: src, ecma: re}
	}
	return &Pattern{Source: src, re: regexp.MustCompile(plan.RE2), simple: compileSimple(plan.RE2)}
}

// Engine is the engine that matches p.
func (p *Pattern) Engine() Engine {
	switch {
	case p.ecma != nil:
		return EngineECMA
	case p.simple != nil:
		return engineSimple
	}
	return EngineRE2
}

// Match reports whether s matches (anywhere, as ECMA-262 does). An error
// is no verdict: regexp2 ran out of time (PatternTimeout) or of stack.
func (p *Pattern) Match(s string) (bool, error) {
	if p.ecma != nil {
		ok, err := p.ecma.MatchString(s)
		if err != nil {
			return false, err
		}
		return ok, nil
	}
	return p.MatchString(s), nil
}

// MatchString reports whether s matches, for a pattern RE2 matches (the
// generator gives the pattern maps of structs only such patterns); it
// panics on regexp2's failure to reach a verdict.
func (p *Pattern) MatchString(s string) bool {
	switch {
	case p.simple != nil:
		return p.simple.match(s)
	case p.re != nil:
		return p.re.MatchString(s)
	}
	ok, err := p.Match(s)
	if err != nil {
		panic("rtimpl: pattern " + strconv.Quote(p.Source) + ": " + err.Error())
	}
	return ok
}

// noVerdict is the error for a value that pattern p could not be matched
// against: a refusal that is no verdict on the value.
func (p *Pattern) noVerdict(off int, keyword string, err error) error {
	why := "the match took longer than " + PatternTimeout.String() + " (rtimpl.PatternTimeout)"
	if errors.Is(err, regexp2.ErrBacktrackingStackLimit) {
		why = "the match exceeded regexp2's backtracking stack"
	}
	return rt.FailNoVerdict(off, keyword, "no verdict: "+strconv.Quote(p.Source)+" is matched by regexp2 and "+why)
}

// IntRule holds the numeric keywords of an integer-typed schema, already
// converted to exact int64 bounds by the generator.
type IntRule struct {
	HasMin, HasMax bool
	Min, Max       int64 // inclusive
	MinKw, MaxKw   string
	MinSrc, MaxSrc string // the bounds as the schema wrote them
	MultipleOf     int64  // 0: none; 1 after reduction means every integer
	MultSrc        string
}

// Check validates v.
func (r *IntRule) Check(v int64, off int) error {
	if r.HasMin && v < r.Min {
		return rt.Fail(off, r.MinKw, "got "+strconv.FormatInt(v, 10)+", want "+bound(r.MinKw)+" "+r.MinSrc)
	}
	if r.HasMax && v > r.Max {
		return rt.Fail(off, r.MaxKw, "got "+strconv.FormatInt(v, 10)+", want "+bound(r.MaxKw)+" "+r.MaxSrc)
	}
	if r.MultipleOf > 1 && v%r.MultipleOf != 0 {
		return rt.Fail(off, "multipleOf", "got "+strconv.FormatInt(v, 10)+", want a multiple of "+r.MultSrc)
	}
	return nil
}

func bound(kw string) string {
	switch kw {
	case "minimum":
		return ">="
	case "exclusiveMinimum":
		return ">"
	case "maximum":
		return "<="
	}
	return "<"
}

// NumRule holds the numeric keywords of a schema, exactly.
type NumRule struct {
	Min, ExMin, Max, ExMax, MultipleOf *big.Rat
	// float64 images of the bounds, for the fast path.
	minF, exMinF, maxF, exMaxF float64
}

// NewNumRule builds a rule from decimal strings ("" for absent keywords).
func NewNumRule(min, exMin, max, exMax, multipleOf string) *NumRule {
	r := &NumRule{Min: rat(min), ExMin: rat(exMin), Max: rat(max), ExMax: rat(exMax), MultipleOf: rat(multipleOf)}
	r.minF, r.exMinF, r.maxF, r.exMaxF = ratF(r.Min), ratF(r.ExMin), ratF(r.Max), ratF(r.ExMax)
	return r
}

func rat(s string) *big.Rat {
	if s == "" {
		return nil
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("rt: bad number " + s)
	}
	return r
}

func ratF(r *big.Rat) float64 {
	if r == nil {
		return 0
	}
	f, _ := r.Float64()
	return f
}

// CheckFloat validates a float64 value. lit is its text as decoded, or ""
// for Go values.
func (r *NumRule) CheckFloat(v float64, lit string, off int) error {
	if lit == "" {
		// A Go value is validated as the decimal the encoder writes for it.
		var buf [32]byte
		lit = string(rt.AppendFloat(buf[:0], v))
	}
	var x *big.Rat
	exact := func() *big.Rat {
		if x == nil {
			if lit != "" {
				if d, ok := jsonnum.Parse(lit); ok {
					x = d.Rat()
					return x
				}
			}
			x = new(big.Rat)
			x.SetFloat64(v)
		}
		return x
	}
	show := func() string {
		if lit != "" {
			return lit
		}
		return string(rt.AppendFloat(nil, v))
	}
	// Rounding to float64 is monotonic: when the float images differ, their
	// order is the exact order; only ties need exact arithmetic.
	if r.Min != nil && (v < r.minF || (v == r.minF && exact().Cmp(r.Min) < 0)) {
		return rt.Fail(off, "minimum", "got "+show()+", want >= "+r.Min.RatString())
	}
	if r.ExMin != nil && (v < r.exMinF || (v == r.exMinF && exact().Cmp(r.ExMin) <= 0)) {
		return rt.Fail(off, "exclusiveMinimum", "got "+show()+", want > "+r.ExMin.RatString())
	}
	if r.Max != nil && (v > r.maxF || (v == r.maxF && exact().Cmp(r.Max) > 0)) {
		return rt.Fail(off, "maximum", "got "+show()+", want <= "+r.Max.RatString())
	}
	if r.ExMax != nil && (v > r.exMaxF || (v == r.exMaxF && exact().Cmp(r.ExMax) >= 0)) {
		return rt.Fail(off, "exclusiveMaximum", "got "+show()+", want < "+r.ExMax.RatString())
	}
	if r.MultipleOf != nil && !isMultiple(exact(), r.MultipleOf) {
		return rt.Fail(off, "multipleOf", "got "+show()+", want a multiple of "+decString(r.MultipleOf))
	}
	return nil
}

// CheckDecimal validates an exact number.
func (r *NumRule) CheckDecimal(x *big.Rat, lit string, off int) error {
	switch {
	case r.Min != nil && x.Cmp(r.Min) < 0:
		return rt.Fail(off, "minimum", "got "+lit+", want >= "+decString(r.Min))
	case r.ExMin != nil && x.Cmp(r.ExMin) <= 0:
		return rt.Fail(off, "exclusiveMinimum", "got "+lit+", want > "+decString(r.ExMin))
	case r.Max != nil && x.Cmp(r.Max) > 0:
		return rt.Fail(off, "maximum", "got "+lit+", want <= "+decString(r.Max))
	case r.ExMax != nil && x.Cmp(r.ExMax) >= 0:
		return rt.Fail(off, "exclusiveMaximum", "got "+lit+", want < "+decString(r.ExMax))
	case r.MultipleOf != nil && !isMultiple(x, r.MultipleOf):
		return rt.Fail(off, "multipleOf", "got "+lit+", want a multiple of "+decString(r.MultipleOf))
	}
	return nil
}

func isMultiple(x, m *big.Rat) bool {
	q := new(big.Rat).Quo(x, m)
	return q.IsInt()
}

func decString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	// exact decimals print as such when the denominator is 2^a5^b
	s := r.FloatString(20)
	for len(s) > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return s
}

// SizeRule holds minItems/maxItems or minProperties/maxProperties. Max < 0
// means no limit.
type SizeRule struct {
	Min, Max     int
	MinKw, MaxKw string
	Noun         string // "item" or "property"
}

// Check validates a count n.
func (r *SizeRule) Check(n, off int) error {
	if n < r.Min {
		return rt.Fail(off, r.MinKw, "got "+msg.Plural(n, r.Noun)+", want at least "+strconv.Itoa(r.Min))
	}
	if r.Max >= 0 && n > r.Max {
		return rt.Fail(off, r.MaxKw, "got "+msg.Plural(n, r.Noun)+", want at most "+strconv.Itoa(r.Max))
	}
	return nil
}

// Missing reports a required property that is absent from the object at off.
func Missing(off int, name string) error {
	return rt.Fail(off, "required", "missing property "+strconv.Quote(msg.Clip(name)))
}

// Unknown reports a property that the schema does not allow.
func Unknown(off int, name string) error {
	return rt.Fail(off, "additionalProperties", "unknown property "+strconv.Quote(msg.Clip(name)))
}

// Unevaluated reports a property that unevaluatedProperties: false
// refuses: no keyword beside it evaluates the member.
func Unevaluated(off int, name string) error {
	return rt.Fail(off, "unevaluatedProperties", "property "+strconv.Quote(msg.Clip(name))+" is not evaluated by any keyword and is not allowed")
}

// constMismatch reports a const violation; want is the JSON text of the const.
func constMismatch(off int, want string) error {
	return rt.Fail(off, "const", "want "+want)
}

// EnumMismatch reports an enum violation.
func EnumMismatch(off int, got string, want string) error {
	return rt.Fail(off, "enum", "got "+msg.Clip(got)+", want one of "+want)
}
