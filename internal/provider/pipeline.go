package provider

import (
	"context"
	"errors"

	"github.com/zeroproject/zero/internal/provider/batchpipe"
)

// maxBatch bounds the events a Pipelined stream gathers before it hands them over even
// though more of the response is at hand.
const maxBatch = 1024

// pipelinedBatches is how many batches of events a Pipelined stream may be ahead by.
const pipelinedBatches = 2

// errStopped is what a Pipelined stream's emit returns once the receiving side stopped.
var errStopped = errors.New("provider: the events' receiver stopped")

// Pipelined runs stream, which reads one response and emits its events, on a goroutine of
// its own, and calls emit with those events, in order, on the calling goroutine. Reading the
// network and decoding the vendor's chunks then overlap with what emit does (redaction,
// encoding, writing), on a second core when there is one.
//
// No event waits: stream hands the events it gathered over before every read from the
// network (it gets its own WithBeforeWait), and at the end. The function ctx carries from
// WithBeforeWait is called on the calling goroutine, each time emit has done every event
// handed over and the next ones are not there yet: where the caller would wait for the
// network, as it is without Pipelined.
//
// Pipelined returns emit's first error, which stops stream (its emit fails, and its context
// is cancelled); otherwise stream's result. stream has returned when Pipelined does. A panic
// of stream is raised again on the calling goroutine, after the events before it, so that the
// caller's recover sees it as before.
func Pipelined(ctx context.Context, emit func(Event) error, stream func(ctx context.Context, emit func(Event) error) error) error {
	p := batchpipe.New[Event](batchpipe.Options[struct{}]{Depth: pipelinedBatches, Wait: beforeWait(ctx)})
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.Go(func() error {
		return stream(WithBeforeWait(ctx, func() { p.HandOver() }), func(ev Event) error {
			switch p.Add(ev) {
			case 0:
				return errStopped
			case maxBatch:
				p.HandOver()
			}
			return nil
		})
	})
	err := emitAll(p, emit)
	p.Stop(cancel) // the stream's hand-overs no longer wait for emit, nor its reads for the network
	return err
}

// emitAll emits the events p hands over until the stream's end or emit's first error.
func emitAll(p *batchpipe.Pipe[Event, struct{}], emit func(Event) error) error {
	for {
		evs, err := p.Receive()
		if err == batchpipe.ErrDone {
			return nil
		}
		if err != nil {
			return err
		}
		for _, ev := range evs {
			if err := emit(ev); err != nil {
				return err
			}
		}
	}
}
