package numbers

import (
	"errors"
	"strings"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestNumbersEncodeBack: a document the decoder accepts encodes back to
// the same JSON value, so a number float64 cannot hold that exactly is
// refused, as the documented range deviation.
func TestNumbersEncodeBack(t *testing.T) {
	for in, want := range map[string]string{
		`{"value":0.1}`:                      `{"value":0.1}`,
		`{"value":1.10,"priority":0.50}`:     `{"value":1.1,"priority":0.5}`,
		`{"value":1e30}`:                     `{"value":1e+30}`,
		`{"value":0.30000000000000004}`:      `{"value":0.30000000000000004}`,
		`{"value":9007199254740992}`:         `{"value":9007199254740992}`,
		`{"value":0,"priority":0e20001}`:     `{"value":0,"priority":0}`,
		`{"value":0,"id":"a","tag":1.5}`:     `{"value":0,"id":"a","tag":1.5}`,
		`{"value":0,"id":7,"code":"x"}`:      `{"value":0,"id":7,"code":"x"}`,
		`{"value":5e-324}`:                   `{"value":5e-324}`,
		`{"value":-0}`:                       `{"value":-0}`,
		`{"value":1.7976931348623157e308}`:   `{"value":1.7976931348623157e+308}`,
		`{"value":1.00000000000000000000e1}`: `{"value":10}`,
	} {
		var r Reading
		if err := r.UnmarshalJSON([]byte(in)); err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		b, err := r.MarshalJSON()
		if err != nil || string(b) != want {
			t.Errorf("%s encodes as %s, %v; want %s", in, b, err, want)
		}
	}
}

// TestBeyondExactRangeIsRefused: each refusal is the range deviation's, at
// the number, also inside anyOf, oneOf and not, where a branch that cannot
// be checked exactly leaves the verdict unknown.
func TestBeyondExactRangeIsRefused(t *testing.T) {
	for in, want := range map[string]string{
		`{"value":9223372036854775808}`:                 "/value: type: number 9223372036854775808 does not fit in float64 exactly (it would encode as 9223372036854776000)",
		`{"value":1000000000000000000000000000001}`:     "/value: type: number 1000000000000000000000000000001 does not fit in float64 exactly (it would encode as 1e+30)",
		`{"value":123456789012345678e-3}`:               "/value: type: number 123456789012345678e-3 does not fit in float64 exactly (it would encode as 123456789012345.67)",
		`{"value":1e-400}`:                              "/value: type: number 1e-400 does not fit in float64 exactly (it would encode as 0)",
		`{"value":1e400}`:                               "/value: type: number 1e400 does not fit in float64",
		`{"value":0,"priority":1e-20001}`:               "/priority: type: number 1e-20001 does not fit in float64 exactly (it would encode as 0)",
		`{"value":0,"priority":0.1000000000000000001}`:  "/priority: type: number 0.1000000000000000001 does not fit in float64 exactly (it would encode as 0.1)",
		`{"value":0,"id":1e20001}`:                      "/id: type: number 1e20001 is outside the range this decoder checks exactly",
		`{"value":0,"tag":1e20001}`:                     "/tag: type: number 1e20001 is outside the range this decoder checks exactly",
		`{"value":0,"code":1e-20001}`:                   "/code: type: number 1e-20001 is outside the range this decoder checks exactly",
		`{"value":0,"id":true}`:                         "/id: type: got boolean, want string or integer",
		`{"value":0,"tag":3}`:                           "/tag: not: the value matches the schema it must not match",
		`{"value":0,"code":11}`:                         "/code: maximum: got 11, want <= 10", // the one branch for numbers
		`{"value":0,"priority":1.5}`:                    "/priority: maximum: got 1.5, want <= 1",
		`{"value":0,"priority":-0.0000000000000000001}`: "/priority: minimum: got -0.0000000000000000001, want >= 0",
	} {
		var r Reading
		err := r.UnmarshalJSON([]byte(in))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %s", in, err, want)
			continue
		}
		var e *rt.Error
		beyond := strings.Contains(want, "fit in float64") || strings.Contains(want, "outside the range")
		if !errors.As(err, &e) || rt.IsRange(err) != beyond {
			t.Errorf("%s: rt.IsRange = %v, want %v", in, rt.IsRange(err), beyond)
		}
	}
}
