package jsonnum

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		lit   string
		want  Decimal
		ok    bool
		isInt bool
	}{
		{"0", Decimal{}, true, true},
		{"-0.000e7", Decimal{}, true, true},
		{"1200", Decimal{Coef: "12", Exp: 2}, true, true},
		{"-1.50", Decimal{Neg: true, Coef: "15", Exp: -1}, true, false},
		{"1e2", Decimal{Coef: "1", Exp: 2}, true, true},
		{"1e10001", Decimal{}, false, false},
		{"1e-10001", Decimal{}, false, false},
	} {
		got, ok := Parse(tc.lit)
		if ok != tc.ok || (ok && (got != tc.want || got.IsInt() != tc.isInt)) {
			t.Errorf("Parse(%s) = %+v, %v; want %+v, %v (integer %v)", tc.lit, got, ok, tc.want, tc.ok, tc.isInt)
		}
	}
	if r := (Decimal{Neg: true, Coef: "15", Exp: -1}).Rat(); r.RatString() != "-3/2" {
		t.Errorf("Rat of -1.5 = %s", r.RatString())
	}
}
