package session

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// clock is a fake time that moves one second forward at every reading.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// newStore returns a store in a fresh temporary directory with a fake clock.
func newStore(t *testing.T) *Store {
	t.Helper()
	c := &clock{t: time.Date(2026, 6, 3, 10, 0, 0, 0, time.UTC)}
	return &Store{Dir: filepath.Join(t.TempDir(), "sessions"), now: c.now}
}

func testMeta() sessionv1.SessionMeta {
	return sessionv1.SessionMeta{Cwd: "/repo", Provider: "replay", Model: "replay-demo"}
}

// run returns the records of one complete run with one tool call.
func run(runID sessionv1.ID, prompt sessionv1.NonEmptyString) []sessionv1.SessionRecord {
	return []sessionv1.SessionRecord{
		{Value: &sessionv1.RunStartRecord{RunID: runID, Provider: "openai", Model: "gpt-4.1"}},
		{Value: &sessionv1.UserRecord{RunID: runID, Content: prompt}},
		{Value: &sessionv1.AssistantRecord{RunID: runID, Text: "", Reasoning: rt.Some("Start with the README."),
			ToolCalls: []sessionv1.ToolCallRecord{{ID: "call_1", Name: "read_file", Args: rt.Raw(`{"path":"README.md"}`)}}}},
		{Value: &sessionv1.ToolResultRecord{RunID: runID, ID: "call_1", Name: "read_file", Status: sessionv1.ToolStatusOk, Output: "# Zero\n"}},
		{Value: &sessionv1.UsageRecord{RunID: runID, PromptTokens: 12, CompletionTokens: 8, TotalTokens: 20}},
		{Value: &sessionv1.AssistantRecord{RunID: runID, Text: "No blockers found.", ToolCalls: []sessionv1.ToolCallRecord{}}},
		{Value: &sessionv1.RunEndRecord{RunID: runID, Status: sessionv1.RunStatusSuccess, ExitCode: 0}},
	}
}

// appendAll appends recs to s.
func appendAll(t *testing.T, s *Session, recs []sessionv1.SessionRecord) {
	t.Helper()
	for i := range recs {
		if err := s.Append(&recs[i]); err != nil {
			t.Fatalf("Append(%d): %v", i, err)
		}
	}
}

// newSessionWith creates a session holding recs and closes it.
func newSessionWith(t *testing.T, st *Store, recs []sessionv1.SessionRecord) string {
	t.Helper()
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	appendAll(t, s, recs)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return string(s.Meta.ID)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func eventsPath(st *Store, id string) string { return filepath.Join(st.Dir, id, eventsName) }
func metaPath(st *Store, id string) string   { return filepath.Join(st.Dir, id, metaName) }

// encodeAll encodes recs the way the store writes them, without a hook.
func encodeAll(t *testing.T, recs []sessionv1.SessionRecord) []string {
	t.Helper()
	var lines []string
	for i := range recs {
		b, err := recs[i].AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return lines
}

// checkLog checks that every line of the log decodes and that the lines are
// want.
func checkLog(t *testing.T, path string, want []string) {
	t.Helper()
	got := readFile(t, path)
	if want := strings.Join(want, "\n") + "\n"; got != want {
		t.Errorf("%s:\n%s\nwant:\n%s", path, got, want)
	}
	var d rt.Decoder
	for i, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		var rec sessionv1.SessionRecord
		d.Reset([]byte(line))
		if err := rec.DecodeJSON(&d); err != nil {
			t.Errorf("%s:%d: %v", path, i+1, err)
		}
	}
}
