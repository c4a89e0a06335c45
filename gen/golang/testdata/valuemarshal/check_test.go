package valuemarshal

import (
	"encoding/json"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// order is a struct of the user's own, holding generated types by value.
type order struct {
	Total Money            `json:"total"`
	Lines map[string]Money `json:"lines"`
	Shape Shape            `json:"shape"`
	Ptr   *Money           `json:"ptr"`
}

// TestValuesEncodeAsPointers checks that a value of a generated type, a map
// element and a field of another struct encode through the generated
// encoder (validated, in schema order), exactly as a pointer does.
func TestValuesEncodeAsPointers(t *testing.T) {
	m := Money{Amount: 1.5, Currency: "EUR", Note: rt.Opt[string]{V: "n", Set: true}}
	const want = `{"amount":1.5,"currency":"EUR","note":"n"}`
	for name, v := range map[string]any{"value": m, "pointer": &m} {
		b, err := json.Marshal(v)
		if err != nil || string(b) != want {
			t.Errorf("%s: %s %v, want %s", name, b, err, want)
		}
	}
	o := order{Total: m, Lines: map[string]Money{"a": m}, Shape: Shape{Value: &Circle{R: 2}}, Ptr: &m}
	b, err := json.Marshal(o)
	wantOrder := `{"total":` + want + `,"lines":{"a":` + want + `},"shape":{"kind":"circle","r":2},"ptr":` + want + `}`
	if err != nil || string(b) != wantOrder {
		t.Errorf("user struct: %s %v\nwant %s", b, err, wantOrder)
	}
	// A value that breaks its schema is refused as a pointer would be.
	if _, err := json.Marshal(Money{Amount: 1, Currency: "EURO"}); err == nil {
		t.Error("json.Marshal of an invalid value succeeded")
	}
	if b, err := (Shape{Value: &Square{Side: 1}}).AppendJSON(nil); err != nil || string(b) != `{"kind":"square","side":1}` {
		t.Errorf("AppendJSON on a value: %s %v", b, err)
	}
}

// TestEncodeDoesNotAllocate keeps the value receivers free of copies to
// the heap.
func TestEncodeDoesNotAllocate(t *testing.T) {
	m := Money{Amount: 1.5, Currency: "EUR"}
	s := Shape{Value: &Circle{R: 2}}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() {
		buf, _ = m.AppendJSON(buf[:0])
		buf, _ = s.AppendJSON(buf[:0])
	}); n != 0 {
		t.Errorf("AppendJSON allocates %v times per run, want 0", n)
	}
}
