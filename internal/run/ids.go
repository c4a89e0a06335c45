package run

import (
	"fmt"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/randid"
	"github.com/zeroproject/zero/rt"
)

// NewRunID returns a new run id, "run_YYYYMMDD_" and eight random
// lowercase letters and digits.
func NewRunID(t time.Time) string {
	return "run_" + t.UTC().Format("20060102") + "_" + randid.String(8)
}

// validID reports whether id may appear as an id in events and records:
// the stream-json id rule (run, session and tool call ids) of the schema.
func validID(id string) bool {
	return streamjsonv2.ID(id).Validate() == nil
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

// nonEmptyOpt returns s as an optional non-empty string, absent when
// empty.
func nonEmptyOpt(s string) rt.Opt[streamjsonv2.NonEmptyString] {
	if s == "" {
		return rt.Opt[streamjsonv2.NonEmptyString]{}
	}
	return rt.Some(streamjsonv2.NonEmptyString(s))
}
