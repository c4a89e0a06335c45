package text

import "strings"

// Nearest returns the name among names closest to s when it is close
// enough to be a typo of it: at most one edit (a letter added, dropped,
// changed, or two swapped, ignoring case) for names of up to five
// letters, two for longer ones. It returns "" otherwise.
func Nearest(s string, names []string) string {
	best, bestD := "", 2
	if len(s) > 5 {
		bestD = 3
	}
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance counts the edits from a to b: insertions, deletions,
// substitutions and swaps of two neighbouring bytes.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
