package batchpipe

// Receive returns the items of the next batch, in order, calling Options.Wait first. They
// stay as they are until the next call of Receive, which gives their memory back to the
// producer. After the producer's last batch, Receive returns no items and the producer's
// error, or ErrDone when that was nil; when the producer panicked, it raises the panic
// instead, once, and then returns ErrPanicked. Once Receive has failed, it returns the same
// error again.
func (p *Pipe[T, M]) Receive() ([]T, error) {
	p.giveBack()
	if p.end != nil {
		return nil, p.ended()
	}
	b := p.receive()
	p.cur, p.meta, p.end = b.items, b.meta, b.end
	if len(b.items) == 0 && b.end != nil {
		return nil, p.ended()
	}
	return b.items, nil
}

// receive waits for the next batch, calling Options.Wait before.
func (p *Pipe[T, M]) receive() batch[T, M] {
	if p.opts.Wait != nil && !p.opts.WaitEachBatch {
		select {
		case b := <-p.batches:
			return b
		default:
		}
	}
	if p.opts.Wait != nil {
		p.opts.Wait()
	}
	return <-p.batches
}

// giveBack gives the memory of the batch Receive returned last to the producer.
func (p *Pipe[T, M]) giveBack() {
	if p.cur == nil {
		return
	}
	clear(p.cur) // let go of what the items point to
	select {
	case p.free <- p.cur[:0]:
	default:
	}
	p.cur = nil
}

// ended returns the producer's error, raising its panic the first time.
func (p *Pipe[T, M]) ended() error {
	if e := p.end; e.panicked {
		p.end = &end{err: e.err}
		panic(e.panic)
	}
	return p.end.err
}

// Meta returns what the batch Receive returned last carries (see Options.Meta).
func (p *Pipe[T, M]) Meta() M { return p.meta }

// Stop ends the hand-over: the producer's HandOver and Add report false from then on. It
// calls unblock, when not nil, to end a wait of the producer's (closing what it reads, say),
// and waits for the producer to return. Receive then returns ErrStopped. Stop is called
// once, after Go.
func (p *Pipe[T, M]) Stop(unblock func()) {
	p.cur, p.end = nil, &end{err: ErrStopped}
	close(p.stop)
	if unblock != nil {
		unblock()
	}
	<-p.done
}
