package sse

import (
	"errors"
	"io"
)

// errPanicked is what Next returns after the read it raised the panic of panicked.
var errPanicked = errors.New("sse: the stream's read panicked")

// blockSize is the size of the blocks a Reader reads into: under load one read takes up to
// this much of what the stream has sent. A block's room is used up by the reads that follow
// until less than minRead is left; then the next read starts a new block.
const (
	blockSize = 64 << 10
	minRead   = 8 << 10
)

// maxEmptyReads is how many reads in a row may return nothing before the stream is taken
// for stuck, as bufio does.
const maxEmptyReads = 100

// source hands out the bytes of a stream in pieces. A piece's bytes are never written again;
// the room after it, up to its capacity, is where the next piece of the same block goes.
type source interface {
	next() ([]byte, error)
}

// blocks is the source that reads an io.Reader into fresh blocks, one read per piece.
type blocks struct {
	r     io.Reader
	block []byte // the bytes read into the current block, with its free room as capacity
	err   error  // the error that came with the last bytes, returned by the next call
}

func (b *blocks) next() ([]byte, error) {
	if b.err != nil {
		return nil, b.err
	}
	for range maxEmptyReads {
		if cap(b.block)-len(b.block) < minRead {
			b.block = make([]byte, 0, blockSize)
		}
		free := b.block[len(b.block):cap(b.block)]
		n, err := b.r.Read(free)
		b.block = b.block[:len(b.block)+n]
		b.err = err
		if n > 0 {
			return free[:n], nil
		}
		if err != nil {
			return nil, err
		}
	}
	b.err = io.ErrNoProgress
	return nil, b.err
}

// ahead is the source whose pieces a goroutine of its own reads, ahead of the Reader: the
// waits for the stream and the copies out of it overlap with what the Reader's caller does.
type ahead struct {
	r      io.ReadCloser
	wait   func()
	pieces chan piece
	stop   chan struct{} // closed by close: the reading goroutine no longer hands pieces over
	done   chan struct{} // closed when the reading goroutine returned
	err    error
}

// piece is what one read brought: bytes, or the error that ends the stream, or the value the
// read panicked with.
type piece struct {
	b        []byte
	err      error
	panicked bool
	panic    any
}

// aheadPieces is how many pieces the reading goroutine may be ahead by.
const aheadPieces = 8

func newAhead(r io.ReadCloser, wait func()) *ahead {
	a := &ahead{r: r, wait: wait, pieces: make(chan piece, aheadPieces), stop: make(chan struct{}), done: make(chan struct{})}
	go a.read()
	return a
}

// read is the reading goroutine: it reads the stream into blocks until an error.
func (a *ahead) read() {
	defer close(a.done)
	defer func() { // a panic is Next's caller's, as it is without a goroutine
		if v := recover(); v != nil {
			select {
			case a.pieces <- piece{err: errPanicked, panicked: true, panic: v}:
			case <-a.stop:
			}
		}
	}()
	src := blocks{r: a.r}
	for {
		b, err := src.next()
		select {
		case a.pieces <- piece{b: b, err: err}:
		case <-a.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

// next returns the next piece, calling wait first: everything read so far was taken.
func (a *ahead) next() ([]byte, error) {
	if a.err != nil {
		return nil, a.err
	}
	if a.wait != nil {
		a.wait()
	}
	p := <-a.pieces
	if p.panicked {
		a.err = p.err
		panic(p.panic)
	}
	a.err = p.err
	return p.b, p.err
}

// close stops the reading goroutine: it closes the stream, which ends a read under way, and
// waits for the goroutine to return.
func (a *ahead) close() error {
	a.err = ErrClosed
	close(a.stop)
	err := a.r.Close()
	<-a.done
	return err
}
