package provider

import "context"

type beforeWaitKey struct{}

// WithBeforeWait returns a copy of ctx that carries fn. Transport calls fn
// each time it is about to wait for more of a response: when every byte
// that arrived so far was read (the body is read ahead on another
// goroutine, so bytes already on their way do not count as a wait). A
// caller that buffers its output flushes it there, so that nothing it
// wrote waits on the network, and events that arrive together go out
// together. fn runs on the goroutine that called Stream.
func WithBeforeWait(ctx context.Context, fn func()) context.Context {
	return context.WithValue(ctx, beforeWaitKey{}, fn)
}

// beforeWait returns the function WithBeforeWait put in ctx, or nil.
func beforeWait(ctx context.Context) func() {
	fn, _ := ctx.Value(beforeWaitKey{}).(func())
	return fn
}
