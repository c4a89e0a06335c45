package batchpipe

// Go runs produce on a goroutine of its own, the producer. What it gathered and did not hand
// over goes over when it returns, with its result, or when it panics, with the panic. Go is
// called once.
func (p *Pipe[T, M]) Go(produce func() error) {
	go func() {
		defer close(p.done)
		defer func() { // a panic is the consumer's, as it is without a goroutine
			if v := recover(); v != nil {
				p.send(p.gathered, &end{err: ErrPanicked, panicked: true, panic: v})
			}
		}()
		err := produce()
		if err == nil {
			err = ErrDone
		}
		p.send(p.gathered, &end{err: err})
	}()
}

// Add gathers item and returns how many items the batch holds now, or 0, gathering nothing,
// once the consumer stopped. The producer hands the batch over when that is enough.
func (p *Pipe[T, M]) Add(item T) int {
	if p.stopped {
		return 0
	}
	p.gathered = append(p.gathered, item)
	return len(p.gathered)
}

// HandOver sends the items gathered so far, if any, and starts a new batch, waiting while
// the consumer is Options.Depth batches behind. It reports false once the consumer stopped.
func (p *Pipe[T, M]) HandOver() bool {
	if p.stopped {
		return false
	}
	if len(p.gathered) == 0 {
		return true
	}
	if !p.send(p.gathered, nil) {
		return false
	}
	select {
	case p.gathered = <-p.free:
	default:
		p.gathered = make([]T, 0, freshCap)
	}
	return true
}

// send hands items over with e, unless the consumer stopped, which it reports.
func (p *Pipe[T, M]) send(items []T, e *end) bool {
	b := batch[T, M]{items: items, end: e}
	if p.opts.Meta != nil {
		b.meta = p.opts.Meta()
	}
	select {
	case p.batches <- b:
		return true
	case <-p.stop:
		p.stopped = true
		return false
	}
}
