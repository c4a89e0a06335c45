// Package textclip shortens text for people and messages: the cuts that
// error messages, tables and progress lines make, marked with "…" so a
// reader knows something was left out.
//
// It has two rules, each for one purpose:
//   - [Bytes] bounds storage: at most n bytes, cut on a UTF-8 boundary, for
//     text quoted into error messages (a hostile id, a bad input line).
//   - [Runes] bounds width: at most n characters, for table cells and
//     one-line summaries on a terminal.
//
// The tools package keeps cuts of its own (its cutUTF8 family) for a third
// purpose: tool output goes through redaction after the cut, so those cuts
// also never split a run of token bytes, lest a piece of a credential too
// short to recognise slip past. Nothing here is used on tool output.
package textclip

import "unicode/utf8"

// Ellipsis marks where text was cut.
const Ellipsis = "…"

// Bytes returns s when it is at most n bytes long, else its longest
// prefix of at most n bytes that ends on a UTF-8 boundary, followed by
// Ellipsis (so the result is at most n+3 bytes).
func Bytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + Ellipsis
}

// Runes returns s when it has at most n characters, else its first n-1
// characters followed by Ellipsis: n characters in all.
func Runes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	i, count := 0, 0
	for i < len(s) && count < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	return s[:i] + Ellipsis
}
