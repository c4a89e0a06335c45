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
	body   *prefetcher // reads resp.Body ahead, once the stream is read
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

// close stops the watchdog and the prefetcher and releases the response.
func (a *attempt) close() {
	a.dog.Stop()
	if a.resp != nil {
		a.resp.Body.Close()
	}
	a.cancel(nil)
	if a.body != nil {
		a.body.stop()
	}
}

// stream returns the response body, read ahead by a prefetcher that restarts the watchdog
// each time bytes arrive and calls wait (when set) before a read blocks.
func (a *attempt) stream(wait func()) io.Reader {
	a.body = startPrefetch(a.resp.Body, a.kick, wait)
	return a.body
}

