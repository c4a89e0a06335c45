package acp

import (
	"io"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/streamio"
)

// BenchmarkChunk compares what one streamed text delta costs once the
// loop emits it: as a session/update agent_message_chunk through zero
// acp's sink and writer, and as a text event through zero exec's
// stream-json sink, both into a Buffered writer to io.Discard, both
// redacting with the same Redactor, the deltas redacted already as the
// run redacts them. The ratio acp/exec is reported.
//
//	go test -run '^$' -bench Chunk ./internal/acp
func BenchmarkChunk(b *testing.B) {
	red := redact.NewShared(redact.New("sk-proj-benchmarkbenchmarkbenchmark0000"))
	runID := "run_20260101T000000Z_0123456789abcdef"
	var exec float64
	b.Run("exec", func(b *testing.B) {
		out := streamio.NewBuffered(io.Discard)
		sink := streamio.NewStreamJSON(out, 2, red.String)
		sink.DeltasRedacted()
		b.ReportAllocs()
		for b.Loop() {
			if err := sink.Emit(&streamjsonv2.Text{RunID: streamjsonv2.ID(runID), Delta: "tok "}); err != nil {
				b.Fatal(err)
			}
		}
		out.Flush()
		exec = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	})
	b.Run("acp", func(b *testing.B) {
		s := &server{cfg: Config{Redactor: red}, out: newWriter(io.Discard, red.Memo().String, io.Discard)}
		u := &updates{s: s, st: &sessionState{id: "sess_20260101T000000Z_0123456789abcdef"}, red: red.Redactor()}
		b.ReportAllocs()
		for b.Loop() {
			if err := u.Emit(&streamjsonv2.Text{RunID: streamjsonv2.ID(runID), Delta: "tok "}); err != nil {
				b.Fatal(err)
			}
		}
		s.out.flush()
		if exec > 0 {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/exec, "x-exec")
		}
	})
}
