package rttest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// SameJSON reports whether a and b hold the same JSON value: objects equal
// as sets of members, arrays item by item, numbers as exact decimals (1,
// 1.0 and 10e-1 are equal; 0.30000000000000001 and 0.3 are not), strings
// after unescaping. It fails when either is not exactly one JSON value,
// saying which.
func SameJSON(a, b []byte) (bool, error) {
	va, err := Decode(a)
	if err != nil {
		return false, fmt.Errorf("first document: %w", err)
	}
	vb, err := Decode(b)
	if err != nil {
		return false, fmt.Errorf("second document: %w", err)
	}
	return EqualValues(va, vb), nil
}

// Decode reads exactly one JSON value with encoding/json, numbers as
// json.Number. White space may surround the value; anything else may not.
func Decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

// EqualValues reports whether a and b, as Decode returns them, are the same
// JSON value.
func EqualValues(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !EqualValues(va, vb) {
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
			if !EqualValues(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && EqualNumbers(string(a), string(b))
	default: // string, bool, nil
		return a == b
	}
}

// ratExpLimit bounds the exponents compared through big.Rat; beyond it
// big.Rat gets slow and, past 1e6, refuses.
const ratExpLimit = 10000

// EqualNumbers compares two JSON number literals exactly, whatever their
// exponents: through big.Rat, or for large exponents by their normalised
// decimal digits.
func EqualNumbers(a, b string) bool {
	da, db := ParseDecimal(a), ParseDecimal(b)
	if da.small() && db.small() {
		ra, oka := new(big.Rat).SetString(a)
		rb, okb := new(big.Rat).SetString(b)
		if oka && okb {
			return ra.Cmp(rb) == 0
		}
	}
	return da.equal(db)
}

// Decimal is a JSON number literal as ±Coef × 10^Exp, Coef without leading
// or trailing zeros ("" for zero), with an exponent of any size.
type Decimal struct {
	Neg  bool
	Coef string
	Exp  *big.Int
}

// ParseDecimal splits a JSON number literal (one that json.Valid accepts)
// into a Decimal.
func ParseDecimal(lit string) Decimal {
	d := Decimal{Exp: new(big.Int)}
	s := lit
	if strings.HasPrefix(s, "-") {
		d.Neg, s = true, s[1:]
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		d.Exp.SetString(strings.TrimPrefix(s[i+1:], "+"), 10)
		s = s[:i]
	}
	frac := ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s, frac = s[:i], s[i+1:]
	}
	coef := strings.TrimLeft(s+frac, "0")
	trimmed := strings.TrimRight(coef, "0")
	d.Exp.Add(d.Exp, big.NewInt(int64(len(coef)-len(trimmed)-len(frac))))
	d.Coef = trimmed
	return d
}

func (d Decimal) small() bool {
	return d.Exp.IsInt64() && d.Exp.Int64() > -ratExpLimit && d.Exp.Int64() < ratExpLimit
}

func (d Decimal) equal(e Decimal) bool {
	if d.Coef == "" || e.Coef == "" {
		return d.Coef == e.Coef
	}
	return d.Neg == e.Neg && d.Coef == e.Coef && d.Exp.Cmp(e.Exp) == 0
}
