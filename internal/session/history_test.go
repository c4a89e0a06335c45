package session

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
)

// TestHistoryGrowsWithAppend: History holds every record appended since the
// session was opened, as the log holds it (after the hook), so a process
// that runs several prompts in one session sends the same conversation as
// a new process resuming it.
func TestHistoryGrowsWithAppend(t *testing.T) {
	st := newStore(t)
	st.Hook = func(_, s string) string { return strings.ReplaceAll(s, "hunter2", "[REDACTED]") }
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, run("run_1", "my name is Ada, my password is hunter2"))
	first := s.History()
	if len(first) != 7 {
		t.Fatalf("History after one run: %d records, want 7", len(first))
	}
	if u := first[1].Value.(*sessionv1.UserRecord); u.Content != "my name is Ada, my password is [REDACTED]" {
		t.Errorf("History holds the prompt %q, want it as the log holds it", u.Content)
	}
	appendAll(t, s, run("run_2", "what is my name?"))
	if len(first) != 7 {
		t.Errorf("a later Append changed an earlier History result: %d records", len(first))
	}
	live := s.History()
	if len(live) != 14 {
		t.Fatalf("History after two runs: %d records, want 14", len(live))
	}
	_, onDisk, _, err := st.Show(string(s.Meta.ID))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(onDisk, live); diff != "" {
		t.Errorf("History differs from the log (-log +History):\n%s", diff)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s2, _, err := st.Open(string(s.Meta.ID))
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s2, run("run_3", "and now?"))
	reopened := s2.History()
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	_, onDisk, _, err = st.Show(string(s.Meta.ID))
	if err != nil {
		t.Fatal(err)
	}
	if len(reopened) != 21 {
		t.Fatalf("History after a third run in a reopened session: %d records, want 21", len(reopened))
	}
	if diff := cmp.Diff(onDisk, reopened); diff != "" {
		t.Errorf("History of the reopened session differs from the log (-log +History):\n%s", diff)
	}
}

// TestForkHistoryGrows: a fork's History holds the parent's records and the
// ones appended to the fork, and the parent's log does not change.
func TestForkHistoryGrows(t *testing.T) {
	st := newStore(t)
	parent := newSessionWith(t, st, run("run_1", "my name is Ada"))
	before := readFile(t, eventsPath(st, parent))
	child, _, err := st.Fork(parent, sessionv1.SessionMeta{})
	if err != nil {
		t.Fatal(err)
	}
	defer child.Close()
	appendAll(t, child, run("run_2", "what is my name?"))
	got := child.History()
	_, onDisk, _, err := st.Show(string(child.Meta.ID))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 14 {
		t.Fatalf("the fork's History: %d records, want 14", len(got))
	}
	if diff := cmp.Diff(onDisk, got); diff != "" {
		t.Errorf("the fork's History differs from its log (-log +History):\n%s", diff)
	}
	if readFile(t, eventsPath(st, parent)) != before {
		t.Error("appending to the fork changed the parent's log")
	}
}
