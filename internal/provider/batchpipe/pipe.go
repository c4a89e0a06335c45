// Package batchpipe carries items from a producing goroutine to a consuming one in batches,
// so that the two overlap, on two cores when there are two.
//
// The producer, which Go starts, gathers items with Add and hands what it gathered over with
// HandOver before each wait of its own (a read from the network, say): then no item waits
// for what the producer waits for. When the producer returns, what it gathered goes over
// with its result; when it panics, what it gathered goes over with the panic.
//
// The consumer takes the batches, in order, with Receive, which returns the producer's result
// after the last batch, or raises the producer's panic again on the consumer's goroutine,
// after the items before it. Stop ends the hand-over and waits for the producer to return.
//
//	p := batchpipe.New[Item](batchpipe.Options[struct{}]{Depth: 2})
//	p.Go(func() error {
//		for each item read {
//			if p.Add(item) == 0 {
//				return errStopped // the consumer stopped
//			}
//			... p.HandOver() before the next read
//		}
//		return nil
//	})
//	for {
//		items, err := p.Receive()
//		if err != nil { ... } // batchpipe.ErrDone: the producer returned nil
//		for _, item := range items { ... }
//	}
//	p.Stop(nil)
//
// A batch's memory goes back to the producer once the consumer is done with it, so that a
// long stream gathers into the same few slices.
package batchpipe

import "errors"

// ErrDone is what Receive returns after the last batch when the producer returned nil.
var ErrDone = errors.New("batchpipe: the producer returned")

// ErrPanicked is what Receive returns after it raised the producer's panic.
var ErrPanicked = errors.New("batchpipe: the producer panicked")

// ErrStopped is what Receive returns after Stop.
var ErrStopped = errors.New("batchpipe: stopped")

// freshCap is the capacity of a batch made when no drained one is free.
const freshCap = 64

// Options shape a Pipe. M is what each batch carries besides its items: the producer's state
// as of the hand-over, which the consumer reads with Meta.
type Options[M any] struct {
	// Depth is how many batches the producer may be ahead by before HandOver waits.
	Depth int
	// Meta, when not nil, is called on the producer's goroutine at each hand-over, and the
	// batch carries what it returned.
	Meta func() M
	// Wait, when not nil, is called on the consumer's goroutine when Receive turns to the
	// next batch, if that has not come yet: where the consumer would wait for the producer.
	Wait func()
	// WaitEachBatch calls Wait before every batch, even one that has come already.
	WaitEachBatch bool
}

// Pipe is the channel of batches between the producer and the consumer, with each side's
// state. Add, HandOver and what Options.Meta reads belong to the producer's goroutine;
// Receive, Meta and Stop to the consumer's.
type Pipe[T, M any] struct {
	opts    Options[M]
	batches chan batch[T, M]
	free    chan []T      // drained batches' memory, for the producer to reuse
	stop    chan struct{} // closed by Stop: the producer no longer hands batches over
	done    chan struct{} // closed when the producer returned
	// gathered and stopped are the producer's.
	gathered []T
	stopped  bool
	// cur, meta and end are the consumer's: the items Receive returned last, what their
	// batch carried, and how the producer ended once that batch said so.
	cur  []T
	meta M
	end  *end
}

// batch is items handed over together, with the producer's state as of then; the last one
// brings how the producer ended.
type batch[T, M any] struct {
	items []T
	meta  M
	end   *end
}

// end is how the producer ended: its result, or the value it panicked with.
type end struct {
	err      error
	panicked bool
	panic    any
}

// New returns a Pipe; Go starts its producer.
func New[T, M any](opts Options[M]) *Pipe[T, M] {
	return &Pipe[T, M]{
		opts:    opts,
		batches: make(chan batch[T, M], opts.Depth),
		free:    make(chan []T, opts.Depth+2),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
}
