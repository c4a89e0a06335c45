package tools

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCapture(t *testing.T) {
	c := newCapture(10)
	c.Write([]byte("0123 5678 abc"))
	if got, cut := c.String(); got != "0123 5678 abc" || cut {
		t.Errorf("small: %q %v", got, cut)
	}
	for range 100 {
		c.Write([]byte("xyz"))
	}
	c.Write([]byte(" THE-END!"))
	got, cut := c.String()
	if !cut || !strings.HasPrefix(got, "0123 5678 \n[... ") || !strings.HasSuffix(got, "]\n THE-END!") {
		t.Errorf("large: %q %v", got, cut)
	}
}

// TestCaptureDropsCutTokens: a head that ends, or a tail that starts, in a
// run of token bytes may hold a piece of a secret that no longer looks like
// one; the piece is dropped.
func TestCaptureDropsCutTokens(t *testing.T) {
	c := newCapture(20)
	c.Write([]byte("key sk-proj-FAKEfake0000Test " + strings.Repeat(".", 100) + " ghp_FAKEfake0123456789 end"))
	got, _ := c.String()
	if want := "key \n[... 148 bytes of output omitted ...]\n end"; got != want {
		t.Errorf("got %q, want %q", got, want)
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
