package tools

import "strings"

// lineStyle is how a file ends its lines.
type lineStyle int

const (
	lineLF   lineStyle = iota // "\n", also for files without line endings
	lineCRLF                  // "\r\n"
)

// styleOf returns the line ending most of content's lines use; a tie, or
// no line ending at all, is LF.
func styleOf(content string) lineStyle {
	lf := strings.Count(content, "\n")
	crlf := strings.Count(content, "\r\n")
	if crlf > lf-crlf {
		return lineCRLF
	}
	return lineLF
}

// inStyle rewrites the line endings of s (LF or CRLF, mixed) in style.
func inStyle(s string, style lineStyle) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if style == lineCRLF {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

// String names the style for messages.
func (s lineStyle) String() string {
	if s == lineCRLF {
		return "CRLF"
	}
	return "LF"
}
