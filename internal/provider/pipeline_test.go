package provider

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// textEvent is the text event number i.
func textEvent(i int) Event { return Event{Kind: EventText, Delta: strconv.Itoa(i)} }

// TestPipelinedOrder passes more events than a batch holds, handed over at irregular points,
// and checks that they all arrive, in order, and that the stream's error comes back as it was.
func TestPipelinedOrder(t *testing.T) {
	const n = 3*maxBatch + 17
	boom := errors.New("boom")
	var got []string
	err := Pipelined(context.Background(), func(ev Event) error {
		got = append(got, ev.Delta)
		return nil
	}, func(ctx context.Context, emit func(Event) error) error {
		wait := beforeWait(ctx)
		for i := range n {
			if err := emit(textEvent(i)); err != nil {
				return err
			}
			if i%7 == 0 {
				wait()
			}
		}
		return boom
	})
	if err != boom {
		t.Fatalf("error %v, want the stream's %v", err, boom)
	}
	if len(got) != n {
		t.Fatalf("%d events, want %d", len(got), n)
	}
	for i, d := range got {
		if d != strconv.Itoa(i) {
			t.Fatalf("event %d is %q", i, d)
		}
	}
}

// TestPipelinedEmitError checks that emit's error is returned as it was, that the stream then
// sees its emit fail and its context cancelled, and that it has returned by then.
func TestPipelinedEmitError(t *testing.T) {
	stop := errors.New("stop")
	var returned, cancelled atomic.Bool
	var emitted int
	err := Pipelined(context.Background(), func(ev Event) error {
		emitted++
		if ev.Delta == "5" {
			return stop
		}
		return nil
	}, func(ctx context.Context, emit func(Event) error) error {
		defer returned.Store(true)
		wait := beforeWait(ctx)
		for i := 0; ; i++ {
			if err := emit(textEvent(i)); err != nil {
				<-ctx.Done()
				cancelled.Store(true)
				return err
			}
			wait()
		}
	})
	if err != stop {
		t.Fatalf("error %v, want emit's %v", err, stop)
	}
	if !returned.Load() || !cancelled.Load() {
		t.Errorf("stream returned %v, saw its context cancelled %v; want both", returned.Load(), cancelled.Load())
	}
	if emitted != 6 {
		t.Errorf("emit called %d times, want 6: none after its error", emitted)
	}
}

// TestPipelinedHandsOverBeforeWaiting checks the flushing contract: an event gathered before
// the stream waits for the network reaches emit while the stream waits, and the caller's flush
// runs then, once every event handed over was emitted.
func TestPipelinedHandsOverBeforeWaiting(t *testing.T) {
	var log []string
	emitted := 0
	flushed := make(chan int, 16) // how many events were emitted at each flush
	ctx := WithBeforeWait(context.Background(), func() {
		log = append(log, "flush")
		flushed <- emitted
	})
	err := Pipelined(ctx, func(ev Event) error {
		log = append(log, ev.Delta)
		emitted++
		return nil
	}, func(ctx context.Context, emit func(Event) error) error {
		for i := range 3 {
			if err := emit(textEvent(i)); err != nil {
				return err
			}
			beforeWait(ctx)() // as Transport does before each read
			if err := awaitFlush(flushed, i+1); err != nil {
				return err // the "network" answers only once the event went out
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The first flush is the wait for the first event, unless that came first.
	want := "flush 0 flush 1 flush 2 flush"
	if got := strings.Join(log, " "); got != want && got != want[len("flush "):] {
		t.Errorf("emits and flushes %q, want %q", got, want)
	}
}

// awaitFlush waits for a flush after n events were emitted.
func awaitFlush(flushed chan int, n int) error {
	for {
		select {
		case m := <-flushed:
			if m >= n {
				return nil
			}
		case <-time.After(10 * time.Second):
			return fmt.Errorf("event %d, handed over before the wait, was not emitted and flushed", n-1)
		}
	}
}

// TestPipelinedCancelled checks that a cancelled context ends the stream and Pipelined with
// the stream's error, without waiting on either side.
func TestPipelinedCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- Pipelined(ctx, func(Event) error { return nil }, func(ctx context.Context, emit func(Event) error) error {
			if err := emit(textEvent(0)); err != nil {
				return err
			}
			<-ctx.Done() // a read blocked on the network
			return ctx.Err()
		})
	}()
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("error %v, want %v", err, context.Canceled)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Pipelined did not return after its context was cancelled")
	}
}

// TestPipelinedPanic checks that a panic of the stream is raised again on the caller's
// goroutine, after the events emitted before it.
func TestPipelinedPanic(t *testing.T) {
	var got []string
	defer func() {
		if v := recover(); v != "boom" {
			t.Errorf("recovered %v, want the stream's panic", v)
		}
		if len(got) != 1 {
			t.Errorf("events before the panic: %v, want one", got)
		}
	}()
	Pipelined(context.Background(), func(ev Event) error {
		got = append(got, ev.Delta)
		return nil
	}, func(ctx context.Context, emit func(Event) error) error {
		emit(textEvent(0))
		panic("boom")
	})
	t.Error("Pipelined returned")
}
