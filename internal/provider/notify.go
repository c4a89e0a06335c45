package provider

import (
	"context"
	"time"
)

// Retry describes a failed attempt that Transport is about to retry.
type Retry struct {
	// Next is the number of the attempt to come (2 for the first retry); Tries is the most
	// attempts there will be.
	Next, Tries int
	// Delay is the wait before the next attempt.
	Delay time.Duration
	// Reason is the failure's message.
	Reason string
}

type retryKey struct{}

// WithRetryNotify returns a context under which Transport calls fn before it waits to retry a
// request, so that a caller can show the wait. The vendors' Stream methods read on a goroutine
// of their own (Pipelined), so fn is called there, not on the caller's: it must be safe to
// call from another goroutine.
func WithRetryNotify(ctx context.Context, fn func(Retry)) context.Context {
	return context.WithValue(ctx, retryKey{}, fn)
}

// notifyRetry calls the function WithRetryNotify put in ctx, if any.
func notifyRetry(ctx context.Context, r Retry) {
	if fn, ok := ctx.Value(retryKey{}).(func(Retry)); ok && fn != nil {
		fn(r)
	}
}
