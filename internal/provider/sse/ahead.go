package sse

import (
	"io"
	"time"

	"github.com/zeroproject/zero/internal/provider/batchpipe"
)

// aheadBatches is how many batches of events the reading goroutine may be ahead by.
const aheadBatches = 8

// ahead is a Reader's reading goroutine and what it hands over: a Reader of its own reads the
// stream and splits it into events, which it hands over in batches, one batch before each
// read (see handing), each with the reading Reader's Retry as of then. The waits for the
// stream, the copies out of it and the splitting then overlap with what Next's caller does.
type ahead struct {
	rc    io.ReadCloser
	inner *Reader // the reading goroutine's
	pipe  *batchpipe.Pipe[Event, time.Duration]
	// cur and at are the batch Next takes from (Next's goroutine only).
	cur []Event
	at  int
}

func newAhead(rc io.ReadCloser, max int, wait func()) *ahead {
	a := &ahead{rc: rc}
	a.pipe = batchpipe.New[Event](batchpipe.Options[time.Duration]{
		Depth:         aheadBatches,
		Meta:          func() time.Duration { return a.inner.retry },
		Wait:          wait,
		WaitEachBatch: true,
	})
	a.inner = &Reader{src: &handing{pipe: a.pipe, blocks: blocks{r: rc}}, max: max}
	a.pipe.Go(a.read)
	return a
}

// handing is the reading goroutine's source: before each read, it hands over the events the
// bytes read so far completed, so that none of them waits on the stream.
type handing struct {
	pipe   *batchpipe.Pipe[Event, time.Duration]
	blocks blocks
}

func (h *handing) next() ([]byte, error) {
	if !h.pipe.HandOver() {
		return nil, ErrClosed
	}
	return h.blocks.next()
}

// read is the reading goroutine: it reads events until an error, which ends the stream.
func (a *ahead) read() error {
	for {
		ev, err := a.inner.Next()
		if err != nil {
			return err
		}
		a.pipe.Add(ev)
	}
}

// next returns the next event; the pipe calls wait before it turns to the next batch.
func (a *ahead) next() (Event, error) {
	for a.at == len(a.cur) {
		evs, err := a.pipe.Receive()
		if err != nil {
			a.cur, a.at = nil, 0
			if err == batchpipe.ErrStopped {
				err = ErrClosed
			}
			return Event{}, err
		}
		a.cur, a.at = evs, 0
	}
	a.at++
	return a.cur[a.at-1], nil
}

// retry is the reading Reader's Retry as of the events Next returned last.
func (a *ahead) retry() time.Duration { return a.pipe.Meta() }

// close stops the reading goroutine: it closes the stream, which ends a read under way, and
// waits for the goroutine to return.
func (a *ahead) close() error {
	var err error
	a.pipe.Stop(func() { err = a.rc.Close() })
	return err
}
