package tools

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCapture(t *testing.T) {
	c := newCapture(10)
	c.Write([]byte("0123456789abc"))
	if got, cut := c.String(); got != "0123456789abc" || cut {
		t.Errorf("small: %q %v", got, cut)
	}
	for range 100 {
		c.Write([]byte("xyz"))
	}
	c.Write([]byte("THE-END!"))
	got, cut := c.String()
	if !cut || !strings.HasPrefix(got, "0123456789\n[... ") || !strings.HasSuffix(got, "zTHE-END!") {
		t.Errorf("large: %q %v", got, cut)
	}
}

func TestCaptureUTF8(t *testing.T) {
	c := newCapture(9)
	c.Write([]byte(strings.Repeat("日", 40)))
	got, _ := c.String()
	if !utf8.ValidString(got) {
		t.Errorf("invalid UTF-8: %q", got)
	}
}
