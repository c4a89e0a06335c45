package rt

import "slices"

// SortedKeys appends the keys of m to buf[:0] in byte order and returns the
// result. Generated encoders write a map, and the members of an object the
// schema does not name, in that order; they pass a buffer on their stack,
// so a map of up to that many keys is written without allocating.
func SortedKeys[V any](buf []string, m map[string]V) []string {
	keys := buf[:0]
	if len(m) == 0 {
		return keys
	}
	for k := range m {
		keys = append(keys, k)
	}
	if len(keys) > 1 {
		slices.Sort(keys)
	}
	return keys
}
