package streamio

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/textclip"
	"github.com/zeroproject/zero/rt"
)

// TextOptions adapt the text Sink to a person at a terminal.
type TextOptions struct {
	// Color paints the rows on errw: tool rows cyan, errors red, warnings
	// yellow, reasoning dim. The answer on out is never painted.
	Color bool
	// Reasoning shows the model's reasoning on errw as it streams.
	Reasoning bool
	// SharedScreen says out and errw show on one terminal: a row on errw
	// after answer text that stopped mid-line starts on a new line.
	SharedScreen bool
	// BeforeWrite, when set, is called before anything is written, so that
	// a progress line can clear itself first.
	BeforeWrite func()
}

// ANSI SGR sequences of the colours Text uses.
const (
	sgrReset  = "\x1b[0m"
	sgrDim    = "\x1b[2m"
	sgrRed    = "\x1b[31m"
	sgrYellow = "\x1b[33m"
	sgrCyan   = "\x1b[36m"
)

// Text is the text Sink: the answer goes to out as the model streams it,
// ending with a newline; one row per tool call, failed tool results and
// warnings go to errw, and with TextOptions.Reasoning the reasoning too.
// Errors are left to the caller, which knows how the run ended.
type Text struct {
	out, errw io.Writer
	hook      rt.StringHook
	opts      TextOptions
	wrote     bool // answer text was written to out
	atLineEnd bool // the last byte written to out was a newline
	inReason  bool // reasoning was written to errw and its line is open
	// deltasRedacted: text and reasoning deltas skip the hook (see
	// DeltasRedacted).
	deltasRedacted bool
	broke          bool // a row on errw already broke the answer's open line
	closed         bool // a write to out failed because its reader went away
}

// NewText returns a Text sink. hook redacts what goes to errw and any text
// that did not pass through the run's delta redactor.
func NewText(out, errw io.Writer, hook rt.StringHook) *Text {
	if hook == nil {
		hook = func(_, s string) string { return s }
	}
	return &Text{out: out, errw: errw, hook: hook}
}

// DeltasRedacted says that the deltas of text and reasoning events come
// redacted already, with the hook's redactor (run.Run passes them through
// a redact.Stream of its Config.Redactor): the hook does not see them
// again, piece by piece.
func (t *Text) DeltasRedacted() { t.deltasRedacted = true }

// delta returns a text or reasoning delta, through the hook unless it
// came redacted.
func (t *Text) delta(s string) string {
	if t.deltasRedacted {
		return s
	}
	return t.hook("delta", s)
}

// SetOptions adapts t to a terminal; the zero TextOptions suit pipes.
func (t *Text) SetOptions(o TextOptions) { t.opts = o }

// ReaderGone reports whether writing the answer failed because the
// reader of out went away, as when the output is piped to head.
func (t *Text) ReaderGone() bool { return t.closed }

// Emit writes ev if the text format shows it.
func (t *Text) Emit(ev streamjsonv2.OutputValue) error {
	if t.opts.BeforeWrite != nil {
		t.opts.BeforeWrite()
	}
	if _, ok := ev.(*streamjsonv2.Reasoning); !ok {
		if err := t.endReasoning(); err != nil {
			return err
		}
	}
	switch e := ev.(type) {
	case *streamjsonv2.Text:
		return t.answer(t.delta(e.Delta))
	case *streamjsonv2.Reasoning:
		return t.reasoning(t.delta(e.Delta))
	case *streamjsonv2.Final:
		return t.final(e.Text)
	case *streamjsonv2.RunEnd:
		return t.endLine()
	case *streamjsonv2.ToolCall:
		return t.progress(sgrCyan, "• %s%s\n", e.Name, ArgSummary(e.Args, t.hook))
	case *streamjsonv2.ToolResult:
		if e.Status == streamjsonv2.ToolStatusError {
			return t.progress(sgrRed, "  error: %s\n", firstLine(t.hook("output", e.Output)))
		}
	case *streamjsonv2.Warning:
		return t.progress(sgrYellow, "zero: warning: %s\n", t.hook("message", string(e.Message)))
	}
	return nil
}

// answer writes a piece of the answer to out.
func (t *Text) answer(s string) error {
	if s == "" {
		return nil
	}
	t.wrote, t.broke = true, false
	t.atLineEnd = strings.HasSuffix(s, "\n")
	_, err := io.WriteString(t.out, s)
	return t.outError(err)
}

// outError notes a reader that went away (EPIPE) and returns err.
func (t *Text) outError(err error) error {
	if errors.Is(err, syscall.EPIPE) {
		t.closed = true
	}
	return err
}

// reasoning writes a piece of reasoning to errw, dim, when asked to.
func (t *Text) reasoning(s string) error {
	if !t.opts.Reasoning || s == "" {
		return nil
	}
	prefix := ""
	if !t.inReason {
		prefix = t.newRow()
		t.inReason = true
	}
	return t.toErrw(prefix + t.paint(sgrDim, s))
}

// endReasoning ends the reasoning's line on errw.
func (t *Text) endReasoning() error {
	if !t.inReason {
		return nil
	}
	t.inReason = false
	return t.toErrw("\n")
}

// final writes the whole answer when nothing was streamed (the tool
// listing, a model that answered only at the end), then ends the line.
func (t *Text) final(text string) error {
	if !t.wrote {
		if err := t.answer(t.hook("text", text)); err != nil {
			return err
		}
	}
	return t.endLine()
}

// endLine makes the answer end with a newline.
func (t *Text) endLine() error {
	if !t.wrote || t.atLineEnd {
		return nil
	}
	t.atLineEnd = true
	_, err := io.WriteString(t.out, "\n")
	return t.outError(err)
}

// progress writes one row to errw, in colour when asked to.
func (t *Text) progress(color, format string, args ...any) error {
	row := fmt.Sprintf(format, args...)
	return t.toErrw(t.newRow() + t.paint(color, strings.TrimSuffix(row, "\n")) + "\n")
}

// toErrw writes s to errw once the answer written before it has left out,
// when out buffers (a Flusher), so that on a shared screen the two keep
// their order. A failure to flush out stays with out, whose next write
// reports it; the row is written all the same.
func (t *Text) toErrw(s string) error {
	if f, ok := t.out.(Flusher); ok {
		f.Flush()
	}
	_, err := io.WriteString(t.errw, s)
	return err
}

// newRow is what a row on errw starts with: a newline when out and errw
// share a terminal and the answer stopped mid-line, so that the row
// stands on a line of its own; nothing when they do not, so that errw
// never starts with a blank line.
func (t *Text) newRow() string {
	if t.opts.SharedScreen && t.wrote && !t.atLineEnd && !t.broke {
		t.broke = true
		return "\n"
	}
	return ""
}

// paint wraps s in the colour when colours are on.
func (t *Text) paint(color, s string) string {
	if !t.opts.Color || s == "" {
		return s
	}
	return color + s + sgrReset
}

// summaryKeys are the argument fields a tool row shows, in order of
// preference.
var summaryKeys = []string{"path", "pattern", "command"}

// ArgSummary returns " " and the most telling argument of a tool call
// (its path, pattern or command) on one line, or "" when there is none.
func ArgSummary(args rt.Raw, hook rt.StringHook) string {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		return ""
	}
	for _, k := range summaryKeys {
		if s, ok := m[k].(string); ok && s != "" {
			return " " + textclip.Runes(firstLine(hook(k, s)), 121)
		}
	}
	return ""
}

// firstLine returns s up to its first newline, marking the cut with "…".
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
