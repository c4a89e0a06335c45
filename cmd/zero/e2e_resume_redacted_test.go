package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/session"
)

// TestResumeRedactedHistory: the first run reads a file holding a secret
// (the live model sees it); the session keeps it redacted. On --resume the
// model is told which results were redacted, an edit_file copying the
// placeholder is refused with advice to read again, and after reading
// again the edit succeeds.
func TestResumeRedactedHistory(t *testing.T) {
	z := newZeroEnv(t)
	cfg := filepath.Join(z.ws, "app.env")
	mustWrite(t, cfg, "password=hunter2fake\nDEBUG=1\n")
	read := func(id string) pt.Response {
		return pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: id, Name: "read_file", Args: []string{`{"path":"app.env"}`}}))
	}
	edit := func(id, old string) pt.Response {
		return pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: id, Name: "edit_file", Args: []string{args(t, map[string]any{"path": "app.env", "old_string": old, "new_string": "password=hunter2fake\nDEBUG=0"})}}))
	}
	srv := z.serve(pt.OpenAI,
		read("call_1"), pt.OpenAI.Stream(pt.Text("It sets a password.")),
		edit("call_2", "password=[REDACTED:credential]\nDEBUG=1"), read("call_3"), edit("call_4", "password=hunter2fake\nDEBUG=1"),
		pt.OpenAI.Stream(pt.Text("Debug is off.")))
	evs, _ := z.streamV2(0, "what does app.env set?")
	id := sessionID(evs)
	if !strings.Contains(string(srv.Requests()[1].Body), "password=hunter2fake") {
		t.Fatal("the live model did not see the file as it is")
	}
	evs, _ = z.streamV2(0, "--skip-permissions-unsafe", "--resume", id, "turn debug off")
	resumed := string(srv.Requests()[2].Body)
	if strings.Contains(resumed, "hunter2fake") || !strings.Contains(resumed, "password=[REDACTED:credential]") {
		t.Errorf("the resumed history is not the redacted one:\n%s", resumed)
	}
	if !strings.Contains(resumed, "Read a file again before editing text near a redacted span.") || !strings.Contains(session.RedactedNote, "Read a file again") {
		t.Errorf("the resumed history does not mark the redacted result:\n%s", resumed)
	}
	rs := find[*streamjsonv2.ToolResult](evs)
	if len(rs) != 3 || rs[0].Status != "error" || !strings.Contains(rs[0].Output, "holds a redaction marker") || rs[2].Status != "ok" {
		t.Errorf("results: %+v", rs)
	}
	if b, _ := os.ReadFile(cfg); string(b) != "password=hunter2fake\nDEBUG=0\n" {
		t.Errorf("app.env = %q", b)
	}
}
