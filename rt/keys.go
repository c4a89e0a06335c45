package rt

import (
	"maps"
	"slices"
)

// SortedKeys returns the keys of m in order, as encoders write the members
// of a map: nil, without allocating, when m is empty (the common case of
// the Extra members of an open object).
func SortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}
