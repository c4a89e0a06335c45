package streamio

import (
	"bytes"
	"errors"
	"strings"
	"syscall"
	"testing"
)

// writes records each Write it gets.
type writes struct {
	got [][]byte
	err error
}

func (w *writes) Write(p []byte) (int, error) {
	w.got = append(w.got, append([]byte(nil), p...))
	if w.err != nil {
		return 0, w.err
	}
	return len(p), nil
}

func TestBufferedHoldsUntilFlush(t *testing.T) {
	var w writes
	b := NewBuffered(&w)
	for _, line := range []string{"a\n", "bb\n", "ccc\n"} {
		if _, err := b.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.got) != 0 {
		t.Fatalf("wrote %q before Flush", w.got)
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(); err != nil { // nothing held: no write
		t.Fatal(err)
	}
	if len(w.got) != 1 || string(w.got[0]) != "a\nbb\nccc\n" {
		t.Errorf("writes %q, want one of all three lines", w.got)
	}
}

// TestBufferedWritesWholeLinesWhenFull checks that a buffer past flushAt
// goes out without a Flush, in writes that hold whole lines only, and that
// a piece bigger than flushAt goes out as it is.
func TestBufferedWritesWholeLinesWhenFull(t *testing.T) {
	var w writes
	b := NewBuffered(&w)
	line := strings.Repeat("x", 999) + "\n"
	for range 3 * flushAt / len(line) {
		b.Write([]byte(line))
	}
	big := strings.Repeat("y", 2*flushAt) + "\n"
	b.Write([]byte(big))
	b.Flush()
	var all bytes.Buffer
	for i, p := range w.got {
		if len(p) > flushAt && string(p) != big {
			t.Errorf("write %d has %d bytes, more than %d", i, len(p), flushAt)
		}
		if p[len(p)-1] != '\n' {
			t.Errorf("write %d ends in the middle of a line", i)
		}
		all.Write(p)
	}
	if want := strings.Repeat(line, 3*flushAt/len(line)) + big; all.String() != want {
		t.Errorf("wrote %d bytes, want %d in order", all.Len(), len(want))
	}
	if len(w.got) < 3 {
		t.Errorf("%d writes: the buffer never filled", len(w.got))
	}
}

// TestBufferedKeepsItsError checks that a failed write is reported by
// Flush and by every later Write, as it came (a reader gone is EPIPE).
func TestBufferedKeepsItsError(t *testing.T) {
	w := writes{err: syscall.EPIPE}
	b := NewBuffered(&w)
	b.Write([]byte("a\n"))
	if err := b.Flush(); !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("Flush: %v, want EPIPE", err)
	}
	if _, err := b.Write([]byte("b\n")); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("Write after the failure: %v, want EPIPE", err)
	}
	if err := b.Flush(); !errors.Is(err, syscall.EPIPE) || len(w.got) != 1 {
		t.Errorf("Flush again: %v after %d writes, want EPIPE after 1", err, len(w.got))
	}
}

// TestBufferedReaderGone checks that ReaderGone tells EPIPE from other
// write failures, and is false before any failure.
func TestBufferedReaderGone(t *testing.T) {
	for _, tc := range []struct {
		err  error
		gone bool
	}{{syscall.EPIPE, true}, {syscall.ENOSPC, false}, {nil, false}} {
		b := NewBuffered(&writes{err: tc.err})
		if b.ReaderGone() {
			t.Errorf("%v: gone before any write", tc.err)
		}
		b.Write([]byte("a\n"))
		b.Flush()
		if got := b.ReaderGone(); got != tc.gone {
			t.Errorf("%v: ReaderGone = %v, want %v", tc.err, got, tc.gone)
		}
	}
}
