package sse

import (
	"errors"
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
	got, err := readAll(rd)
	if err != io.EOF {
		t.Fatalf("%s: error %v, want io.EOF", how, err)
	}
	if diff := cmp.Diff(tc.want, got); diff != "" {
		t.Errorf("%s: events (-want +got):\n%s", how, diff)
	}
	if rd.Retry() != tc.retry {
		t.Errorf("%s: Retry() = %v, want %v", how, rd.Retry(), tc.retry)
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
