// Package randid makes the random parts of the ids Zero gives runs and
// sessions. It is the one place that reads crypto/rand for ids.
package randid

import "crypto/rand"

// Alphabet is what random id parts are made of: lowercase ASCII letters
// and digits, safe in file names, URLs and every id pattern of the schemas.
const Alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// String returns n characters drawn uniformly from Alphabet with
// crypto/rand (rejection sampling, so no character is likelier than
// another).
func String(n int) string {
	const limit = 256 - 256%len(Alphabet) // the largest multiple of 36 that fits a byte
	out := make([]byte, 0, n)
	var buf [32]byte
	for len(out) < n {
		rand.Read(buf[:]) // never fails
		for _, b := range buf {
			if int(b) < limit && len(out) < n {
				out = append(out, Alphabet[int(b)%len(Alphabet)])
			}
		}
	}
	return string(out)
}
