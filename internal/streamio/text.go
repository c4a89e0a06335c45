package streamio

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/textclip"
	"github.com/zeroproject/zero/rt"
)

// Text is the text Sink: the answer goes to out as the model streams it,
// ending with a newline; one row per tool call, failed tool results and
// warnings go to errw. Errors are left to the caller, which knows how the
// run ended.
type Text struct {
	out, errw io.Writer
	hook      rt.StringHook
	wrote     bool // answer text was written to out
	atLineEnd bool // the last byte written to out was a newline
}

// NewText returns a Text sink. hook redacts what goes to errw and any text
// that did not pass through the run's delta redactor.
func NewText(out, errw io.Writer, hook rt.StringHook) *Text {
	if hook == nil {
		hook = func(_, s string) string { return s }
	}
	return &Text{out: out, errw: errw, hook: hook}
}

// Emit writes ev if the text format shows it.
func (t *Text) Emit(ev streamjsonv2.OutputValue) error {
	switch e := ev.(type) {
	case *streamjsonv2.Text:
		return t.answer(t.hook("delta", e.Delta))
	case *streamjsonv2.Final:
		return t.final(e.Text)
	case *streamjsonv2.RunEnd:
		return t.endLine()
	case *streamjsonv2.ToolCall:
		return t.progress("• %s%s\n", e.Name, ArgSummary(e.Args, t.hook))
	case *streamjsonv2.ToolResult:
		if e.Status == streamjsonv2.ToolStatusError {
			return t.progress("  error: %s\n", firstLine(t.hook("output", e.Output)))
		}
	case *streamjsonv2.Warning:
		return t.progress("zero: warning: %s\n", t.hook("message", e.Message))
	}
	return nil
}

// answer writes a piece of the answer to out.
func (t *Text) answer(s string) error {
	if s == "" {
		return nil
	}
	t.wrote = true
	t.atLineEnd = strings.HasSuffix(s, "\n")
	_, err := io.WriteString(t.out, s)
	return err
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
	return err
}

// progress writes one row to errw. When the answer on out stopped
// mid-line, the row starts with a newline, so that on a terminal, where
// both streams share the screen, it stands on a line of its own.
func (t *Text) progress(format string, args ...any) error {
	if t.wrote && !t.atLineEnd {
		format = "\n" + format
	}
	_, err := fmt.Fprintf(t.errw, format, args...)
	return err
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
