// Package text holds the small text helpers more than one zerogen
// generator needs.
package text

import "strings"

// Wrap breaks text into lines of at most width bytes (a longer word stays
// whole), keeping blank lines between paragraphs.
func Wrap(text string, width int) []string {
	var lines []string
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			lines = append(lines, "")
		}
		words := strings.Fields(para)
		line := ""
		for _, w := range words {
			if line != "" && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}
