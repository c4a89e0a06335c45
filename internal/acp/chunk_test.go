package acp

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
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

// TestChunksHeldTogetherAreJoined checks that text chunks held back to back
// go out as one chunk per run of one kind and session, in order with the
// other messages, and that nothing is left held after a flush.
func TestChunksHeldTogetherAreJoined(t *testing.T) {
	red := redact.NewShared(redact.New())
	var out bytes.Buffer
	s := &server{cfg: Config{Redactor: red}, out: newWriter(&out, red.String, &out)}
	a := &updates{s: s, st: &sessionState{id: "sess_a"}, red: red.Redactor()}
	b := &updates{s: s, st: &sessionState{id: "sess_b"}, red: red.Redactor()}
	for _, step := range []func() error{
		func() error { return a.Emit(&streamjsonv2.Text{Delta: "Hel"}) },
		func() error { return a.Emit(&streamjsonv2.Text{Delta: "lo"}) },
		func() error { return a.Emit(&streamjsonv2.Reasoning{Delta: "think"}) },
		func() error { return a.Emit(&streamjsonv2.Reasoning{Delta: "ing"}) },
		func() error { return a.Emit(&streamjsonv2.Text{Delta: ", "}) },
		func() error { return b.Emit(&streamjsonv2.Text{Delta: "other"}) },
		func() error {
			return s.out.hold(&acpv1.SessionUpdateMessage{Params: acpv1.SessionNotification{SessionID: "sess_a", Update: acpv1.SessionUpdate{Value: &acpv1.CurrentModeUpdate{CurrentModeID: "default"}}}})
		},
		func() error { return a.Emit(&streamjsonv2.Text{Delta: "world"}) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 {
		t.Fatalf("written before the flush: %s", out.String())
	}
	if err := s.out.flush(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		var m acpv1.SessionUpdateMessage
		if err := m.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		switch v := m.Params.Update.Value.(type) {
		case *acpv1.AgentMessageChunk:
			got = append(got, m.Params.SessionID+" text "+v.Content.Value.(*acpv1.TextContent).Text)
		case *acpv1.AgentThoughtChunk:
			got = append(got, m.Params.SessionID+" thought "+v.Content.Value.(*acpv1.TextContent).Text)
		default:
			got = append(got, fmt.Sprintf("%s %T", m.Params.SessionID, v))
		}
	}
	want := []string{"sess_a text Hello", "sess_a thought thinking", "sess_a text , ", "sess_b text other",
		"sess_a *acpv1.CurrentModeUpdate", "sess_a text world"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	out.Reset()
	if err := s.out.flush(); err != nil || out.Len() != 0 {
		t.Errorf("a second flush wrote %q (%v)", out.String(), err)
	}
}
