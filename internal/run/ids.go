package run

import (
	"fmt"
	"time"

	"github.com/zeroproject/zero/internal/randid"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/schema"
)

// idRule is the stream-json id rule (run, session and tool call ids), read
// from the schema.
var idRule = schema.MustStringRule("streamjson/v2/defs.json", "id")

// NewRunID returns a new run id, "run_YYYYMMDD_" and eight random
// lowercase letters and digits.
func NewRunID(t time.Time) string {
	return "run_" + t.UTC().Format("20060102") + "_" + randid.String(8)
}

// validID reports whether id may appear as an id in events and records.
func validID(id string) bool {
	return idRule.Check(id, -1) == nil
}

// callID returns the id the events and records of the n-th tool call of
// the run use: the provider's id when it is a valid id, else "call_N".
// The provider itself always gets its own id back.
func callID(id string, n int) string {
	if validID(id) {
		return id
	}
	return fmt.Sprintf("call_%d", n)
}

// nonEmptyOpt returns s as an optional string, absent when empty.
func nonEmptyOpt(s string) rt.Opt[string] {
	if s == "" {
		return rt.Opt[string]{}
	}
	return rt.Some(s)
}
