package provider

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxErrorBody bounds how much of an error response is read for its message.
const maxErrorBody = 64 << 10

// open sends the request until a 2xx response arrives, retrying 429, 5xx and connection errors
// with backoff. It returns the open attempt and how many retries it took.
func (t *Transport) open(ctx context.Context, newRequest NewRequest) (*attempt, int, error) {
	for try := 1; ; try++ {
		a, err := t.send(ctx, newRequest)
		if ctx.Err() != nil {
			a.close()
			return nil, try - 1, ctx.Err()
		}
		if err == nil && streaming(a.resp) {
			return a, try - 1, nil
		}
		fail, wait := t.failure(a, err)
		a.close()
		if !fail.Recoverable || try >= t.tries() {
			return nil, try - 1, t.final(fail, try)
		}
		d := t.delay(try, wait)
		notifyRetry(ctx, Retry{Next: try + 1, Tries: t.tries(), Delay: d, Reason: fail.Message})
		if err := sleep(ctx, d); err != nil {
			return nil, try - 1, err
		}
	}
}

// send makes one attempt, keeping the response in it.
func (t *Transport) send(ctx context.Context, newRequest NewRequest) (*attempt, error) {
	a := startAttempt(ctx, t.idleTimeout())
	req, err := newRequest(a.ctx)
	if err != nil {
		return a, t.errorf(false, 0, "build request: %v", err)
	}
	a.resp, err = t.client().Do(req)
	return a, err
}

// failure turns a failed attempt into an *Error, with the delay the server asked for before a
// retry (-1 when it asked for none).
func (t *Transport) failure(a *attempt, err error) (*Error, time.Duration) {
	if e, ok := err.(*Error); ok {
		return e, -1
	}
	switch {
	case a.idle():
		return t.errorf(true, 0, "no response within %v", t.idleTimeout()), -1
	case err != nil:
		return t.errorf(true, 0, "connection failed: %v", err), -1
	}
	status := a.resp.StatusCode
	if status/100 == 2 {
		return t.errorf(false, status, "expected an event stream, got JSON: %s", errorMessage(a.resp)), -1
	}
	retry := status == http.StatusTooManyRequests || status >= 500
	body, _ := io.ReadAll(io.LimitReader(a.resp.Body, maxErrorBody))
	doc := decodeErrorBody(body)
	e := t.errorf(retry, status, "HTTP %s: %s", statusText(status), bodyMessage(doc, body))
	overflow(status, doc, e)
	return e, retryAfter(a.resp.Header)
}

// streaming says the response is a success that is not a JSON document, as servers that ignore
// stream: true, or fail, send.
func streaming(resp *http.Response) bool {
	ct := resp.Header.Get("Content-Type")
	return resp.StatusCode/100 == 2 && !strings.HasPrefix(ct, "application/json")
}

// final adds the number of tries to the last failure.
func (t *Transport) final(e *Error, tries int) *Error {
	e.Retries = tries - 1
	if tries > 1 {
		e.Message += " (after " + strconv.Itoa(tries) + " tries)"
	}
	return e
}

// delay returns how long to wait before retry number n (1 for the first retry): the server's
// Retry-After when it gave one, else the exponential backoff, both capped.
func (t *Transport) delay(n int, asked time.Duration) time.Duration {
	d := asked
	if d < 0 {
		d = t.backoff() << (n - 1)
	}
	return min(d, t.maxBackoff())
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// retryAfter reads a Retry-After header given in seconds or as an HTTP date; -1 when absent or
// unreadable.
func retryAfter(h http.Header) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return -1
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil && secs >= 0 {
		return time.Duration(secs * float64(time.Second))
	}
	if when, err := http.ParseTime(v); err == nil {
		return max(time.Until(when), 0)
	}
	return -1
}

// errorMessage extracts error.message from a vendor's JSON error body, falling back to the
// start of the body.
func errorMessage(resp *http.Response) string {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return bodyMessage(decodeErrorBody(body), body)
}

// bodyMessage is the message of a decoded error body, or the start of the body.
func bodyMessage(doc *errorBody, body []byte) string {
	if m := doc.message(); m != "" {
		return m
	}
	text := strings.TrimSpace(string(body))
	if len(text) > 200 {
		text = text[:200] + "..."
	}
	if text == "" {
		return "no error message"
	}
	return text
}

// statusText is "429 Too Many Requests".
func statusText(code int) string {
	return strings.TrimSpace(strconv.Itoa(code) + " " + http.StatusText(code))
}
