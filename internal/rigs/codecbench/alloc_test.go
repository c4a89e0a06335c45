package codecbench

import (
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestEncodeDoesNotAllocate asserts the claim the generated API makes
// (docs/zerogen.md: "with a reused buffer there is no allocation") on every
// event of the benchmark mix, with AppendJSON into a buffer that has room.
//
// Through an Encoder with a hook, the hook needs every string of a raw value
// decoded: a string without escapes is a view of the raw bytes, and one
// with escapes is unescaped into a new string, one allocation each. The
// tool_call event's arguments hold one such string, "func (x \\*Output)".
func TestEncodeDoesNotAllocate(t *testing.T) {
	escapedRawStrings := []float64{0, 0, 1, 0} // per event of mix()
	events := decodedMix(t)
	buf := make([]byte, 0, 64<<10)
	hooked := rt.Encoder{Buf: make([]byte, 0, 64<<10), Hook: func(_, s string) string { return s }}
	for i := range events {
		ev := &events[i]
		var err error
		appendAllocs := testing.AllocsPerRun(100, func() {
			buf, err = ev.AppendJSON(buf[:0])
		})
		if err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		hookAllocs := testing.AllocsPerRun(100, func() {
			hooked.Reset()
			err = ev.EncodeJSON(&hooked)
		})
		if err != nil {
			t.Fatalf("event %d with a hook: %v", i, err)
		}
		if appendAllocs != 0 {
			t.Errorf("event %d (%.40s...): %v allocations per AppendJSON, want 0", i, mix()[i], appendAllocs)
		}
		if hookAllocs != escapedRawStrings[i] {
			t.Errorf("event %d (%.40s...): %v allocations per EncodeJSON with a hook, want %v (one per escaped string in a raw value)",
				i, mix()[i], hookAllocs, escapedRawStrings[i])
		}
		if string(hooked.Buf) != string(buf) {
			t.Errorf("event %d: the identity hook changed the output:\n%s\n%s", i, hooked.Buf, buf)
		}
	}
}
