package suite

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/zeroproject/zero/gen"
)

// outcome is how one suite test went.
type outcome int

const (
	passed outcome = iota
	wrong
	refused
	deviation
)

func (o outcome) String() string {
	return [...]string{"PASSED", "WRONG", "REFUSED", "DEVIATION"}[o]
}

// judge sets the outcome of every test of c from what the generator and the
// program did.
func judge(c *suiteCase) {
	for _, t := range c.Tests {
		t.Outcome, t.Why = judgeTest(c, t)
	}
}

func judgeTest(c *suiteCase, t *suiteTest) (outcome, string) {
	switch {
	case c.GenPanic != "":
		return wrong, "generator panicked: " + c.GenPanic
	case c.GenErr != nil && !isGenError(c.GenErr):
		return wrong, "the generator failed without a *gen.Error: " + c.GenErr.Error()
	case c.GenErr != nil:
		return refused, c.GenErr.Error()
	case c.BuildErr != "":
		return wrong, "generated code does not compile: " + c.BuildErr
	case t.Res == nil:
		return wrong, "the harness program reported nothing"
	}
	r := t.Res
	switch {
	case r.Crash != "":
		return wrong, "the program died: " + r.Crash
	case r.Timeout:
		return wrong, fmt.Sprintf("no verdict within %v", perTest)
	case r.Panic != "":
		return wrong, "panic: " + r.Panic
	case !r.Accepted:
		return judgeRejected(t, r.Err)
	case !t.Valid:
		return wrong, "accepted"
	case r.Enc != "":
		return wrong, "accepted, but " + r.Enc
	}
	if same, err := sameJSON(t.Data, r.Out); !same {
		return wrong, fmt.Sprintf("accepted, but MarshalJSON wrote %s (%v)", r.Out, err)
	}
	return passed, ""
}

// isGenError reports whether err is a refusal: a *gen.Error. Any other
// failure of the generator (a render error, say) is a bug, not a refusal.
func isGenError(err error) bool {
	var ge *gen.Error
	return errors.As(err, &ge)
}

func judgeRejected(t *suiteTest, e *errInfo) (outcome, string) {
	if !e.RT {
		return wrong, fmt.Sprintf("rejected with a %s, want *rt.Error: %s", e.Type, e.Text)
	}
	if !t.Valid {
		return passed, ""
	}
	if d := deviationOf(e); d != "" {
		return deviation, d + ": " + e.Text
	}
	return wrong, "rejected: " + e.Text
}

// deviationOf names the documented strictness of the generated decoder that
// a rejection proves, or returns "".
func deviationOf(e *errInfo) string {
	switch {
	case e.Keyword == "duplicate":
		return "duplicate keys"
	case e.Keyword == "depth":
		return "nesting depth"
	case e.Keyword == "type" && strings.Contains(e.Msg, "does not fit in int64"):
		return "integer beyond int64"
	case e.Keyword == "syntax" && strings.Contains(e.Msg, "invalid UTF-8"):
		return "invalid UTF-8"
	case e.Keyword == "type" && strings.Contains(e.Msg, "outside the range this decoder checks exactly"):
		return "exponent beyond ±10000"
	}
	return ""
}

// sameJSON reports whether a and b are the same JSON value: objects equal as
// sets of members, numbers equal as exact rationals.
func sameJSON(a, b []byte) (bool, error) {
	va, err := decodeAny(a)
	if err != nil {
		return false, fmt.Errorf("suite data: %w", err)
	}
	vb, err := decodeAny(b)
	if err != nil {
		return false, fmt.Errorf("not JSON: %w", err)
	}
	if !equalJSON(va, vb) {
		return false, fmt.Errorf("a different value")
	}
	return true, nil
}

func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one value")
	}
	return v, nil
}

func equalJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !equalJSON(va, vb) {
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
			if !equalJSON(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && equalNumber(a, b)
	}
	return a == b
}

func equalNumber(a, b json.Number) bool {
	ra, oka := new(big.Rat).SetString(string(a))
	rb, okb := new(big.Rat).SetString(string(b))
	return oka && okb && ra.Cmp(rb) == 0
}
