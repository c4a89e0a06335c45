package sse

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider/batchpipe"
)

// TestReaderAhead reads every case through a reading goroutine, whole and one byte at a time,
// and checks that the events, the error and the kept data are as without one.
func TestReaderAhead(t *testing.T) {
	for _, tc := range readCases {
		for how, r := range map[string]io.Reader{
			"whole":              strings.NewReader(tc.in),
			"one byte at a time": iotest.OneByteReader(strings.NewReader(tc.in)),
		} {
			rd := NewReaderAhead(io.NopCloser(r), 0, nil)
			got, kept, err := readKept(rd)
			if err != io.EOF {
				t.Fatalf("%s, %s: error %v, want io.EOF", tc.name, how, err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s, %s: events (-want +got):\n%s", tc.name, how, diff)
			}
			checkKept(t, tc.name+", "+how, got, kept)
			if err := rd.Close(); err != nil {
				t.Errorf("%s, %s: Close: %v", tc.name, how, err)
			}
		}
	}
}

// TestReaderAheadWaits checks that wait runs on Next's goroutine each time Next turns to wait
// for more events, so that what the caller gathered goes out before Next waits for the stream.
func TestReaderAheadWaits(t *testing.T) {
	pr, pw := io.Pipe()
	waits := 0
	rd := NewReaderAhead(pr, 0, func() { waits++ })
	defer rd.Close()
	go func() { // a pipe's read takes at most one write
		for _, in := range []string{"data: a\n\n", "data: b\n", "\n"} {
			pw.Write([]byte(in))
		}
	}()
	for _, want := range []struct {
		data  string
		waits int
	}{{"a", 1}, {"b", 2}} {
		ev, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		if string(ev.Data) != want.data || waits != want.waits {
			t.Errorf("event %q after %d waits, want %q after %d (once per event handed over)", ev.Data, waits, want.data, want.waits)
		}
	}
}

// TestReaderAheadClose checks that Close ends a read blocked on the stream, that the reading
// goroutine has returned by then, and that Next then fails.
func TestReaderAheadClose(t *testing.T) {
	pr, pw := io.Pipe()
	go pw.Write([]byte("data: a\n\n"))
	rd := NewReaderAhead(pr, 0, nil)
	if ev, err := rd.Next(); err != nil || string(ev.Data) != "a" {
		t.Fatalf("Next: %q, %v", ev.Data, err)
	}
	closed := make(chan error)
	go func() { closed <- rd.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return while the goroutine's read waited on the stream")
	}
	if _, err := pw.Write([]byte("data: b\n\n")); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("write after Close: %v, want io.ErrClosedPipe: the stream was closed", err)
	}
	if _, err := rd.Next(); err != ErrClosed {
		t.Errorf("Next after Close: %v, want ErrClosed", err)
	}
}

// TestReaderAheadLong reads a stream of many blocks ahead, with lines that span blocks and a
// line over the bound, and checks the events and the error as without a reading goroutine.
func TestReaderAheadLong(t *testing.T) {
	var in strings.Builder
	for i := range 2000 {
		in.WriteString("data: " + strings.Repeat("x", i*37%(2*blockSize)) + "\n\n")
	}
	in.WriteString("data: " + strings.Repeat("y", 3*blockSize) + "\n\n")
	want, wantErr := readAll(NewReaderSize(strings.NewReader(in.String()), 2*blockSize))
	rd := NewReaderAhead(io.NopCloser(&sizedReader{s: in.String(), n: 5000}), 2*blockSize, nil)
	defer rd.Close()
	got, kept, err := readKept(rd)
	if !errors.Is(err, ErrLineTooLong) || err.Error() != wantErr.Error() {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	if len(got) != 2000 || !cmp.Equal(want, got) {
		t.Fatalf("%d events, differ from those read without a goroutine (%d)", len(got), len(want))
	}
	checkKept(t, "ahead", got, kept)
}

// TestReaderAheadPanic checks that a panic of a read on the reading goroutine is raised again
// by Next, on its caller's goroutine, and that Next then fails.
func TestReaderAheadPanic(t *testing.T) {
	rd := NewReaderAhead(io.NopCloser(panicReader{}), 0, nil)
	defer rd.Close()
	func() {
		defer func() {
			if v := recover(); v != "boom" {
				t.Errorf("recovered %v, want the read's panic", v)
			}
		}()
		rd.Next()
		t.Error("Next returned")
	}()
	if _, err := rd.Next(); err != batchpipe.ErrPanicked {
		t.Errorf("Next after the panic: %v, want %v", err, batchpipe.ErrPanicked)
	}
}

type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("boom") }

// TestReaderAheadEventsBeforePanic checks that the events read before a read panicked are
// returned before the panic is raised.
func TestReaderAheadEventsBeforePanic(t *testing.T) {
	rd := NewReaderAhead(io.NopCloser(io.MultiReader(strings.NewReader("data: a\n\ndata: b\n\n"), panicReader{})), 0, nil)
	defer rd.Close()
	for _, want := range []string{"a", "b"} {
		if ev, err := rd.Next(); err != nil || string(ev.Data) != want {
			t.Fatalf("Next: %q, %v; want %q", ev.Data, err, want)
		}
	}
	defer func() {
		if v := recover(); v != "boom" {
			t.Errorf("recovered %v, want the read's panic", v)
		}
	}()
	rd.Next()
	t.Error("Next returned")
}
