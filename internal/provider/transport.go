package provider

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/zeroproject/zero/internal/provider/sse"
)

// Defaults for Transport's zero fields.
const (
	DefaultTries       = 3
	DefaultBackoff     = 500 * time.Millisecond
	DefaultMaxBackoff  = 30 * time.Second
	DefaultIdleTimeout = 60 * time.Second
)

// Transport is the HTTP plumbing the vendor packages share. Stream posts a request, retries
// failures that happen before the stream starts, and reads the response as Server-Sent Events
// under an idle watchdog, turning every failure into an *Error with the API key removed.
type Transport struct {
	// Vendor prefixes error messages, as in "openai: ...".
	Vendor string
	// Client sends the requests; nil means a client with http.DefaultTransport's settings and
	// a read buffer sized for streams.
	Client *http.Client
	// Secret is removed from every error message.
	Secret string
	// Tries bounds the attempts at one request; 0 means DefaultTries.
	Tries int
	// Backoff is the delay before the first retry, doubled for each later one; 0 means
	// DefaultBackoff.
	Backoff time.Duration
	// MaxBackoff caps every delay, including one the server asks for with Retry-After; 0 means
	// DefaultMaxBackoff.
	MaxBackoff time.Duration
	// IdleTimeout bounds the wait for the response and then for each byte of the stream; 0
	// means DefaultIdleTimeout.
	IdleTimeout time.Duration
}

// NewRequest builds one attempt's HTTP request under ctx. It is called again for each retry, so
// the body must be fresh each time.
type NewRequest func(ctx context.Context) (*http.Request, error)

// PostJSON returns a NewRequest that POSTs body to endpoint asking for an
// event stream; header adds the vendor's own headers (authentication,
// API version).
func PostJSON(endpoint string, body []byte, header func(http.Header)) NewRequest {
	return func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		header(req.Header)
		return req, nil
	}
}

// Handler receives each event of the stream. It reports done when the vendor's stream ended the
// turn; an error stops the stream and is returned by Transport.Stream unchanged.
type Handler func(ev sse.Event) (done bool, err error)

// Stream sends the request and passes each event of the response to handle until handle reports
// done. It returns nil then, ctx.Err() when ctx is cancelled, the handler's error, or an *Error.
func (t *Transport) Stream(ctx context.Context, newRequest NewRequest, handle Handler) error {
	a, retries, err := t.open(ctx, newRequest)
	if err != nil {
		return err
	}
	defer a.close()
	err = t.read(ctx, a, handle)
	var perr *Error
	if errors.As(err, &perr) && perr.Retries == 0 {
		perr.Retries = retries
	}
	return err
}

// Errorf returns an *Error whose message is the vendor's prefix and the formatted text, with the
// secret removed.
func (t *Transport) Errorf(recoverable bool, format string, args ...any) *Error {
	return t.errorf(recoverable, 0, format, args...)
}

func (t *Transport) errorf(recoverable bool, status int, format string, args ...any) *Error {
	e := newError(recoverable, status, format, args...)
	e.Message = removeSecret(t.Vendor+": "+e.Message, t.Secret)
	return e
}

// read passes the stream's events to handle until it reports done or fails.
func (t *Transport) read(ctx context.Context, a *attempt, handle Handler) error {
	r := sse.NewReaderAhead(&idleReader{r: a.resp.Body, a: a}, sse.DefaultMaxLine, beforeWait(ctx))
	defer r.Close()
	for {
		ev, err := r.Next()
		if err != nil {
			return t.readError(ctx, a, err)
		}
		done, err := handle(ev)
		if err != nil || done {
			return err
		}
	}
}

// EndedEarly reports whether err is the *Error of a response that ended cleanly before the
// vendor's end-of-stream marker.
func EndedEarly(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.EndedEarly
}

// readError explains why the stream stopped before the turn ended.
func (t *Transport) readError(ctx context.Context, a *attempt, err error) error {
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case a.idle():
		return t.errorf(true, 0, "stream idle for more than %v", t.idleTimeout())
	case err == io.EOF:
		e := t.errorf(true, 0, "stream ended before the turn was complete")
		e.EndedEarly = true
		return e
	case errors.Is(err, sse.ErrLineTooLong), errors.Is(err, sse.ErrEventTooLong):
		return t.errorf(false, 0, "malformed stream: %v", err)
	}
	return t.errorf(true, 0, "stream broken: %v", err)
}

func (t *Transport) client() *http.Client {
	if t.Client != nil {
		return t.Client
	}
	return defaultClient()
}

func (t *Transport) tries() int { return orDefault(t.Tries, DefaultTries) }

func (t *Transport) backoff() time.Duration { return orDefault(t.Backoff, DefaultBackoff) }

func (t *Transport) maxBackoff() time.Duration { return orDefault(t.MaxBackoff, DefaultMaxBackoff) }

func (t *Transport) idleTimeout() time.Duration { return orDefault(t.IdleTimeout, DefaultIdleTimeout) }

func orDefault[T int | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
