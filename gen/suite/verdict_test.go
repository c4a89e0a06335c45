package suite

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/rt/rttest"
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
	case (r.All == 0) != r.Accepted:
		return wrong, fmt.Sprintf("UnmarshalJSONAll reported %d errors, but UnmarshalJSON accepted=%v", r.All, r.Accepted)
	case !r.Accepted && r.Err != nil && r.Err.RT && !r.AllFirst:
		return wrong, "UnmarshalJSONAll's errors do not hold UnmarshalJSON's: " + r.Err.Text
	case !r.Accepted:
		return judgeRejected(t, r.Err)
	case !t.Valid:
		return wrong, "accepted"
	case r.Enc != "":
		return wrong, "accepted, but " + r.Enc
	}
	if same, err := rttest.SameJSON(t.Data, r.Out); err != nil {
		return wrong, fmt.Sprintf("accepted, but MarshalJSON wrote %s (%v)", r.Out, err)
	} else if !same {
		return wrong, fmt.Sprintf("accepted, but MarshalJSON wrote %s (a different value)", r.Out)
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
