package provider

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// TestPrefetchWaitsOnlyWhenNothingArrived checks the flush point: Read
// calls wait before it blocks with nothing read ahead, and not when the
// next bytes have already arrived.
func TestPrefetchWaitsOnlyWhenNothingArrived(t *testing.T) {
	pr, pw := io.Pipe()
	waits := 0
	var kicks atomic.Int32
	p := startPrefetch(pr, func() { kicks.Add(1) }, func() {
		waits++
		go pw.Write([]byte("first"))
	})
	defer func() {
		pw.Close() // as the attempt closes the body, so that the read in progress returns
		p.stop()
	}()
	buf := make([]byte, 64)
	n, err := p.Read(buf)
	if err != nil || string(buf[:n]) != "first" || waits != 1 {
		t.Fatalf("first read: %q, %v, %d waits; want first, nil, 1 wait", buf[:n], err, waits)
	}
	go pw.Write([]byte("second"))
	for len(p.full) == 0 {
		runtime.Gosched() // until the prefetcher holds the bytes
	}
	n, err = p.Read(buf)
	if err != nil || string(buf[:n]) != "second" || waits != 1 {
		t.Fatalf("second read: %q, %v, %d waits; want second, nil, still 1 wait", buf[:n], err, waits)
	}
	if n := kicks.Load(); n != 2 {
		t.Errorf("%d kicks, want one per arrival (2)", n)
	}
}

// TestPrefetchKeepsOrderAndError reads a body much longer than the
// buffers through small reads: every byte arrives once, in order, then
// the body's error.
func TestPrefetchKeepsOrderAndError(t *testing.T) {
	want := strings.Repeat("0123456789abcdef", 40000) // 640 KB, 20 buffers
	boom := errors.New("cut")
	body := io.MultiReader(strings.NewReader(want), &failing{err: boom})
	p := startPrefetch(body, func() {}, nil)
	defer p.stop()
	var got strings.Builder
	buf := make([]byte, 1000)
	var err error
	for {
		var n int
		n, err = p.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			break
		}
	}
	if got.String() != want || err != boom {
		t.Fatalf("read %d bytes (equal: %v), error %v; want %d bytes, error %v", got.Len(), got.String() == want, err, len(want), boom)
	}
	if _, err := p.Read(buf); err != boom {
		t.Errorf("a later read: %v, want %v again", err, boom)
	}
}

// TestPrefetchStopsWhileFull stops a prefetcher whose buffers are all
// full and whose body still has bytes: stop returns.
func TestPrefetchStopsWhileFull(t *testing.T) {
	p := startPrefetch(strings.NewReader(strings.Repeat("x", 10*prefetchSize)), func() {}, nil)
	for len(p.full) < prefetchBuffers {
		runtime.Gosched()
	}
	p.stop()
}

type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }
