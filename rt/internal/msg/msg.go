// Package msg holds the wording helpers that rt and rtimpl share, so that
// every runtime error quotes input the same way.
package msg

import (
	"strconv"
	"unicode/utf8"
)

// Clip cuts s to at most 64 bytes on a UTF-8 boundary, marking the cut with
// "...", so that a message never quotes a huge piece of input.
func Clip(s string) string {
	if len(s) <= 64 {
		return s
	}
	i := 61
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// Plural writes a count with its noun: "1 item", "2 items", "3 properties".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if noun == "property" {
		return strconv.Itoa(n) + " properties"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
