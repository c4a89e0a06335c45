package tools

import (
	"fmt"
	"unicode/utf8"
)

// MaxOutputBytes is the most bytes of Output any tool returns. Longer
// output is cut on a UTF-8 boundary and the Result is marked Truncated.
const MaxOutputBytes = 32 << 10

// Result is what a tool call returns to the model.
type Result struct {
	// Output is the text the model reads, at most MaxOutputBytes long.
	Output string
	// Truncated reports that Output leaves something out: it was cut at
	// MaxOutputBytes or at a tool's own limit (lines, matches, files).
	Truncated bool
	// IsError reports that the call failed in a way the model can act on;
	// Output then says what went wrong.
	IsError bool
}

// errorResult returns an IsError result with a formatted message.
func errorResult(format string, args ...any) Result {
	return Result{Output: fmt.Sprintf(format, args...), IsError: true}
}

// finish caps out at MaxOutputBytes and builds the Result.
func finish(out string, truncated bool) Result {
	if len(out) <= MaxOutputBytes {
		return Result{Output: out, Truncated: truncated}
	}
	note := fmt.Sprintf("\n[output truncated: only the start of %d bytes is shown]", len(out))
	return Result{Output: cutUTF8(out, MaxOutputBytes-len(note)) + note, Truncated: true}
}

// cutUTF8 returns the longest prefix of s that is at most n bytes long and
// does not end inside a multi-byte UTF-8 sequence.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	i := n
	for i > 0 && i > n-utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// cutUTF8Tail returns the longest suffix of s that is at most n bytes long
// and does not start inside a multi-byte UTF-8 sequence.
func cutUTF8Tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && i < len(s)-n+utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}
