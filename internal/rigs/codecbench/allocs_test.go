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

// TestProtocolMixes checks the mixes the ratios are stated on: each
// document decodes into its generated type, is valid under its schema for
// jsonschema/v5 too, encodes with zero allocations into a reused buffer,
// and, except for the vendor chunks whose types skip members Zero does not
// read, encodes back to the same bytes and reads into the plain structs of
// the encoding/json baseline without losing a member.
func TestProtocolMixes(t *testing.T) {
	for _, m := range mixes() {
		values := m.decoded(t)
		schemas := m.schemas(t)
		targets := m.plain()
		buf := make([]byte, 0, 16<<10)
		for i, doc := range m.docs {
			var err error
			if n := testing.AllocsPerRun(50, func() { buf, err = values[i].AppendJSON(buf[:0]) }); n != 0 {
				t.Errorf("%s document %d: %v allocations per AppendJSON, want 0", m.name, i, n)
			}
			if err != nil || (!m.readOnly && !bytes.Equal(buf, doc)) {
				t.Errorf("%s document %d: encoded %s %v\nwant %s", m.name, i, buf, err, doc)
			}
			var v any
			if err := json.Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			if err := schemas[i].Validate(v); err != nil {
				t.Errorf("%s document %d: jsonschema/v5: %v", m.name, i, err)
			}
			if err := json.Unmarshal(doc, targets[i]); err != nil {
				t.Fatal(err)
			}
			if m.readOnly {
				continue // checked by TestVendorMixes
			}
			if b, err := json.Marshal(targets[i]); err != nil || !bytes.Equal(b, doc) {
				t.Errorf("%s document %d: the plain structs lose members: %s %v", m.name, i, b, err)
			}
		}
	}
}
