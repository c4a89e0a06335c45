package acp

import (
	"bytes"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
)

// TestChunkTextRedactedOnceUnlessSecretsWereAdded checks when a chunk's
// text, which the run redacted already, is redacted again: not while the
// connection's Redactor is the run's, and again as soon as another
// session added secrets the run's Redactor does not know. The session id
// always passes the hook.
func TestChunkTextRedactedOnceUnlessSecretsWereAdded(t *testing.T) {
	red := redact.NewShared(redact.New())
	var out bytes.Buffer
	var seen []string
	hook := func(key, s string) string {
		seen = append(seen, key)
		return red.String(key, s)
	}
	s := &server{cfg: Config{Redactor: red}, out: newWriter(&out, hook, &out)}
	u := &updates{s: s, st: &sessionState{id: "sess_1"}, red: red.Redactor()}
	emit := func(text string) string {
		out.Reset()
		seen = nil
		if err := u.Emit(&streamjsonv2.Text{RunID: "run_1", Delta: text}); err != nil {
			t.Fatal(err)
		}
		s.out.flush()
		return out.String()
	}
	if got := emit("the value later-added-secret-0042"); !strings.Contains(got, "later-added-secret-0042") || strings.Join(seen, ",") != "sessionId" {
		t.Errorf("before Add: %s (hook saw %v, want only sessionId)", got, seen)
	}
	red.Add("later-added-secret-0042")
	if got := emit("the value later-added-secret-0042"); strings.Contains(got, "later-added-secret-0042") || !strings.Contains(got, "[REDACTED:secret]") {
		t.Errorf("after Add: %s (hook saw %v)", got, seen)
	}
}
