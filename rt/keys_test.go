package rt

import (
	"slices"
	"testing"
)

func TestSortedKeys(t *testing.T) {
	if got := SortedKeys(map[string]int{"b": 1, "a": 2, "c": 3}); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("SortedKeys = %v", got)
	}
	var empty map[string]Raw
	if got := SortedKeys(empty); got != nil {
		t.Errorf("SortedKeys(nil) = %v, want nil", got)
	}
	if n := testing.AllocsPerRun(100, func() { SortedKeys(empty) }); n != 0 {
		t.Errorf("SortedKeys of an empty map allocates %v times", n)
	}
}
