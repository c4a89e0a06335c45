package compact

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/zeroproject/zero/internal/provider"
)

// Clip is how much of a tool's output a clipped result keeps: Head bytes from its start and
// Tail bytes from its end.
type Clip struct{ Head, Tail int }

// The clips of the stages: Light for old results, Hard for the last turn's results when even
// that does not fit, and the summarizer's transcript steps down from Light to nothing.
var (
	Light = Clip{Head: 1200, Tail: 600}
	Hard  = Clip{Head: 300, Tail: 200}
)

// clipNote marks the place of what a clipped output left out.
const clipNote = "\n[zero: %d of the %d bytes of this output were left out here to keep the conversation within the model's " +
	"context window; the session log keeps the whole output (the tool result of call %s). Call the tool again if you need that part.]\n"

// ClipText keeps the head and the tail of text that c allows, cut at line ends where one is
// near and never inside a UTF-8 sequence, with a note naming the call id between them. It
// returns text unchanged, and false, when text is not longer than the clip and its note.
func ClipText(text string, c Clip, id string) (string, bool) {
	if len(text) <= c.Head+c.Tail+len(clipNote)+40 {
		return text, false
	}
	head := lineCut(text, c.Head, true)
	tail := lineCut(text, len(text)-c.Tail, false)
	left := tail - head
	return text[:head] + fmt.Sprintf(clipNote, left, len(text), id) + text[tail:], true
}

// lineCut moves the cut at n to a line end within a quarter of the clip's side when there is
// one (back for the head, forward for the tail), then to a UTF-8 boundary.
func lineCut(text string, n int, head bool) int {
	if head {
		if i := strings.LastIndexByte(text[:n], '\n'); i >= 0 && n-i <= n/4+1 {
			return i + 1
		}
	} else if i := strings.IndexByte(text[n:], '\n'); i >= 0 && i <= (len(text)-n)/4+1 {
		return n + i + 1
	}
	for n > 0 && n < len(text) && !utf8.RuneStart(text[n]) {
		n--
	}
	return n
}

// Prune clips the tool results of msgs[:end] oldest first, in place, until the estimate est of
// the request falls to target. It returns how many results it clipped and the new estimate.
// Results already short enough are left alone.
func Prune(msgs []provider.Message, end, est, target int, c Clip) (int, int) {
	n := 0
	for i := 0; i < end && est > target; i++ {
		m := &msgs[i]
		if m.Role != provider.RoleTool {
			continue
		}
		clipped, ok := ClipText(m.Text, c, m.ToolCallID)
		if !ok {
			continue
		}
		before := MessageTokens(*m)
		m.Text = clipped
		est += MessageTokens(*m) - before
		n++
	}
	return n, est
}

// TurnStart returns the index of the message that starts the k-th turn from the end (1 for
// the last): a turn starts at an assistant message or a user prompt, never at a tool result.
// It returns 0 when there are fewer turns.
func TurnStart(msgs []provider.Message, k int) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != provider.RoleTool {
			if k--; k == 0 {
				return i
			}
		}
	}
	return 0
}
