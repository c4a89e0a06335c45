package provider

import (
	"io"
	"sync"
)

// Prefetching: a goroutine of the attempt reads the response body ahead, into a few buffers,
// while the stream's events are decoded and written on the caller's goroutine. So the network
// reads (the system calls, the chunked transfer coding) run beside the rest of the work, and a
// read from the prefetcher blocks only when no byte of the response has arrived unread: that
// is the moment to flush what the caller buffered (the wait function of WithBeforeWait), and
// never earlier.

const (
	// prefetchBuffers is how many buffers the prefetcher fills ahead of the reader.
	prefetchBuffers = 4
	// prefetchSize is the size of each buffer: one read takes up to this much of what the
	// network delivered.
	prefetchSize = 32 << 10
)

// filled is what one read of the body gave: bytes, an error, or both.
type filled struct {
	b   []byte
	err error
}

// prefetcher is the io.Reader over a body that its own goroutine reads ahead.
type prefetcher struct {
	full chan filled
	free chan []byte
	done chan struct{} // closed by stop
	wg   sync.WaitGroup

	// Read's side.
	wait func() // called before a Read blocks, when set
	cur  []byte // what is left of the buffer being read
	buf  []byte // that buffer, to give back once read
	err  error
}

// startPrefetch starts reading body; kick is called each time bytes arrive.
func startPrefetch(body io.Reader, kick, wait func()) *prefetcher {
	p := &prefetcher{full: make(chan filled, prefetchBuffers), free: make(chan []byte, prefetchBuffers),
		done: make(chan struct{}), wait: wait}
	for range prefetchBuffers {
		p.free <- make([]byte, prefetchSize)
	}
	p.wg.Add(1)
	go p.fetch(body, kick)
	return p
}

// fetch reads body into free buffers until it fails, ends, or stop is called.
func (p *prefetcher) fetch(body io.Reader, kick func()) {
	defer p.wg.Done()
	for {
		var buf []byte
		select {
		case buf = <-p.free:
		case <-p.done:
			return
		}
		n, err := body.Read(buf[:cap(buf)])
		if n > 0 {
			kick()
		}
		if n == 0 && err == nil {
			p.free <- buf
			continue
		}
		select {
		case p.full <- filled{b: buf[:n], err: err}:
		case <-p.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read copies what the prefetcher read, in order. When nothing is left to read, it calls
// wait, then blocks until the next bytes (or the error that ended the body) arrive.
func (p *prefetcher) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		if p.buf != nil {
			p.free <- p.buf // never blocks: there are only prefetchBuffers buffers
			p.buf = nil
		}
		var f filled
		select {
		case f = <-p.full:
		default:
			if p.wait != nil {
				p.wait()
			}
			f = <-p.full
		}
		p.cur, p.buf, p.err = f.b, f.b, f.err
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}

// stop ends the goroutine; the body must be closed (or its request cancelled) first or at the
// same time, so that a read in progress returns.
func (p *prefetcher) stop() {
	close(p.done)
	p.wg.Wait()
}
