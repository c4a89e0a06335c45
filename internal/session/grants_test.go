package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGrantsSurviveReopen(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	id := string(s.Meta.ID)
	if g, err := s.Grants(); err != nil || len(g) != 0 {
		t.Fatalf("a new session has grants %v (%v)", g, err)
	}
	for _, step := range []struct {
		tool  string
		allow bool
	}{{"write_file", true}, {"bash", false}, {"write_file", false}, {"mcp__everything__echo", true}} {
		if err := s.SetGrant(step.tool, step.allow); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(st.Dir, id, grantsName))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(b), `"write_file"`) != 1 {
		t.Errorf("a second answer for one tool did not replace the first:\n%s", b)
	}
	s, _, err = st.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Grants()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"write_file": false, "bash": false, "mcp__everything__echo": true}
	if len(g) != len(want) {
		t.Errorf("grants %v, want %v", g, want)
	}
	for k, v := range want {
		if got, ok := g[k]; !ok || got != v {
			t.Errorf("grant %s = %v (present %v), want %v", k, got, ok, v)
		}
	}
	s.Close()
	// The store's own file does not stop Delete, and goes with the session.
	if err := st.Delete(id); err != nil {
		t.Fatalf("Delete of a session with grants: %v", err)
	}
	if _, err := os.Stat(filepath.Join(st.Dir, id)); !os.IsNotExist(err) {
		t.Errorf("the session directory is still there: %v", err)
	}
}

func TestGrantsBadFileNamesIt(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	path := filepath.Join(st.Dir, string(s.Meta.ID), grantsName)
	if err := os.WriteFile(path, []byte(`{"schemaVersion":1,"grants":[{"tool":"bash","decision":"maybe","time":"2026-06-03T10:00:00Z"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = s.Grants()
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "/grants/0/decision") {
		t.Errorf("a bad grants.json: %v, want an error naming the file and the pointer", err)
	}
	if err := s.SetGrant("bash", true); err == nil {
		t.Error("SetGrant replaced a grants.json it could not read")
	}
}
