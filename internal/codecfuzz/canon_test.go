package codecfuzz

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"strings"
	"testing"
)

// decodeAny decodes one JSON document with encoding/json and UseNumber.
func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// sameJSON reports whether a and b are the same JSON value: objects compare
// as sets of members, numbers exactly (1, 1.0 and 10e-1 are equal).
func sameJSON(a, b []byte) (bool, error) {
	va, err := decodeAny(a)
	if err != nil {
		return false, err
	}
	vb, err := decodeAny(b)
	if err != nil {
		return false, err
	}
	return equalValue(va, vb), nil
}

func equalValue(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !equalValue(va, vb) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equalValue(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && equalNumber(string(a), string(b))
	default: // string, bool, nil
		return a == b
	}
}

// ratExpLimit bounds the exponents compared through big.Rat; beyond it
// big.Rat gets slow and, past 1e6, refuses.
const ratExpLimit = 10000

// equalNumber compares two JSON number literals exactly: with big.Rat, or
// for large exponents by their normalised decimal digits.
func equalNumber(a, b string) bool {
	da, db := parseDecimal(a), parseDecimal(b)
	if da.small() && db.small() {
		ra, oka := new(big.Rat).SetString(a)
		rb, okb := new(big.Rat).SetString(b)
		if oka && okb {
			return ra.Cmp(rb) == 0
		}
	}
	return da.equal(db)
}

// decimal is a number literal as ±coef × 10^exp, coef without leading or
// trailing zeros ("" for zero).
type decimal struct {
	neg  bool
	coef string
	exp  *big.Int
}

func parseDecimal(lit string) decimal {
	d := decimal{exp: new(big.Int)}
	s := lit
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		d.exp.SetString(strings.TrimPrefix(s[i+1:], "+"), 10)
		s = s[:i]
	}
	frac := ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s, frac = s[:i], s[i+1:]
	}
	coef := strings.TrimLeft(s+frac, "0")
	trimmed := strings.TrimRight(coef, "0")
	d.exp.Add(d.exp, big.NewInt(int64(len(coef)-len(trimmed)-len(frac))))
	d.coef = trimmed
	return d
}

func (d decimal) small() bool {
	return d.exp.IsInt64() && d.exp.Int64() > -ratExpLimit && d.exp.Int64() < ratExpLimit
}

func (d decimal) equal(e decimal) bool {
	if d.coef == "" || e.coef == "" {
		return d.coef == e.coef
	}
	return d.neg == e.neg && d.coef == e.coef && d.exp.Cmp(e.exp) == 0
}

// shape is what the deviations depend on, read from the input with
// encoding/json's tokenizer (so only for json.Valid input).
type shape struct {
	duplicateKey bool // some object repeats a key (after unescaping)
	depth        int  // deepest nesting of arrays and objects
}

func shapeOf(b []byte) shape {
	type frame struct {
		obj     bool
		wantKey bool
		keys    map[string]bool
	}
	var sh shape
	var stack []*frame
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	for {
		tok, err := d.Token()
		if err == io.EOF || err != nil {
			return sh
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.obj && top.wantKey {
			if top.keys[s] {
				sh.duplicateKey = true
			}
			top.keys[s] = true
			top.wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, &frame{obj: tok == json.Delim('{'), wantKey: true, keys: map[string]bool{}})
			sh.depth = max(sh.depth, len(stack))
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			stack[len(stack)-1].wantKey = true // a member's value ended
		}
	}
}

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
		{`"\u00e9"`, `"é"`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`"1"`, `1`, false},
		{`null`, `false`, false},
	} {
		got, err := sameJSON([]byte(c.a), []byte(c.b))
		if err != nil || got != c.want {
			t.Errorf("sameJSON(%s, %s) = %v, %v; want %v", c.a, c.b, got, err, c.want)
		}
	}
}

func TestShapeOf(t *testing.T) {
	for _, c := range []struct {
		in    string
		dup   bool
		depth int
	}{
		{`1`, false, 0},
		{`{"a":{"a":1},"b":[{"a":2},{"a":3}]}`, false, 3},
		{`{"a":1,"a":2}`, true, 1},
		{`{"a":1,"\u0061":2}`, true, 1},
		{`[{"a":[]},{"b":"a","a":"b"}]`, false, 3},
		{`{"x":{"k":1,"k":1}}`, true, 2},
		{`[[[[]]]]`, false, 4},
	} {
		sh := shapeOf([]byte(c.in))
		if sh.duplicateKey != c.dup || sh.depth != c.depth {
			t.Errorf("shapeOf(%s) = %+v, want dup %v depth %d", c.in, sh, c.dup, c.depth)
		}
	}
}
