package codecbench

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestEncodeAllocs keeps the encoder of the benchmark mix at zero
// allocations into a reused buffer, whether it is called on a value or
// through a pointer, and checks that json.Marshal of a value writes what
// AppendJSON writes (the encoding methods have value receivers).
func TestEncodeAllocs(t *testing.T) {
	events := decodedMix(t)
	buf := make([]byte, 0, 16<<10)
	if n := testing.AllocsPerRun(20, func() {
		for j := range events {
			buf, _ = events[j].AppendJSON(buf[:0])
			p := &events[j]
			buf, _ = p.AppendJSON(buf[:0])
		}
	}); n != 0 {
		t.Errorf("encoding the mix allocates %v times, want 0", n)
	}
	for i, doc := range mix() {
		b, err := json.Marshal(events[i])
		if err != nil || !bytes.Equal(b, doc) {
			t.Errorf("json.Marshal of event %d by value: %s %v\nwant %s", i, b, err, doc)
		}
	}
}
