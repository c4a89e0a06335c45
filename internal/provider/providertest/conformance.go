package providertest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
)

// Secret is the API key Factory must configure; the suite checks no error message contains it.
const Secret = "sk-providertest-0123456789abcdef"

// Factory returns a provider that talks to srv with APIKey Secret, a retry backoff of about a
// millisecond, and the given idle timeout.
type Factory func(srv *Server, idle time.Duration) provider.Provider

// Conformance runs the behaviour every provider shares against d's fake server: streaming text,
// reasoning, tool calls and usage; retries; HTTP errors; broken, malformed and idle streams;
// cancellation. The vendor packages call it from their tests.
func Conformance(t *testing.T, d *Dialect, newProvider Factory) {
	c := &suite{d: d, newProvider: newProvider}
	t.Run("text", c.text)
	t.Run("tool calls", c.toolCalls)
	t.Run("reasoning", c.reasoning)
	t.Run("one byte at a time", c.rechunked)
	t.Run("rate limited then success", c.rateLimited)
	t.Run("retry after an HTTP date", c.retryAfterDate)
	t.Run("server error until retries run out", c.serverErrorForever)
	t.Run("bad request is not retried", c.badRequest)
	t.Run("error message without the key", c.redacted)
	t.Run("connection refused", c.connectionRefused)
	t.Run("cut mid-stream", c.cut)
	t.Run("ends before the turn", c.truncated)
	t.Run("cut by the output-token limit", c.maxTokens)
	t.Run("malformed chunk", c.malformed)
	t.Run("idle timeout", c.idle)
	t.Run("cancel mid-stream", c.cancelMidStream)
	t.Run("cancel during backoff", c.cancelDuringBackoff)
	t.Run("emit error passes through", c.emitError)
}

type suite struct {
	d           *Dialect
	newProvider Factory
}

// sampleTurn has a bit of everything.
var sampleTurn = Turn{
	Reasoning: []string{"The user wants ", "the weather."},
	Text:      []string{"Let me ", "check."},
	Calls: []Call{
		SplitArgs("call_1", "get_weather", `{"city":"Paris","unit":"celsius"}`, 5),
		SplitArgs("call_2", "get_time", `{"zone":"Europe/Paris"}`, 3),
		{ID: "call_3", Name: "list_cities"},
	},
	Usage: Usage{Input: 120, Output: 45},
}

// WantEvents returns the provider events a turn streams in d's format.
func (d *Dialect) WantEvents(t Turn) []provider.Event {
	var want []provider.Event
	for _, r := range t.Reasoning {
		want = append(want, provider.Event{Kind: provider.EventReasoning, Delta: r})
	}
	for _, s := range t.Text {
		want = append(want, provider.Event{Kind: provider.EventText, Delta: s})
	}
	for _, c := range t.Calls {
		args := strings.Join(c.Args, "")
		if args == "" {
			args = "{}"
		}
		want = append(want, provider.Event{Kind: provider.EventToolCall, Call: provider.ToolCall{ID: c.ID, Name: c.Name, Args: []byte(args)}})
	}
	stop := d.StopReason(t)
	want = append(want, provider.Event{Kind: provider.EventStop, Stop: provider.Stop{Reason: stop, Truncated: t.Truncated}})
	u := provider.Usage{PromptTokens: int64(t.Usage.Input), CompletionTokens: int64(t.Usage.Output), TotalTokens: int64(t.Usage.Input + t.Usage.Output)}
	return append(want, provider.Event{Kind: provider.EventUsage, Usage: u})
}

// Collect streams req and returns the events emitted and Stream's error.
func Collect(ctx context.Context, p provider.Provider, req provider.Request) ([]provider.Event, error) {
	var got []provider.Event
	err := p.Stream(ctx, req, func(ev provider.Event) error {
		got = append(got, ev)
		return nil
	})
	return got, err
}

var hello = provider.Request{Messages: []provider.Message{{Role: provider.RoleUser, Text: "Hello"}}}

// run streams hello from a fresh server with the script.
func (c *suite) run(t *testing.T, idle time.Duration, script ...Response) ([]provider.Event, *Server, error) {
	t.Helper()
	srv := NewServer(script...)
	t.Cleanup(srv.Close)
	got, err := Collect(context.Background(), c.newProvider(srv, idle), hello)
	return got, srv, err
}

func (c *suite) expect(t *testing.T, turn Turn, script ...Response) *Server {
	t.Helper()
	got, srv, err := c.run(t, 0, script...)
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	if diff := cmp.Diff(c.d.WantEvents(turn), got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	return srv
}

func (c *suite) text(t *testing.T) {
	turn := Turn{Text: []string{"Hel", "lo", ", world"}, Usage: Usage{Input: 11, Output: 3}}
	c.expect(t, turn, c.d.Stream(turn))
}

func (c *suite) toolCalls(t *testing.T) {
	turn := sampleTurn
	turn.Reasoning = nil
	c.expect(t, turn, c.d.Stream(turn))
}

func (c *suite) reasoning(t *testing.T) {
	turn := Turn{Reasoning: []string{"Think", "ing..."}, Text: []string{"Done."}, Usage: Usage{Input: 5, Output: 9}}
	c.expect(t, turn, c.d.Stream(turn))
}

func (c *suite) rechunked(t *testing.T) {
	c.expect(t, sampleTurn, Rechunk(c.d.Stream(sampleTurn), 1))
}

func (c *suite) rateLimited(t *testing.T) {
	srv := c.expect(t, sampleTurn, RateLimited(c.d, "0"), c.d.Stream(sampleTurn))
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("server got %d requests, want 2", n)
	}
}

func (c *suite) retryAfterDate(t *testing.T) {
	past := time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)
	c.expect(t, sampleTurn, RateLimited(c.d, past), c.d.Stream(sampleTurn))
}

func (c *suite) serverErrorForever(t *testing.T) {
	_, srv, err := c.run(t, 0, ServerErrorForever(c.d))
	want := &provider.Error{Code: provider.CodeProviderError, Status: 500, Recoverable: true, Retries: 2}
	checkError(t, err, want, "server had an error")
	if n := len(srv.Requests()); n != 3 {
		t.Errorf("server got %d requests, want 3", n)
	}
}

func (c *suite) badRequest(t *testing.T) {
	_, srv, err := c.run(t, 0, c.d.Error(400, "messages: field required"), c.d.Stream(sampleTurn))
	want := &provider.Error{Code: provider.CodeProviderError, Status: 400}
	checkError(t, err, want, "messages: field required")
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server got %d requests, want 1", n)
	}
}

func (c *suite) redacted(t *testing.T) {
	_, _, err := c.run(t, 0, c.d.Error(401, "Incorrect API key provided: "+Secret))
	want := &provider.Error{Code: provider.CodeProviderError, Status: 401}
	checkError(t, err, want, "Incorrect API key provided")
}

func (c *suite) connectionRefused(t *testing.T) {
	srv := NewServer()
	srv.Close()
	_, err := Collect(context.Background(), c.newProvider(srv, 0), hello)
	want := &provider.Error{Code: provider.CodeProviderError, Recoverable: true, Retries: 2}
	checkError(t, err, want, "connection failed")
}

func (c *suite) cut(t *testing.T) {
	got, _, err := c.run(t, 0, CutAfter(c.d.Stream(sampleTurn), 4))
	checkError(t, err, &provider.Error{Code: provider.CodeProviderError, Recoverable: true}, "stream")
	if len(got) == 0 || got[0].Kind != provider.EventReasoning {
		t.Errorf("events before the cut = %v, want the first reasoning delta", got)
	}
}

// truncated ends the stream cleanly before the vendor said why the model stopped.
func (c *suite) truncated(t *testing.T) {
	stream := c.d.Stream(sampleTurn)
	_, _, err := c.run(t, 0, Truncate(stream, len(stream.Chunks)/2))
	checkError(t, err, &provider.Error{Code: provider.CodeProviderError, Recoverable: true, EndedEarly: true}, "stream ended before the turn was complete")
}

// maxTokens reports the vendor's stop reason for a turn the token limit cut.
func (c *suite) maxTokens(t *testing.T) {
	turn := Turn{Text: []string{"The answer is"}, Usage: Usage{Input: 4, Output: 3}, Truncated: true}
	c.expect(t, turn, c.d.Stream(turn))
}

func (c *suite) malformed(t *testing.T) {
	_, srv, err := c.run(t, 0, c.d.Malformed(sampleTurn), c.d.Stream(sampleTurn))
	checkError(t, err, &provider.Error{Code: provider.CodeProviderError}, "malformed")
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server got %d requests, want 1", n)
	}
}

func (c *suite) idle(t *testing.T) {
	start := time.Now()
	// The first chunks must arrive within the idle timeout, or the stream
	// fails before any event and is retried. 100ms was too short under the
	// race detector on a loaded machine (Retries came back 1), so allow 1s.
	_, _, err := c.run(t, time.Second, HangAfter(c.d.Stream(sampleTurn), 3))
	checkError(t, err, &provider.Error{Code: provider.CodeProviderError, Recoverable: true}, "idle")
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Stream took %v to notice the idle stream", d)
	}
}

func (c *suite) cancelMidStream(t *testing.T) {
	srv := NewServer(HangAfter(c.d.Stream(sampleTurn), 4))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err := c.newProvider(srv, 0).Stream(ctx, hello, func(provider.Event) error {
		cancel()
		return nil
	})
	if err != context.Canceled {
		t.Errorf("Stream error %v, want context.Canceled", err)
	}
}

func (c *suite) cancelDuringBackoff(t *testing.T) {
	srv := NewServer(RateLimited(c.d, "20"), c.d.Stream(sampleTurn))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Collect(ctx, c.newProvider(srv, 0), hello)
	if err != context.DeadlineExceeded {
		t.Errorf("Stream error %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Stream took %v to return after the deadline", d)
	}
}

func (c *suite) emitError(t *testing.T) {
	srv := NewServer(c.d.Stream(sampleTurn))
	t.Cleanup(srv.Close)
	stop := errors.New("stop")
	err := c.newProvider(srv, 0).Stream(context.Background(), hello, func(provider.Event) error { return stop })
	if err != stop {
		t.Errorf("Stream error %v, want the emit error", err)
	}
}

// checkError compares err with want, ignoring the message, which must contain substr and must
// not contain Secret.
func checkError(t *testing.T, err error, want *provider.Error, substr string) {
	t.Helper()
	var got *provider.Error
	if !errors.As(err, &got) {
		t.Fatalf("error %v (%T), want *provider.Error", err, err)
	}
	t.Logf("message: %s", got.Message)
	if !strings.Contains(got.Message, substr) {
		t.Errorf("message %q does not contain %q", got.Message, substr)
	}
	if strings.Contains(got.Message, Secret) {
		t.Errorf("message %q contains the API key", got.Message)
	}
	gotCopy := *got
	gotCopy.Message = ""
	if diff := cmp.Diff(want, &gotCopy); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}
