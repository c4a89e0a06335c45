package sse

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkReaderAhead reads a stream of short events through a reading goroutine, in reads
// of 4 KiB. One op is one stream of benchEvents events; ns/event and allocs/op tell what the
// hand-over costs per event and per stream.
func BenchmarkReaderAhead(b *testing.B) {
	const benchEvents = 10_000
	in := strings.Repeat("data: {\"delta\":\"tok \"}\n\n", benchEvents)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReaderAhead(io.NopCloser(&sizedReader{s: in, n: 4 << 10}), 0, func() {})
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		r.Close()
		if n != benchEvents {
			b.Fatalf("%d events, want %d", n, benchEvents)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*benchEvents), "ns/event")
}
