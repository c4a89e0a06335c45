package keyset

import (
	"strconv"
	"testing"
)

// TestSetPastSixteenKeys adds keys past the array that holds the first 16,
// so that both the array and the map it spills into are used.
func TestSetPastSixteenKeys(t *testing.T) {
	var s Set
	for i := range 40 {
		k := strconv.Itoa(i)
		if !s.Add(k) {
			t.Fatalf("Add(%s) reported a repeat of a new key", k)
		}
		if s.Add(k) {
			t.Fatalf("Add(%s) twice reported a new key", k)
		}
		if s.Len() != i+1 || !s.Has(k) || s.Has("x") {
			t.Fatalf("after %d keys: Len %d, Has(%s) %v, Has(x) %v", i+1, s.Len(), k, s.Has(k), s.Has("x"))
		}
	}
}

func TestSetSmallDoesNotAllocate(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	if n := testing.AllocsPerRun(100, func() {
		var s Set
		for _, k := range keys {
			s.Add(k)
		}
	}); n != 0 {
		t.Errorf("%v allocations for 8 keys, want 0", n)
	}
}
