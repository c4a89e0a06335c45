package batchpipe

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// patience bounds every wait of these tests: a hand-over that never comes fails the test
// instead of hanging it.
const patience = 10 * time.Second

// receiveAll receives batches until an error and returns their items.
func receiveAll[T, M any](p *Pipe[T, M]) ([]T, error) {
	var all []T
	for {
		items, err := p.Receive()
		if err != nil {
			return all, err
		}
		all = append(all, items...)
	}
}

// TestOrder hands items over at irregular points and checks that they all arrive, in order,
// then the producer's error, again on the next call; and ErrDone when the producer returned nil.
func TestOrder(t *testing.T) {
	boom := errors.New("boom")
	for _, result := range []error{boom, nil} {
		const n = 5000
		p := New[int](Options[struct{}]{Depth: 2})
		p.Go(func() error {
			for i := range n {
				p.Add(i)
				if i%7 == 0 || i%11 == 0 {
					p.HandOver()
				}
			}
			return result
		})
		got, err := receiveAll(p)
		want := result
		if want == nil {
			want = ErrDone
		}
		if err != want {
			t.Fatalf("producer returned %v: Receive failed with %v, want %v", result, err, want)
		}
		if _, again := p.Receive(); again != want {
			t.Errorf("Receive after the end: %v, want %v again", again, want)
		}
		if len(got) != n {
			t.Fatalf("%d items, want %d", len(got), n)
		}
		for i, v := range got {
			if v != i {
				t.Fatalf("item %d is %d", i, v)
			}
		}
		p.Stop(nil)
	}
}

// TestHandOverBeforeWait has the producer wait, after each hand-over, until the consumer has
// the item it handed over, as a stream's next read waits for an answer to what went out: it
// fails, rather than hangs, when an item handed over does not reach the consumer.
func TestHandOverBeforeWait(t *testing.T) {
	const n = 5
	got := make(chan int, n)
	p := New[int](Options[struct{}]{Depth: 2})
	p.Go(func() error {
		for i := range n {
			p.Add(i)
			if !p.HandOver() {
				return errors.New("stopped")
			}
			select {
			case v := <-got:
				if v != i {
					return fmt.Errorf("consumer got %d, want %d", v, i)
				}
			case <-time.After(patience):
				return fmt.Errorf("item %d, handed over, did not reach the consumer", i)
			}
		}
		return nil
	})
	defer p.Stop(nil)
	for {
		items, err := p.Receive()
		if err == ErrDone {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range items {
			got <- v
		}
	}
}

// TestWait checks when Receive calls Options.Wait: only for a batch that has not come yet,
// or, with WaitEachBatch, before every batch.
func TestWait(t *testing.T) {
	for _, each := range []bool{false, true} {
		sent, release := make(chan struct{}), make(chan struct{})
		waits, lastWait := 0, 1 // the wait for the end
		if each {
			lastWait = 3
		}
		p := New[string](Options[struct{}]{Depth: 4, WaitEachBatch: each, Wait: func() {
			waits++
			if waits == lastWait {
				close(release)
			}
		}})
		p.Go(func() error {
			p.Add("a")
			p.HandOver()
			p.Add("b")
			p.HandOver()
			close(sent)
			select { // the producer returns once the consumer waits for it
			case <-release:
			case <-time.After(patience):
			}
			return nil
		})
		<-sent
		var log []string
		for {
			items, err := p.Receive()
			log = append(log, fmt.Sprint(items, err, waits))
			if err != nil {
				break
			}
		}
		want := "[[a] <nil> 0 [b] <nil> 0 [] batchpipe: the producer returned 1]"
		if each {
			want = "[[a] <nil> 1 [b] <nil> 2 [] batchpipe: the producer returned 3]"
		}
		if got := fmt.Sprint(log); got != want {
			t.Errorf("WaitEachBatch %v: batches, errors and waits %s, want %s", each, got, want)
		}
		p.Stop(nil)
	}
}

// TestPanic checks that a panic of the producer is raised on the consumer's goroutine after
// the items before it, handed over or not, once; Receive then fails with ErrPanicked.
func TestPanic(t *testing.T) {
	p := New[int](Options[struct{}]{Depth: 2})
	p.Go(func() error {
		p.Add(1)
		p.Add(2)
		p.HandOver()
		p.Add(3)
		panic("boom")
	})
	defer p.Stop(nil)
	var got []int
	func() {
		defer func() {
			if v := recover(); v != "boom" {
				t.Errorf("recovered %v, want the producer's panic", v)
			}
		}()
		for {
			items, err := p.Receive()
			if err != nil {
				t.Errorf("Receive returned %v, want the producer's panic", err)
				return
			}
			got = append(got, items...)
		}
	}()
	if fmt.Sprint(got) != "[1 2 3]" {
		t.Errorf("items before the panic %v, want [1 2 3]", got)
	}
	if _, err := p.Receive(); err != ErrPanicked {
		t.Errorf("Receive after the panic: %v, want %v", err, ErrPanicked)
	}
}

// TestStopWhileHandingOver stops the consumer while the producer waits to hand a batch over
// (the consumer is Depth batches behind) and checks that the producer's HandOver fails, that
// it has returned when Stop does, and that Receive then fails with ErrStopped.
func TestStopWhileHandingOver(t *testing.T) {
	var returned atomic.Bool
	var handedOver atomic.Int64
	p := New[int](Options[struct{}]{Depth: 1})
	p.Go(func() error {
		defer returned.Store(true)
		for i := 0; ; i++ {
			if p.Add(i) == 0 || !p.HandOver() {
				return errors.New("stopped")
			}
			handedOver.Add(1)
		}
	})
	if items, err := p.Receive(); err != nil || len(items) != 1 {
		t.Fatalf("Receive: %v, %v", items, err)
	}
	for handedOver.Load() < 2 { // the next batch waits in the channel, one more to hand over
		time.Sleep(time.Millisecond)
	}
	stopped := make(chan struct{})
	go func() {
		p.Stop(nil)
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(patience):
		t.Fatal("Stop did not return while the producer waited to hand a batch over")
	}
	if !returned.Load() {
		t.Error("Stop returned before the producer")
	}
	if _, err := p.Receive(); err != ErrStopped {
		t.Errorf("Receive after Stop: %v, want %v", err, ErrStopped)
	}
}

// TestStopUnblocks stops the consumer while the producer waits on something of its own, and
// checks that Stop's unblock ends that wait and that Stop waits for the producer to return.
func TestStopUnblocks(t *testing.T) {
	var returned atomic.Bool
	read, closed := make(chan struct{}), make(chan struct{})
	p := New[int](Options[struct{}]{Depth: 2})
	p.Go(func() error {
		defer returned.Store(true)
		close(read)
		<-closed // a read blocked on the network
		time.Sleep(10 * time.Millisecond)
		return errors.New("closed")
	})
	<-read
	p.Stop(func() { close(closed) })
	if !returned.Load() {
		t.Error("Stop returned before the producer")
	}
}

// TestFreeListReuse streams many batches and checks that their memory is reused: a stream
// of two thousand batches allocates a few slices, not one per batch; and that the memory of
// a batch given back was cleared.
func TestFreeListReuse(t *testing.T) {
	const batches, size = 2000, 50
	allocs := testing.AllocsPerRun(3, func() {
		p := New[*int](Options[struct{}]{Depth: 2})
		one := new(int)
		p.Go(func() error {
			for range batches {
				for range size {
					p.Add(one)
				}
				p.HandOver()
			}
			return nil
		})
		for {
			if _, err := p.Receive(); err != nil {
				break
			}
		}
		p.Stop(nil)
	})
	// The first batch grows to its size (7 allocations); then at most Depth+3 batches are
	// made; the pipe, its channels, the goroutine and the end take a dozen more.
	t.Logf("%v allocations for a stream of %d batches", allocs, batches)
	if allocs > 40 {
		t.Errorf("%v allocations for %d batches: drained batches are not reused", allocs, batches)
	}
}

// TestGivenBackCleared checks that the memory of a batch goes back cleared, so that it does
// not keep what its items pointed to alive: producer and consumer go in lock step, so that
// the producer has not reused it yet when the consumer looks.
func TestGivenBackCleared(t *testing.T) {
	ack := make(chan struct{})
	p := New[*int](Options[struct{}]{Depth: 2})
	p.Go(func() error {
		for range 3 {
			p.Add(new(int))
			p.HandOver()
			<-ack
		}
		return nil
	})
	defer p.Stop(nil)
	var prev []*int
	for {
		items, err := p.Receive()
		if prev != nil && prev[0] != nil {
			t.Error("a batch given back still points to its item")
		}
		if err != nil {
			break
		}
		prev = items
		ack <- struct{}{}
	}
}

// TestMeta checks that each batch carries what Options.Meta returned at its hand-over.
func TestMeta(t *testing.T) {
	state := 0
	p := New[int](Options[int]{Depth: 2, Meta: func() int { return state }})
	p.Go(func() error {
		p.Add(1)
		state = 1
		p.HandOver()
		state = 2
		p.Add(2)
		return nil
	})
	defer p.Stop(nil)
	for _, want := range []int{1, 2} {
		if _, err := p.Receive(); err != nil || p.Meta() != want {
			t.Errorf("Receive: %v, Meta %d; want %d", err, p.Meta(), want)
		}
	}
}
