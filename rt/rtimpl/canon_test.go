package rtimpl

import "testing"

func TestCanonical(t *testing.T) {
	same := [][2]string{
		{`1`, `1.0`}, {`1`, `1e0`}, {`100`, `1e2`}, {`0.5`, `5e-1`}, {`-0`, `0`},
		{`{"a":1,"b":[2]}`, ` { "b" : [ 2.0 ] , "a" : 1 } `}, {`"\u0041"`, `"A"`},
	}
	for _, p := range same {
		a, err1 := Canonical(p[0])
		b, err2 := Canonical(p[1])
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%s vs %s: %q %q %v %v", p[0], p[1], a, b, err1, err2)
		}
	}
	for _, p := range [][2]string{{`1`, `"1"`}, {`[1,2]`, `[2,1]`}, {`{"a":1}`, `{"a":1,"b":1}`}, {`true`, `1`}, {`0.1`, `0.10000000000000001`}} {
		a, _ := Canonical(p[0])
		b, _ := Canonical(p[1])
		if a == b {
			t.Errorf("%s and %s should differ", p[0], p[1])
		}
	}
}
