package sse

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

type readCase struct {
	name  string
	in    string
	want  []tev
	retry time.Duration
}

var readCases = []readCase{
	{name: "one event", in: "data: hello\n\n", want: []tev{{Type: "message", Data: "hello"}}},
	{name: "event type", in: "event: add\ndata: 1\n\n", want: []tev{{Type: "add", Data: "1"}}},
	{name: "empty event type is message", in: "event:\ndata: 1\n\n", want: []tev{{Type: "message", Data: "1"}}},
	{name: "multi-line data", in: "data: YHOO\ndata: +2\ndata: 10\n\n", want: []tev{{Type: "message", Data: "YHOO\n+2\n10"}}},
	{name: "CR line ends", in: "data: a\rdata: b\r\r", want: []tev{{Type: "message", Data: "a\nb"}}},
	{name: "CRLF line ends", in: "event: x\r\ndata: a\r\n\r\n", want: []tev{{Type: "x", Data: "a"}}},
	{name: "mixed line ends", in: "data: a\r\ndata: b\rdata: c\n\r\n", want: []tev{{Type: "message", Data: "a\nb\nc"}}},
	{name: "CR then LF is one line end", in: "data: a\r\n\r\ndata: b\r\r", want: []tev{{Type: "message", Data: "a"}, {Type: "message", Data: "b"}}},
	{name: "comments", in: ": keep-alive\ndata: x\n:another\n\n", want: []tev{{Type: "message", Data: "x"}}},
	{name: "only comments", in: ": ping\n\n: ping\n\n", want: nil},
	{name: "no space after colon", in: "data:x\n\n", want: []tev{{Type: "message", Data: "x"}}},
	{name: "only one space is stripped", in: "data:  x \n\n", want: []tev{{Type: "message", Data: " x "}}},
	{name: "colon in value", in: "data: {\"a\":1}\n\n", want: []tev{{Type: "message", Data: `{"a":1}`}}},
	{name: "field without colon", in: "data\n\ndata\ndata\n\ndata:", want: []tev{{Type: "message", Data: ""}, {Type: "message", Data: "\n"}}},
	{name: "empty data value", in: "data:\n\n", want: []tev{{Type: "message", Data: ""}}},
	{name: "block without data dispatches nothing", in: "event: foo\n\ndata: x\n\n", want: []tev{{Type: "message", Data: "x"}}},
	{name: "id persists", in: "id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n", want: []tev{{Type: "message", Data: "a", ID: "1"}, {Type: "message", Data: "b", ID: "1"}, {Type: "message", Data: "c"}}},
	{name: "id with NUL is ignored", in: "id: 7\ndata: a\n\nid: 8\x009\ndata: b\n\n", want: []tev{{Type: "message", Data: "a", ID: "7"}, {Type: "message", Data: "b", ID: "7"}}},
	{name: "id without data still sets last id", in: "id: 3\n\ndata: a\n\n", want: []tev{{Type: "message", Data: "a", ID: "3"}}},
	{name: "retry", in: "retry: 1500\ndata: a\n\n", want: []tev{{Type: "message", Data: "a"}}, retry: 1500 * time.Millisecond},
	{name: "retry not digits is ignored", in: "retry: 15x\nretry:\nretry: -1\n\n", want: nil},
	{name: "unknown fields are ignored", in: "foo: bar\nData: no\ndata: a\n\n", want: []tev{{Type: "message", Data: "a"}}},
	{name: "unterminated event is discarded", in: "data: a\n\ndata: b\n", want: []tev{{Type: "message", Data: "a"}}},
	{name: "unterminated line is discarded", in: "data: a\n\ndata: b", want: []tev{{Type: "message", Data: "a"}}},
	{name: "byte order mark", in: "\xEF\xBB\xBFdata: a\n\n", want: []tev{{Type: "message", Data: "a"}}},
	{name: "only the first byte order mark", in: "\xEF\xBB\xBFdata: a\n\n\xEF\xBB\xBFdata: b\n\n", want: []tev{{Type: "message", Data: "a"}}},
	{name: "utf-8 passes through", in: "data: héllo ☃\n\n", want: []tev{{Type: "message", Data: "héllo ☃"}}},
	{name: "empty input", in: "", want: nil},
	{
		name: "openai chunks",
		in:   "data: {\"id\":\"c1\"}\n\ndata: [DONE]\n\n",
		want: []tev{{Type: "message", Data: `{"id":"c1"}`}, {Type: "message", Data: "[DONE]"}},
	},
	{
		name: "anthropic events",
		in:   "event: message_start\ndata: {\"type\":\"message_start\"}\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n",
		want: []tev{{Type: "message_start", Data: `{"type":"message_start"}`}, {Type: "ping", Data: `{"type": "ping"}`}},
	},
}

// TestReader reads every case whole, one byte at a time, and split in two at every byte.
func TestReader(t *testing.T) {
	for _, tc := range readCases {
		t.Run(tc.name, func(t *testing.T) {
			check(t, "whole", strings.NewReader(tc.in), tc)
			check(t, "one byte at a time", iotest.OneByteReader(strings.NewReader(tc.in)), tc)
			for i := 1; i < len(tc.in); i++ {
				r := io.MultiReader(strings.NewReader(tc.in[:i]), strings.NewReader(tc.in[i:]))
				check(t, "split at "+strconv.Itoa(i), r, tc)
			}
		})
	}
}

func check(t *testing.T, how string, r io.Reader, tc readCase) {
	t.Helper()
	rd := NewReader(r)
	got, kept, err := readKept(rd)
	if err != io.EOF {
		t.Fatalf("%s: error %v, want io.EOF", how, err)
	}
	if diff := cmp.Diff(tc.want, got); diff != "" {
		t.Errorf("%s: events (-want +got):\n%s", how, diff)
	}
	if rd.Retry() != tc.retry {
		t.Errorf("%s: Retry() = %v, want %v", how, rd.Retry(), tc.retry)
	}
	checkKept(t, how, got, kept)
}

// readKept reads all events, copying each one's data into got and keeping its Data itself,
// uncopied, in kept.
func readKept(rd *Reader) (got []tev, kept [][]byte, err error) {
	for {
		ev, err := rd.Next()
		if err != nil {
			return got, kept, err
		}
		got = append(got, tev{Type: ev.Type, Data: string(ev.Data), ID: ev.ID})
		kept = append(kept, ev.Data)
	}
}

// checkKept checks that the Data kept from every event still holds what it held when it was
// dispatched: the Reader never writes bytes it handed out.
func checkKept(t *testing.T, how string, got []tev, kept [][]byte) {
	t.Helper()
	for i := range kept {
		if string(kept[i]) != got[i].Data {
			t.Fatalf("%s: event %d's Data changed after later reads: %.40q, was %.40q", how, i, kept[i], got[i].Data)
		}
	}
}

// TestDataNeverChanges reads a stream of many blocks, in reads of several sizes, with events
// and lines that span reads and blocks, and checks that no kept Data changed.
func TestDataNeverChanges(t *testing.T) {
	var in strings.Builder
	for i := range 3000 {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&in, "data: {\"n\":%d,\"pad\":%q}\n\n", i, strings.Repeat("x", i%700))
		case 1:
			fmt.Fprintf(&in, "event: two\r\ndata: %d\r\ndata: %s\r\n\r\n", i, strings.Repeat("y", i%300))
		default:
			fmt.Fprintf(&in, ": comment\rdata: %d %s\r\r", i, strings.Repeat("z", i*7%(3*blockSize)))
		}
	}
	want, err := readAll(NewReader(strings.NewReader(in.String())))
	if err != io.EOF || len(want) != 3000 {
		t.Fatalf("whole: %d events, error %v; want 3000 and io.EOF", len(want), err)
	}
	for _, size := range []int{1, 7, 100, 4096, 5000, minRead + 3, blockSize + 1} {
		got, kept, err := readKept(NewReader(&sizedReader{s: in.String(), n: size}))
		if err != io.EOF || !cmp.Equal(want, got) {
			t.Fatalf("reads of %d bytes: %d events, error %v; differ from whole", size, len(got), err)
		}
		checkKept(t, fmt.Sprintf("reads of %d bytes", size), got, kept)
	}
}

// sizedReader returns s in reads of at most n bytes.
type sizedReader struct {
	s string
	n int
}

func (r *sizedReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[n:]
	return n, nil
}

// TestEmptyReads checks that reads returning nothing are read again, and that a source
// stuck returning nothing fails with io.ErrNoProgress rather than spinning.
func TestEmptyReads(t *testing.T) {
	got, err := readAll(NewReader(&emptyReads{r: strings.NewReader("data: a\n\n"), empty: 3}))
	if err != io.EOF || len(got) != 1 || got[0].Data != "a" {
		t.Errorf("3 empty reads: %v, %v; want event a and io.EOF", got, err)
	}
	if _, err := NewReader(&emptyReads{r: strings.NewReader(""), empty: 1000}).Next(); err != io.ErrNoProgress {
		t.Errorf("1000 empty reads: error %v, want io.ErrNoProgress", err)
	}
}

// emptyReads returns nothing for its first empty reads, then reads r.
type emptyReads struct {
	r     io.Reader
	empty int
}

func (e *emptyReads) Read(p []byte) (int, error) {
	if e.empty > 0 {
		e.empty--
		return 0, nil
	}
	return e.r.Read(p)
}

// TestLastBytesWithError checks that bytes a read returns along with an error are read
// before the error is.
func TestLastBytesWithError(t *testing.T) {
	boom := errors.New("boom")
	got, err := readAll(NewReader(iotest.DataErrReader(io.MultiReader(strings.NewReader("data: a\n\n"), iotest.ErrReader(boom)))))
	if err != boom || len(got) != 1 {
		t.Errorf("got %v, %v; want event a and %v", got, err, boom)
	}
}

// tev is an Event with its data copied, to compare.
type tev struct {
	Type, Data, ID string
}

func readAll(rd *Reader) ([]tev, error) {
	var got []tev
	for {
		ev, err := rd.Next()
		if err != nil {
			return got, err
		}
		got = append(got, tev{Type: ev.Type, Data: string(ev.Data), ID: ev.ID})
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want error
		got  int // events before the error
	}{
		{name: "line too long", in: "data: 1\n\ndata: 123456789\n\n", want: ErrLineTooLong, got: 1},
		{name: "comment too long", in: ": 1234567890\n\n", want: ErrLineTooLong},
		{name: "line at the bound", in: "data: 12\n\n", want: io.EOF, got: 1},
		{name: "event data too long", in: "data:123\ndata:123\ndata:123\n\n", want: ErrEventTooLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				rd := NewReaderSize(r, 8)
				got, err := readAll(rd)
				if !errors.Is(err, tc.want) {
					t.Fatalf("error %v, want %v", err, tc.want)
				}
				if len(got) != tc.got {
					t.Errorf("got %d events before the error, want %d", len(got), tc.got)
				}
				if _, again := rd.Next(); again != err {
					t.Errorf("second Next error %v, want the same %v", again, err)
				}
			}
		})
	}
}

func TestLimitErrorText(t *testing.T) {
	_, err := NewReaderSize(strings.NewReader("data: 123456789\n"), 8).Next()
	if want := "sse: line too long: more than 8 bytes"; err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestReadErrorPassesThrough(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("data: a\n\ndata: b\n"), iotest.ErrReader(boom))
	got, err := readAll(NewReader(r))
	if err != boom {
		t.Fatalf("error %v, want %v", err, boom)
	}
	if want := []tev{{Type: "message", Data: "a"}}; !cmp.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
}

// TestDispatchWithoutLookahead checks that an event ending in CR or LF is returned before any
// later byte arrives, as a live stream needs.
func TestDispatchWithoutLookahead(t *testing.T) {
	for _, in := range []string{"data: a\n\n", "data: a\r\r", "data: a\r\n\r\n"} {
		pr, pw := io.Pipe()
		go pw.Write([]byte(in))
		done := make(chan string)
		go func() {
			ev, _ := NewReader(pr).Next()
			done <- string(ev.Data)
		}()
		select {
		case data := <-done:
			if data != "a" {
				t.Errorf("%q: data %q, want %q", in, data, "a")
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%q: Next blocked waiting for more input", in)
		}
		pw.Close()
	}
}

// FuzzReader checks that how the input is cut into reads never changes the events.
func FuzzReader(f *testing.F) {
	for _, tc := range readCases {
		f.Add(tc.in, 3)
	}
	f.Fuzz(func(t *testing.T, in string, split int) {
		split = max(split, 0) % (len(in) + 1)
		want, wantErr := readAll(NewReaderSize(strings.NewReader(in), 64))
		for _, r := range []io.Reader{
			iotest.OneByteReader(strings.NewReader(in)),
			io.MultiReader(strings.NewReader(in[:split]), strings.NewReader(in[split:])),
		} {
			got, err := readAll(NewReaderSize(r, 64))
			if !cmp.Equal(want, got) || err.Error() != wantErr.Error() {
				t.Errorf("whole: %v, %v; in reads: %v, %v", want, wantErr, got, err)
			}
		}
	})
}
