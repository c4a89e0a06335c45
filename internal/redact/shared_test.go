package redact

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
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

// TestMemoIsString checks that a Memo answers as Shared.String does, for
// values it remembers and values it does not, and that it forgets what it
// remembered once the Shared learns a secret.
func TestMemoIsString(t *testing.T) {
	s := NewShared(New())
	m := s.Memo()
	values := []string{"session-1234567890-clean", "tok ", "key sk-proj-FAKEfake0123456789abcdefFAKE", "later-secret-value-42", ""}
	for round := range 3 {
		if round == 2 {
			s.Add("later-secret-value-42")
		}
		for _, v := range values {
			for _, key := range []string{"sessionId", "text", "token", "apiKey"} {
				if got, want := m.String(key, v), s.String(key, v); got != want {
					t.Fatalf("round %d: Memo.String(%q, %q) = %q, want %q", round, key, v, got, want)
				}
			}
		}
	}
	if got := m.String("sessionId", "later-secret-value-42"); got != "[REDACTED:secret]" {
		t.Errorf("a value remembered clean before Add: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { m.String("sessionId", "session-1234567890-clean") }); n != 0 {
		t.Errorf("a remembered value allocates %v times", n)
	}
}

// TestKnownRemovesOnlyKnownValues: a Redactor of Known removes the exact
// values it was given and nothing else: no shapes, no sensitive keys, no
// values shorter than MinSecretLen; With keeps it so; a Stream of it gives
// what String gives.
func TestKnownRemovesOnlyKnownValues(t *testing.T) {
	k := New("zero-configured-FAKE-value-7781", "short").Known()
	text := "key " + redacttest.OpenAIKey + ", password=hunter2fake, Authorization: Bearer abc, " +
		"the zero-configured-FAKE-value-7781 and a short word"
	want := "key " + redacttest.OpenAIKey + ", password=hunter2fake, Authorization: Bearer abc, " +
		"the [REDACTED:secret] and a short word"
	if got := k.String("", text); got != want {
		t.Errorf("Known().String\n got %q\nwant %q", got, want)
	}
	if got := k.String("apiKey", "plain"); got != "plain" {
		t.Errorf("Known().String under a sensitive key = %q, want it unchanged", got)
	}
	more := k.With("second-secret-value")
	if got := more.String("", "second-secret-value "+redacttest.GitHubToken); got != "[REDACTED:secret] "+redacttest.GitHubToken {
		t.Errorf("Known().With: %q", got)
	}
	s := k.Stream()
	var out strings.Builder
	for i := 0; i < len(text); i += 5 {
		out.WriteString(s.Write(text[i:min(i+5, len(text))]))
	}
	out.WriteString(s.Flush())
	if out.String() != want {
		t.Errorf("Known().Stream\n got %q\nwant %q", out.String(), want)
	}
	var none *Redactor
	if got := none.Known().String("", text); got != text {
		t.Errorf("nil Known: %q", got)
	}
}
