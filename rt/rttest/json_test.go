package rttest

import (
	"strings"
	"testing"
)

func TestSameJSON(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{"b":[true,null,"x"],"a":1}`, true},
		{`1`, `1.0`, true},
		{`100`, `1e2`, true},
		{`0.5`, `5E-1`, true},
		{`-0`, `0`, true},
		{`0e99999999999`, `0`, true},
		{`1e99999999999`, `10e99999999998`, true},
		{`1e99999999999`, `1e99999999998`, false},
		{`1e20000`, `1e+20000`, true},
		{`-1e20000`, `1e20000`, false},
		{`0.30000000000000001`, `0.3`, false},
		{`12345678901234567890`, `12345678901234567891`, false},
		{`98249283749234923498293171823948729348710298301928331`, `9.824928374923492e+52`, false},
		{`0.1`, `0.10000000000000001`, false},
		{`"\u00e9"`, `"é"`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1}`, `{"b":1}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`[1]`, `[1,1]`, false},
		{`"1"`, `1`, false},
		{`null`, `false`, false},
		{`{}`, `[]`, false},
		{" [ ] \n", `[]`, true},
	} {
		got, err := SameJSON([]byte(c.a), []byte(c.b))
		if err != nil || got != c.want {
			t.Errorf("SameJSON(%s, %s) = %v, %v; want %v", c.a, c.b, got, err, c.want)
		}
	}
}

func TestSameJSONRefusesWhatIsNotOneValue(t *testing.T) {
	for _, c := range []struct{ a, b, side string }{
		{`{} {}`, `{}`, "first"},
		{`{`, `{}`, "first"},
		{`{}`, ``, "second"},
		{`{}`, `1 2`, "second"},
		{`{}`, `{}x`, "second"},
	} {
		same, err := SameJSON([]byte(c.a), []byte(c.b))
		if err == nil || same || !strings.HasPrefix(err.Error(), c.side+" document: ") {
			t.Errorf("SameJSON(%q, %q) = %v, %v; want an error about the %s document", c.a, c.b, same, err, c.side)
		}
	}
}

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		lit, coef, exp string
		neg            bool
	}{
		{"0", "", "", false},
		{"-0.0e5", "", "", true}, // the exponent of zero does not matter
		{"1200", "12", "2", false},
		{"-0.012", "12", "-3", true},
		{"1.5e+99999999999", "15", "99999999998", false},
	} {
		d := ParseDecimal(c.lit)
		if d.Coef != c.coef || (c.coef != "" && d.Exp.String() != c.exp) || d.Neg != c.neg {
			t.Errorf("ParseDecimal(%s) = %v %q e%s, want %v %q e%s", c.lit, d.Neg, d.Coef, d.Exp, c.neg, c.coef, c.exp)
		}
	}
}
