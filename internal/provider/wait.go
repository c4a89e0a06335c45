package provider

import "context"

type beforeWaitKey struct{}

// WithBeforeWait returns a copy of ctx that carries fn. Transport calls fn
// each time it is about to wait for more of a response: when it has handled
// every event of what was read so far (the reading goroutine of
// sse.NewReaderAhead hands events over before each of its reads). A caller
// that buffers its output flushes it there, so that nothing it wrote waits
// on the network, and events that arrive together go out together. Through
// Pipelined, fn runs on the goroutine that called Stream.
func WithBeforeWait(ctx context.Context, fn func()) context.Context {
	return context.WithValue(ctx, beforeWaitKey{}, fn)
}

// beforeWait returns the function WithBeforeWait put in ctx, or nil.
func beforeWait(ctx context.Context) func() {
	fn, _ := ctx.Value(beforeWaitKey{}).(func())
	return fn
}
