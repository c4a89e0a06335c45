package provider

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// errIdle is the cause of an attempt's context when the watchdog fired.
var errIdle = errors.New("idle timeout")

// attempt is one HTTP exchange, with its own context and idle watchdog.
type attempt struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	dog    *time.Timer
	wait   time.Duration
	resp   *http.Response
}

// startAttempt derives the attempt's context from ctx and starts its watchdog, which cancels
// that context when nothing arrives for wait.
func startAttempt(ctx context.Context, wait time.Duration) *attempt {
	a := &attempt{wait: wait}
	a.ctx, a.cancel = context.WithCancelCause(ctx)
	a.dog = time.AfterFunc(wait, func() { a.cancel(errIdle) })
	return a
}

// kick restarts the watchdog.
func (a *attempt) kick() { a.dog.Reset(a.wait) }

// idle says the watchdog ended the attempt.
func (a *attempt) idle() bool { return context.Cause(a.ctx) == errIdle }

// close stops the watchdog and releases the response.
func (a *attempt) close() {
	a.dog.Stop()
	if a.resp != nil {
		a.resp.Body.Close()
	}
	a.cancel(nil)
}

// idleReader resets the attempt's watchdog each time bytes arrive.
type idleReader struct {
	r io.ReadCloser
	a *attempt
}

// Close closes the response body, which ends a read under way.
func (r *idleReader) Close() error { return r.r.Close() }

func (r *idleReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.a.kick()
	}
	return n, err
}
