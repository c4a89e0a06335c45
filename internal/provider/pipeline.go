package provider

import (
	"context"
	"errors"
)

// maxBatch bounds the events a Pipelined stream gathers before it hands them over even
// though more of the response is at hand.
const maxBatch = 1024

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
	flush := beforeWait(ctx)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p := &pipe{full: make(chan batch, 2), free: make(chan []Event, 4), stop: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { // a panic is the caller's, as it was without a goroutine
			if v := recover(); v != nil {
				p.send(batch{events: p.cur, last: true, panicked: true, panic: v})
			}
		}()
		err := stream(WithBeforeWait(ctx, p.handOver), p.add)
		p.send(batch{events: p.cur, err: err, last: true})
	}()
	err := p.receive(flush, emit)
	close(p.stop) // the stream's sends no longer wait for a receiver
	cancel()      // nor its reads for the network
	<-done
	return err
}

// batch is events handed over together; the last one brings the stream's result, or the
// value it panicked with.
type batch struct {
	events   []Event
	err      error
	last     bool
	panicked bool
	panic    any
}

// pipe carries the batches from the stream's goroutine to the caller's.
type pipe struct {
	full    chan batch
	free    chan []Event  // drained batches' memory, for the stream to reuse
	stop    chan struct{} // closed when the receiver stopped
	cur     []Event       // the stream goroutine's batch being gathered
	stopped bool          // the receiver stopped (stream goroutine only)
}

// add gathers one event on the stream's goroutine.
func (p *pipe) add(ev Event) error {
	if p.stopped {
		return errStopped
	}
	p.cur = append(p.cur, ev)
	if len(p.cur) >= maxBatch {
		p.handOver()
	}
	return nil
}

// handOver sends the events gathered so far, if any, and starts a new batch.
func (p *pipe) handOver() {
	if len(p.cur) == 0 || p.stopped {
		return
	}
	p.send(batch{events: p.cur})
	select {
	case b := <-p.free:
		p.cur = b
	default:
		p.cur = make([]Event, 0, 64)
	}
}

// send hands b over, unless the receiver stopped.
func (p *pipe) send(b batch) {
	select {
	case p.full <- b:
	case <-p.stop:
		p.stopped = true
	}
}

// receive emits the batches' events until the last batch or emit's first error, calling
// flush before each wait for a batch.
func (p *pipe) receive(flush func(), emit func(Event) error) error {
	for {
		var b batch
		select {
		case b = <-p.full:
		default:
			if flush != nil {
				flush()
			}
			b = <-p.full
		}
		for _, ev := range b.events {
			if err := emit(ev); err != nil {
				return err
			}
		}
		if b.panicked {
			panic(b.panic)
		}
		if b.last {
			return b.err
		}
		clear(b.events) // let go of what the events point to
		select {
		case p.free <- b.events[:0]:
		default:
		}
	}
}
