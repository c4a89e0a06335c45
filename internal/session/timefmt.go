package session

import (
	"fmt"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
)

// timeLayout is RFC 3339 in UTC with milliseconds: 2026-06-03T10:00:00.123Z.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// FormatTime formats t the way the store writes every time: RFC 3339 in UTC
// with milliseconds, such as 2026-06-03T10:00:00.123Z.
func FormatTime(t time.Time) sessionv1.Timestamp {
	return sessionv1.Timestamp(t.UTC().Format(timeLayout))
}

// parseTime reads an RFC 3339 time.
func parseTime[S ~string](s S) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, string(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("time %q is not RFC 3339", s)
	}
	return t, nil
}
