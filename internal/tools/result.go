package tools

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/zeroproject/zero/internal/sandbox"
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
	// Block says what bash's sandbox refused the command, when its output
	// shows it (Output then says so too); nil otherwise.
	Block *sandbox.Block
}

// errorResult returns an IsError result with a formatted message.
func errorResult(format string, args ...any) Result {
	return Result{Output: fmt.Sprintf(format, args...), IsError: true}
}

// Cap caps output from outside Zero (an MCP server's) at MaxOutputBytes
// like every tool's, cutting where redaction stays possible.
func Cap(out string) Result { return finish(out, false) }

// finish caps out at MaxOutputBytes and builds the Result.
func finish(out string, truncated bool) Result {
	if len(out) <= MaxOutputBytes {
		return Result{Output: out, Truncated: truncated}
	}
	note := fmt.Sprintf("\n[output truncated: only the start of %d bytes is shown]", len(out))
	return Result{Output: cutUTF8(out, MaxOutputBytes-len(note)) + note, Truncated: true}
}

// The cuts of tool output (cutUTF8, cutUTF8Tail, openEnd, openStart) are
// the token-safe family: unlike the cuts of package textclip, which shorten
// messages and table cells, they never split a run of token bytes, because
// tool output is redacted after it is cut.

// cutUTF8 returns the longest prefix of s that is at most n bytes long and
// does not end inside a multi-byte UTF-8 sequence or a token (see
// tokenStart).
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
	return s[:tokenStart(s, i)]
}

// cutUTF8Tail returns the longest suffix of s that is at most n bytes long
// and does not start inside a multi-byte UTF-8 sequence or a token (see
// tokenEnd).
func cutUTF8Tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && i < len(s)-n+utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[tokenEnd(s, i):]
}

// tokenBytes are the bytes credentials are made of (letters, digits and
// "-_.+/=~"). A cut between two of them may leave a piece of a secret, such
// as a key without its "sk-" prefix, that no longer looks like one, so
// redaction could not find it; cuts move to the edge of such a run.
var tokenBytes = func() (c [256]bool) {
	for b := range c {
		c[b] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-_.+/=~", byte(b)) >= 0
	}
	return c
}()

// maxTokenShift bounds how far a cut moves; a longer run is data (a long
// word, base64), not a token, and is cut where it was.
const maxTokenShift = 256

// tokenStart returns i, or the start of the run of token bytes that i
// would cut in two.
func tokenStart(s string, i int) int {
	if i <= 0 || i >= len(s) || !tokenBytes[s[i-1]] || !tokenBytes[s[i]] {
		return i
	}
	for j := i - 1; i-j <= maxTokenShift; j-- {
		if j < 0 || !tokenBytes[s[j]] {
			return j + 1
		}
	}
	return i
}

// tokenEnd returns i, or the end of the run of token bytes that i would
// cut in two.
func tokenEnd(s string, i int) int {
	if i <= 0 || i >= len(s) || !tokenBytes[s[i-1]] || !tokenBytes[s[i]] {
		return i
	}
	for j := i; j-i <= maxTokenShift; j++ {
		if j == len(s) || !tokenBytes[s[j]] {
			return j
		}
	}
	return i
}

// openEnd returns s without an incomplete UTF-8 sequence or a run of token
// bytes at its end: s is followed by bytes that were dropped, which may
// continue either.
func openEnd(s string) string {
	for k := 1; k <= utf8.UTFMax && k <= len(s); k++ {
		if utf8.RuneStart(s[len(s)-k]) {
			if !utf8.FullRuneInString(s[len(s)-k:]) {
				s = s[:len(s)-k]
			}
			break
		}
	}
	n := len(s)
	if n == 0 || !tokenBytes[s[n-1]] {
		return s
	}
	for j := n - 1; n-j <= maxTokenShift; j-- {
		if j < 0 || !tokenBytes[s[j]] {
			return s[:j+1]
		}
	}
	return s
}

// openStart returns s without UTF-8 continuation bytes or a run of token
// bytes at its start: s follows bytes that were dropped.
func openStart(s string) string {
	i := 0
	for i < len(s) && i < utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i++
	}
	s = s[i:]
	if len(s) == 0 || !tokenBytes[s[0]] {
		return s
	}
	for j := 0; j <= maxTokenShift; j++ {
		if j == len(s) || !tokenBytes[s[j]] {
			return s[j:]
		}
	}
	return s
}
