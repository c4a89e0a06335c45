package rt

import (
	"slices"
	"testing"
)

func TestSortedKeys(t *testing.T) {
	m := map[string]int{"path": 1, "head": 2, "": 3, "Zed": 4, "é": 5}
	var buf [2]string
	got := SortedKeys(buf[:0], m)
	if want := []string{"", "Zed", "head", "path", "é"}; !slices.Equal(got, want) {
		t.Errorf("SortedKeys = %q, want %q", got, want)
	}
	if got := SortedKeys(buf[:0], map[string]int(nil)); len(got) != 0 {
		t.Errorf("SortedKeys of nil = %q", got)
	}
}

// TestSortedKeysStackBuffer holds the promise generated encoders rely on: a
// map that fits the caller's stack buffer costs no allocation.
func TestSortedKeysStackBuffer(t *testing.T) {
	m := map[string]int{"b": 1, "a": 2, "c": 3}
	n := 0
	if allocs := testing.AllocsPerRun(100, func() {
		var buf [8]string
		for _, k := range SortedKeys(buf[:0], m) {
			n += len(k)
		}
	}); allocs != 0 {
		t.Errorf("SortedKeys into a stack buffer allocates %v times, want 0", allocs)
	}
}
