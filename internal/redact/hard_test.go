package redact

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// TestCleanedURLPassword: a tool that echoes a path it cleaned turns
// "https://user:pass@host" into "https:/user:pass@host"; the password must
// still go, in String and in a Stream split at every byte.
func TestCleanedURLPassword(t *testing.T) {
	r := New()
	for _, s := range redacttest.Credentials() {
		if s.Kind != "" || !strings.Contains(s.Text, "://") {
			continue
		}
		cleaned := filepath.Clean("missing/" + s.Text)
		if !strings.Contains(cleaned, ":/") || strings.Contains(cleaned, "://") {
			t.Fatalf("%s: Clean gave %q", s.Name, cleaned)
		}
		want := r.String("", cleaned)
		for _, secret := range s.Secrets {
			if strings.Contains(want, secret) {
				t.Errorf("%s: %q keeps %q", s.Name, want, secret)
			}
		}
		for i := 0; i <= len(cleaned); i++ {
			st := r.Stream()
			if got := st.Write(cleaned[:i]) + st.Write(cleaned[i:]) + st.Flush(); got != want {
				t.Errorf("%s split at %d: %q, want %q", s.Name, i, got, want)
			}
		}
	}
	for _, prose := range []string{"C:/Users/me/notes: see git@host:repo", "see file:/etc/hosts: and", "a:/b:c", "x:/y"} {
		if got := r.String("", prose); got != prose {
			t.Errorf("%q became %q", prose, got)
		}
	}
}
