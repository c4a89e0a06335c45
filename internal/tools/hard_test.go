package tools

import (
	"context"
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

// TestCutsAvoidTokens: every cut of long output (a 2000-byte line, the
// 32 KiB limit, a grep row) moves to the edge of a run of token bytes
// rather than split it, unless the run is longer than maxTokenShift.
func TestCutsAvoidTokens(t *testing.T) {
	key := "sk-proj-FAKEfake0000Test1111KeyDoNotUse2222abcdEFGH3333ijkl"
	s := strings.Repeat("x ", 40) + key + " rest"
	for n := 81; n < 80+len(key); n++ {
		if got := cutUTF8(s, n); got != strings.Repeat("x ", 40) {
			t.Fatalf("cutUTF8 at %d = ...%q", n, got[max(0, len(got)-10):])
		}
		if got := cutUTF8Tail(s, len(s)-n); got != " rest" {
			t.Fatalf("cutUTF8Tail at %d = %q", n, got)
		}
	}
	long := strings.Repeat("a", 1000)
	if got := cutUTF8(long, 500); len(got) != 500 {
		t.Errorf("a run longer than %d bytes is cut at %d", maxTokenShift, len(got))
	}
	if got := openEnd("abc 日本"[:len("abc 日本")-1]); got != "abc 日" {
		t.Errorf("openEnd kept an incomplete rune: %q", got)
	}
	if got := openStart("本 abc"[1:]); got != " abc" {
		t.Errorf("openStart kept continuation bytes: %q", got)
	}
}

// TestReadFileWindowInsideAKey: a window that starts inside a private key
// block starts with the block's BEGIN line.
func TestReadFileWindowInsideAKey(t *testing.T) {
	key := "-----BEGIN EC PRIVATE KEY-----\nQUJDREVG\nR0hJSktM\n-----END EC PRIVATE KEY-----\n"
	ws, _ := newTestWorkspace(t, map[string]string{"k.pem": "a\n" + key + "b\n"})
	res, err := ReadFile(context.Background(), ws, "k.pem", 4, 2)
	if err != nil || res.Output != "     2\t-----BEGIN EC PRIVATE KEY-----\n     4\tR0hJSktM\n     5\t-----END EC PRIVATE KEY-----\n[more lines follow; read again with offset 6 to continue]" {
		t.Errorf("%q, %v", res.Output, err)
	}
	res, _ = ReadFile(context.Background(), ws, "k.pem", 6, 0)
	if res.Output != "     6\tb\n" {
		t.Errorf("after the key: %q", res.Output)
	}
}
