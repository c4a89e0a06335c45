// Package nearest finds the name a typo meant: among the known names, the
// one closest to what was written, when it is close enough to be a
// misspelling of it. The generator uses it for keywords, types, files,
// anchors and members; zero for tool names.
package nearest

import (
	"slices"
	"strings"
)

// Name returns the name among names closest to s, ignoring case, or ""
// when none is close enough: at most one edit for a name of up to five
// bytes, else at most two or a quarter of its length, whichever is more.
// Of names equally close, the first in sorted order wins.
func Name(s string, names []string) string {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	limit := 1
	if len(s) > 5 {
		limit = max(2, len(s)/4)
	}
	best, bestD := "", limit+1
	lower := strings.ToLower(s)
	for _, n := range sorted {
		if d := Distance(lower, strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// Distance counts the edits that turn a into b: a byte inserted, deleted
// or replaced, or two neighbouring bytes swapped.
func Distance(a, b string) int {
	// Three rows of the table: two back (for swaps), one back, this one.
	back2 := make([]int, len(b)+1)
	back1 := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range back1 {
		back1[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(back1[j]+1, cur[j-1]+1, back1[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], back2[j-2]+1)
			}
		}
		back2, back1, cur = back1, cur, back2
	}
	return back1[len(b)]
}
