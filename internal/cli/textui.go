package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/streamio"
)

// colorOn says stderr may show colours: it is a terminal, NO_COLOR is
// unset or empty (no-color.org), and TERM is not "dumb".
func colorOn(env Env) bool {
	return env.StderrTerminal && env.Getenv("NO_COLOR") == "" && env.Getenv("TERM") != "dumb"
}

// newTextSink returns the text sink; on a terminal it shows reasoning,
// colours and, while the model is awaited, a spinner.
func (x *execution) newTextSink() streamio.Sink {
	t := streamio.NewText(x.out, x.env.Stderr, x.red.String)
	t.DeltasRedacted() // the run's Redactor is x.red
	x.text = t
	if !x.env.StderrTerminal {
		return t
	}
	color := colorOn(x.env)
	x.spinner = streamio.NewSpinner(x.env.Stderr, color)
	t.SetOptions(streamio.TextOptions{
		Color:        color,
		Reasoning:    true,
		SharedScreen: x.env.StdoutTerminal,
		BeforeWrite:  x.spinner.Stop,
	})
	return t
}

// onWait shows or hides the spinner.
func (x *execution) onWait(waiting bool) {
	switch {
	case x.spinner == nil:
	case waiting:
		x.spinner.Start()
	default:
		x.spinner.Stop()
	}
}

// withRetryNote makes the provider's retries show on the spinner, as in
// "retry 2/3 in 4s: openai: HTTP 429 Too Many Requests".
func (x *execution) withRetryNote(ctx context.Context) context.Context {
	if x.spinner == nil {
		return ctx
	}
	return provider.WithRetryNotify(ctx, func(r provider.Retry) {
		reason := clipRunes(firstLineOf(x.red.String("message", r.Reason)), 60)
		x.spinner.Note(fmt.Sprintf("retry %d/%d in %s: %s", r.Next, r.Tries, roundDelay(r.Delay), reason))
	})
}

// roundDelay shows a delay in whole seconds, or in milliseconds below one.
func roundDelay(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

func firstLineOf(s string) string {
	for i, c := range s {
		if c == '\n' || c == '\r' {
			return s[:i]
		}
	}
	return s
}

// clipRunes cuts s to at most n runes, marking the cut with "…".
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
