package sse

import (
	"errors"
	"io"
	"time"
)

// errPanicked is what Next returns after it raised the panic of the reading goroutine.
var errPanicked = errors.New("sse: the stream's reader panicked")

// aheadBatches is how many batches of events the reading goroutine may be ahead by.
const aheadBatches = 8

// ahead is a Reader's reading goroutine and what it hands over: a Reader of its own reads the
// stream and splits it into events, which it hands over in batches, one batch before each
// read (see handing). The waits for the stream, the copies out of it and the splitting then
// overlap with what Next's caller does.
type ahead struct {
	rc      io.ReadCloser
	wait    func()
	inner   *Reader // the reading goroutine's
	batches chan batch
	free    chan []Event  // drained batches' memory, for the reading goroutine to reuse
	stop    chan struct{} // closed by close: the reading goroutine no longer hands batches over
	done    chan struct{} // closed when the reading goroutine returned
	// gathered is the batch being gathered (reading goroutine only).
	gathered []Event
	// cur, at and err are what Next takes from (Next's goroutine only).
	cur   []Event
	at    int
	err   error
	retry time.Duration
}

// batch is the events one read completed, or the error that ends the stream, or the value
// the reading goroutine panicked with; retry is the reading Reader's Retry after them.
type batch struct {
	events   []Event
	err      error
	retry    time.Duration
	panicked bool
	panic    any
}

func newAhead(rc io.ReadCloser, max int, wait func()) *ahead {
	a := &ahead{rc: rc, wait: wait, batches: make(chan batch, aheadBatches), free: make(chan []Event, aheadBatches+2),
		stop: make(chan struct{}), done: make(chan struct{})}
	a.inner = &Reader{src: &handing{a: a, blocks: blocks{r: rc}}, max: max}
	go a.read()
	return a
}

// handing is the reading goroutine's source: before each read, it hands over the events the
// bytes read so far completed, so that none of them waits on the stream.
type handing struct {
	a      *ahead
	blocks blocks
}

func (h *handing) next() ([]byte, error) {
	if !h.a.handOver(batch{events: h.a.gathered}) {
		return nil, ErrClosed
	}
	return h.blocks.next()
}

// read is the reading goroutine: it reads events until an error.
func (a *ahead) read() {
	defer close(a.done)
	defer func() { // a panic is Next's caller's, as it is without a goroutine
		if v := recover(); v != nil {
			if a.handOver(batch{events: a.gathered}) { // the events before the panic first
				a.handOver(batch{err: errPanicked, panicked: true, panic: v})
			}
		}
	}()
	for {
		ev, err := a.inner.Next()
		if err != nil {
			a.handOver(batch{events: a.gathered, err: err})
			return
		}
		a.gathered = append(a.gathered, ev)
	}
}

// handOver sends b, unless it is empty, and starts a new batch; it reports false when Next's
// side was closed instead.
func (a *ahead) handOver(b batch) bool {
	if len(b.events) == 0 && b.err == nil {
		return true
	}
	b.retry = a.inner.retry
	select {
	case a.batches <- b:
	case <-a.stop:
		return false
	}
	select {
	case a.gathered = <-a.free:
	default:
		a.gathered = make([]Event, 0, 64)
	}
	return true
}

// next returns the next event, calling wait before it turns to the next batch.
func (a *ahead) next() (Event, error) {
	for a.at == len(a.cur) {
		if a.err != nil {
			return Event{}, a.err
		}
		if a.wait != nil {
			a.wait()
		}
		a.take(<-a.batches)
	}
	ev := a.cur[a.at]
	a.at++
	return ev, nil
}

// take makes b the batch Next takes from, giving the one before back for reuse.
func (a *ahead) take(b batch) {
	if a.cur != nil {
		clear(a.cur) // let go of the blocks the events point into
		select {
		case a.free <- a.cur[:0]:
		default:
		}
	}
	a.cur, a.at, a.err, a.retry = b.events, 0, b.err, b.retry
	if b.panicked {
		panic(b.panic)
	}
}

// close stops the reading goroutine: it closes the stream, which ends a read under way, and
// waits for the goroutine to return.
func (a *ahead) close() error {
	a.cur, a.at, a.err = nil, 0, ErrClosed
	close(a.stop)
	err := a.rc.Close()
	<-a.done
	return err
}
