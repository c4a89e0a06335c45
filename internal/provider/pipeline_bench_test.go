package provider

import (
	"context"
	"testing"
)

// BenchmarkPipelined passes a stream of text events through Pipelined, handing them over
// every few events as a stream does before each network read. One op is one stream of
// benchEvents events; ns/event and allocs/op tell what the pipe costs per event and per stream.
func BenchmarkPipelined(b *testing.B) {
	const benchEvents, perRead = 10_000, 20
	ev := Event{Kind: EventText, Delta: "tok "}
	emitted := 0
	emit := func(Event) error { emitted++; return nil }
	ctx := WithBeforeWait(context.Background(), func() {})
	b.ReportAllocs()
	for b.Loop() {
		err := Pipelined(ctx, emit, func(ctx context.Context, emit func(Event) error) error {
			wait := beforeWait(ctx)
			for i := range benchEvents {
				if i%perRead == 0 {
					wait()
				}
				if err := emit(ev); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if emitted != b.N*benchEvents {
		b.Fatalf("%d events emitted, want %d", emitted, b.N*benchEvents)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*benchEvents), "ns/event")
}
