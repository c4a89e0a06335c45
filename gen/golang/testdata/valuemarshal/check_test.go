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

// reply is a response struct of the user's own that mixes generated types
// with the runtime's, as a handler would pass it to encoding/json.
type reply struct {
	Money   Money                    `json:"money"`
	Note    rt.Opt[string]           `json:"note,omitzero"`
	Count   rt.Opt[int]              `json:"count,omitzero"`
	Parent  rt.Nullable[string]      `json:"parent"`
	Detail  rt.Raw                   `json:"detail"`
	Maybe   rt.Opt[Money]            `json:"maybe,omitzero"`
	Nulled  rt.Nullable[Money]       `json:"nulled"`
	Shapes  []Shape                  `json:"shapes"`
	Missing rt.Opt[bool]             `json:"missing"`
	Nested  rt.Opt[rt.Nullable[int]] `json:"nested,omitzero"`
}

// TestRuntimeTypesInUserStructs: rt.Raw encodes as its JSON text (not
// base64), Opt as its value and not at all under omitzero while unset,
// Nullable as its value or null, and every one decodes back to the same
// value through encoding/json.
func TestRuntimeTypesInUserStructs(t *testing.T) {
	m := Money{Amount: 2, Currency: "EUR"}
	in := reply{
		Money:  m,
		Count:  rt.Some(3),
		Parent: rt.NullOf[string](),
		Detail: rt.Raw(`{"a":[1,2]}`),
		Maybe:  rt.Some(m),
		Nulled: rt.Value(m),
		Shapes: []Shape{{Value: &Circle{R: 1}}},
		Nested: rt.Some(rt.NullOf[int]()),
	}
	b, err := json.Marshal(in)
	const want = `{"money":{"amount":2,"currency":"EUR"},"count":3,"parent":null,"detail":{"a":[1,2]},` +
		`"maybe":{"amount":2,"currency":"EUR"},"nulled":{"amount":2,"currency":"EUR"},` +
		`"shapes":[{"kind":"circle","r":1}],"missing":null,"nested":null}`
	if err != nil || string(b) != want {
		t.Fatalf("json.Marshal: %s %v\nwant %s", b, err, want)
	}
	var out reply
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("json.Unmarshal: %v", err)
	}
	if out.Note.Set || !out.Count.Set || out.Count.V != 3 || out.Parent.Valid || string(out.Detail) != `{"a":[1,2]}` ||
		!out.Maybe.Set || out.Maybe.V != m || !out.Nulled.Valid || out.Nulled.V != m || out.Missing.Set ||
		!out.Nested.Set || out.Nested.V.Valid {
		t.Errorf("decoded back: %+v", out)
	}
	if c, ok := out.Shapes[0].Value.(*Circle); !ok || c.R != 1 {
		t.Errorf("decoded shape: %#v", out.Shapes[0].Value)
	}
	if got := rt.Raw(nil); true {
		if b, err := json.Marshal(got); err != nil || string(b) != "null" {
			t.Errorf("an empty Raw encodes as %s %v, want null", b, err)
		}
	}
}

// TestOptHelpers: the accessors read as they say.
func TestOptHelpers(t *testing.T) {
	if rt.None[int]().Or(7) != 7 || rt.Some(1).Or(7) != 1 || rt.None[int]().Ptr() != nil || *rt.Some(2).Ptr() != 2 {
		t.Error("Opt accessors")
	}
	if v := 5; rt.OptFromPtr(&v) != rt.Some(5) || rt.OptFromPtr[int](nil).Set {
		t.Error("OptFromPtr")
	}
	if !rt.NullOf[int]().IsNull() || rt.Value(3).IsNull() || rt.NullOf[int]().Or(4) != 4 || rt.NullOf[int]().Ptr() != nil || *rt.Value(3).Ptr() != 3 {
		t.Error("Nullable accessors")
	}
}

// TestTypedNilVariant: a union holding a typed nil variant is an error in
// Validate and in json.Marshal, like the empty union, not a panic.
func TestTypedNilVariant(t *testing.T) {
	for name, s := range map[string]Shape{"empty": {}, "typed nil": {Value: (*Circle)(nil)}} {
		if err := s.Validate(); err == nil {
			t.Errorf("%s: Validate accepted it", name)
		}
		if _, err := json.Marshal(s); err == nil {
			t.Errorf("%s: json.Marshal accepted it", name)
		}
		if _, err := s.AppendJSON(nil); err == nil {
			t.Errorf("%s: AppendJSON accepted it", name)
		}
	}
}
