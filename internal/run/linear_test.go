package run

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/anthropic"
	"github.com/zeroproject/zero/internal/provider/openai"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/streamio"
)

// The two sizes of TestLinear, and the bound on the ratio of their costs
// per event. A path that copies what it gathered so far on every event
// costs about 100 times more per event at the larger size (where the copies
// dominate; at the smaller one they hardly show); a linear one costs the
// same, give or take the noise of a loaded machine, which the bound leaves
// room for.
const (
	linearSmall = 1_000
	linearLarge = 100_000
	linearBound = 3.0
	linearDelta = "tok " // each delta and fragment, as short as model tokens
)

// TestLinear streams many tiny deltas, and a tool call in many tiny
// argument fragments, through the vendors' real stream formats, the
// provider, the run loop, redaction, both streaming sinks and a session
// recorder, and checks that the cost per event does not grow with the
// count: the CPU time of the better of two runs at each size, compared in
// one run.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the linearity check in -short mode: it streams 101,000 events three times per case")
	}
	if raceDetector {
		t.Skip("skipping the linearity check under the race detector, which slows it tenfold; go test without -race runs it")
	}
	for _, d := range []*pt.Dialect{pt.OpenAI, pt.Anthropic} {
		for _, c := range linearCases() {
			name := d.Name() + "/" + c.name
			t.Run(name, func(t *testing.T) {
				small := bestPerEvent(t, d, c, linearSmall)
				large := bestPerEvent(t, d, c, linearLarge)
				ratio := float64(large) / float64(small)
				t.Logf("%v per event at %d, %v at %d: ratio %.2f", small, linearSmall, large, linearLarge, ratio)
				if ratio > linearBound {
					t.Errorf("cost per event grows with the count: %v at %d events, %v at %d (ratio %.2f, bound %.1f)",
						small, linearSmall, large, linearLarge, ratio, linearBound)
				}
			})
		}
	}
}

// linearCase is one kind of stream: turns renders the turns of n events,
// the first of which streams its n events through Bulk.
type linearCase struct {
	name   string
	format streamio.Format
	turns  func(d *pt.Dialect, n int) []pt.Response
}

func linearCases() []linearCase {
	text := func(d *pt.Dialect, n int) []pt.Response {
		return []pt.Response{d.Bulk(pt.Text(linearDelta), linearDelta, n)}
	}
	return []linearCase{
		{name: "text deltas, stream-json", format: streamio.FormatStreamJSON, turns: text},
		{name: "text deltas, text", format: streamio.FormatText, turns: text},
		{name: "reasoning deltas", format: streamio.FormatStreamJSON, turns: func(d *pt.Dialect, n int) []pt.Response {
			return []pt.Response{d.Bulk(pt.Turn{Reasoning: []string{linearDelta}, Text: []string{"ok"}}, linearDelta, n)}
		}},
		{name: "argument fragments", format: streamio.FormatStreamJSON, turns: func(d *pt.Dialect, n int) []pt.Response {
			call := pt.Call{ID: "call_1", Name: "no_such_tool", Args: []string{`{"a":"`, linearDelta, `"}`}}
			return []pt.Response{d.Bulk(pt.ToolCalls(call), linearDelta, n), d.Stream(pt.Text("done"))}
		}},
	}
}

// bestPerEvent runs the case at n twice and returns the least cost
// per event, after one run that is not measured.
func bestPerEvent(t *testing.T, d *pt.Dialect, c linearCase, n int) time.Duration {
	bodies := renderBodies(t, c.turns(d, n))
	cfg, _, _, _ := setup(t, nil, "")
	runLinear(t, cfg, d, c.format, bodies) // warms up caches and the heap
	var best time.Duration
	for i := range 2 {
		start := cpuTime(t)
		runLinear(t, cfg, d, c.format, bodies)
		if per := (cpuTime(t) - start) / time.Duration(n); i == 0 || per < best {
			best = per
		}
	}
	return best
}

// cpuTime is the CPU time the process has used, user and system, garbage
// collection included. Unlike the wall time, it does not grow while the
// test waits for a core that other processes hold.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// renderBodies writes the responses' bodies into memory, so that no server
// runs beside the measured code.
func renderBodies(t *testing.T, resps []pt.Response) [][]byte {
	var bodies [][]byte
	for _, r := range resps {
		var b bytes.Buffer
		for _, c := range r.Chunks {
			b.WriteString(c)
		}
		if r.Write != nil {
			if err := r.Write(&b); err != nil {
				t.Fatal(err)
			}
		}
		bodies = append(bodies, b.Bytes())
	}
	return bodies
}

// runLinear runs one prompt against a provider that reads bodies in turn,
// and checks that it succeeded.
func runLinear(t *testing.T, cfg Config, d *pt.Dialect, format streamio.Format, bodies [][]byte) {
	client := &http.Client{Transport: &bodiesTransport{bodies: bodies}}
	cfg.Provider = openai.New(openai.Config{BaseURL: "http://model.invalid/v1", HTTPClient: client})
	if d == pt.Anthropic {
		cfg.Provider = anthropic.New(anthropic.Config{Endpoint: provider.Endpoint{BaseURL: "http://model.invalid", HTTPClient: client}})
	}
	red := redact.New()
	cfg.Redactor, cfg.Recorder = red, &encodingRecorder{hook: red.String}
	cfg.Sink = streamio.NewStreamJSON(io.Discard, 2, red.String)
	if format == streamio.FormatText {
		cfg.Sink = streamio.NewText(io.Discard, io.Discard, red.String)
	}
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("run failed: %+v", out.Failure)
	}
}

// bodiesTransport answers the n-th request with the n-th body.
type bodiesTransport struct {
	bodies [][]byte
	n      int
}

func (b *bodiesTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if b.n >= len(b.bodies) {
		return nil, fmt.Errorf("no body for request %d", b.n+1)
	}
	body := b.bodies[b.n]
	b.n++
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"text/event-stream"}},
		Body: io.NopCloser(bytes.NewReader(body)), Request: req}, nil
}

// encodingRecorder encodes every record as the session store does and
// drops it.
type encodingRecorder struct {
	hook func(key, s string) string
	buf  []byte
}

func (r *encodingRecorder) Append(rec *sessionv1.SessionRecord) error {
	b, err := rec.AppendJSON(r.buf[:0])
	r.buf = b
	if err != nil || !strings.HasPrefix(string(b), "{") {
		return fmt.Errorf("record encodes to %.40q: %v", b, err)
	}
	return nil
}
