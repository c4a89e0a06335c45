package sse

import "io"

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
