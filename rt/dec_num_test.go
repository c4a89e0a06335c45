package rt

import (
	"errors"
	"math"
	"math/big"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestFloatEncodesBack: Float accepts a number exactly when the encoder
// writes its float64 back as the same value, and refuses the others as a
// range deviation.
func TestFloatEncodesBack(t *testing.T) {
	for _, in := range []string{
		`0`, `-0`, `0.0`, `-0.0e5`, `0e20001`, `0.1`, `1.10`, `-2.5`, `1e2`, `1E+2`, `1e21`, `1e-7`, `1.5e300`,
		`123456789012345`, `0.000000000000001`, `1234567890123456`, `9007199254740992`, `0.30000000000000004`,
		`1.00000000000000000000`, `1000000000000000000000000000000`, `1e30`, `5e-324`, `1.7976931348623157e308`,
		`2.2250738585072014e-308`,
	} {
		f, lit, err := NewDecoder([]byte(in)).Float()
		want, _ := strconv.ParseFloat(in, 64)
		if err != nil || f != want || lit != in {
			t.Errorf("Float(%s) = %v, %q, %v; want %v", in, f, lit, err, want)
		}
	}
	for in, back := range map[string]string{
		`9223372036854775807`:                  "9223372036854776000",
		`9223372036854775808`:                  "9223372036854776000",
		`-9223372036854775809`:                 "-9223372036854776000",
		`9007199254740993`:                     "9007199254740992",
		`1000000000000000000000000000001`:      "1e+30",
		`0.1000000000000000055511151231257827`: "0.1",
		`4e-324`:                               "5e-324",
		`1e-400`:                               "0",
		`1e-20001`:                             "0",
		`-1e-2000000`:                          "-0",
		`1e99999999999999999999`:               "",
		`1e400`:                                "",
	} {
		_, _, err := NewDecoder([]byte(in)).Float()
		want := "does not fit in float64"
		if back != "" {
			want += " exactly (it would encode as " + back + ")"
		}
		var e *Error
		if !errors.As(err, &e) || !IsRange(err) || e.Keyword != "type" || !strings.Contains(e.Msg, want) {
			t.Errorf("Float(%s): got %v (range %v), want a range refusal with %q", in, err, IsRange(err), want)
		}
	}
}

// TestFloatAgreesWithExactArithmetic holds Float against big.Rat on random
// literals: it accepts one exactly when the decimal AppendFloat writes for
// the float64 has the literal's value.
func TestFloatAgreesWithExactArithmetic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n /= 10
	}
	accepted := 0
	for range n {
		lit := randomLiteral(rng)
		f, _, err := NewDecoder([]byte(lit)).Float()
		want := encodesBackExactly(lit)
		if (err == nil) != want {
			t.Fatalf("Float(%s) = %v, %v; the exact answer is accept=%v", lit, f, err, want)
		}
		if err != nil && !IsRange(err) {
			t.Fatalf("Float(%s): %v is not a range refusal", lit, err)
		}
		if err == nil {
			accepted++
		}
	}
	// Both answers must be common, or the comparison proves little.
	if accepted < n/5 || accepted > n*4/5 {
		t.Fatalf("%d of %d literals accepted; the generator should give both answers often", accepted, n)
	}
}

// randomLiteral writes a JSON number: a float64's shortest form or a longer
// one, or a random decimal of up to 20 digits with a random exponent.
func randomLiteral(rng *rand.Rand) string {
	switch rng.Intn(4) {
	case 0:
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 1
		}
		return strconv.FormatFloat(f, 'g', -1, 64)
	case 1:
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 1
		}
		return strconv.FormatFloat(f, 'e', 15+rng.Intn(4), 64)
	}
	var b []byte
	if rng.Intn(2) == 0 {
		b = append(b, '-')
	}
	digits := 1 + rng.Intn(20)
	point := rng.Intn(digits + 1)
	for i := range digits {
		if i == point && i > 0 {
			b = append(b, '.')
		}
		c := byte('0' + rng.Intn(10))
		if i == 0 && point != 1 {
			c = byte('1' + rng.Intn(9))
		}
		b = append(b, c)
	}
	if point == 1 && b[len(b)-1] == '.' {
		b = append(b, '0')
	}
	if rng.Intn(2) == 0 {
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(rng.Intn(700)-350), 10)
	}
	return string(b)
}

// encodesBackExactly is the specification of Float's answer, in exact
// arithmetic.
func encodesBackExactly(lit string) bool {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	x, ok1 := new(big.Rat).SetString(lit)
	y, ok2 := new(big.Rat).SetString(string(AppendFloat(nil, f)))
	return ok1 && ok2 && x.Cmp(y) == 0
}

func TestIntRefusalsAreRange(t *testing.T) {
	for _, in := range []string{`9223372036854775808`, `1e400000`} {
		if _, err := NewDecoder([]byte(in)).Int(); !IsRange(err) {
			t.Errorf("Int(%s): %v is not a range refusal", in, err)
		}
	}
	if _, err := NewDecoder([]byte(`1.5`)).Int(); err == nil || IsRange(err) {
		t.Errorf("Int(1.5): %v; want a refusal that is not a range deviation", err)
	}
	if IsRange(errors.New("x")) || IsRange(nil) {
		t.Error("IsRange holds for an error that is not an *Error")
	}
}

// BenchmarkFloat decodes numbers into float64: short ones take the cheap
// check, long ones (a float64's shortest form of 17 digits) the exact one.
func BenchmarkFloat(b *testing.B) {
	for _, lit := range []string{`1.5`, `12345.678`, `0.30000000000000004`, `1.2345678901234567e-8`} {
		b.Run(lit, func(b *testing.B) {
			in := []byte(lit)
			var d Decoder
			for b.Loop() {
				d.Reset(in)
				if _, _, err := d.Float(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
