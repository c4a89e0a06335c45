package tools

import (
	"strings"
	"testing"
)

// TestLongComponentErrorQuotesTheWholePath: the error used to quote the
// first 32 bytes of the long component, which cut a private key body out
// of its BEGIN line, where redaction could no longer see it.
func TestLongComponentErrorQuotesTheWholePath(t *testing.T) {
	ws, _ := newTestWorkspace(t, nil)
	path := "missing/-----BEGIN RSA PRIVATE KEY-----\n" + strings.Repeat("QUJD", 80) + "\n-----END RSA PRIVATE KEY-----"
	_, err := ws.Resolve(path)
	if err == nil || !strings.Contains(err.Error(), "too long") || !strings.Contains(err.Error(), `-----BEGIN RSA PRIVATE KEY-----\n`+strings.Repeat("QUJD", 80)) {
		t.Errorf("error %v", err)
	}
}
