package redact

import (
	"strings"
	"testing"
)

func TestWithAddsSecrets(t *testing.T) {
	base := New("first-secret-value")
	more := base.With("second-secret-value", "short")
	text := "a first-secret-value and a second-secret-value and short"
	if got := more.String("", text); strings.Contains(got, "first-secret-value") || strings.Contains(got, "second-secret-value") || !strings.Contains(got, "short") {
		t.Errorf("With: %q", got)
	}
	if got := base.String("", text); !strings.Contains(got, "second-secret-value") {
		t.Errorf("With changed its receiver: %q", got)
	}
	var none *Redactor
	if got := none.With("third-secret-value").String("", "x third-secret-value"); got != "x [REDACTED:secret]" {
		t.Errorf("nil With: %q", got)
	}
}

func TestSharedLearnsSecrets(t *testing.T) {
	s := NewShared(New("first-secret-value"))
	before := s.Redactor()
	text := "first-secret-value, mcp-header-value-0123"
	if got := s.String("", text); !strings.Contains(got, "mcp-header-value-0123") || strings.Contains(got, "first-secret-value") {
		t.Fatalf("before Add: %q", got)
	}
	s.Add("mcp-header-value-0123")
	if got := s.String("", text); strings.Contains(got, "mcp-header-value-0123") || strings.Contains(got, "first-secret-value") {
		t.Errorf("after Add: %q", got)
	}
	if got := s.Redactor().String("", text); strings.Contains(got, "mcp-header-value-0123") {
		t.Errorf("Redactor after Add: %q", got)
	}
	if got := before.String("", text); !strings.Contains(got, "mcp-header-value-0123") {
		t.Errorf("the Redactor taken before Add changed: %q", got)
	}
}
