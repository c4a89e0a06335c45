package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
)

// createIn creates and closes a session with fixed id in cwd.
func createIn(t *testing.T, st *Store, id, cwd string) {
	t.Helper()
	s, err := st.Create(sessionv1.SessionMeta{ID: sessionv1.SessionID(id), Cwd: cwd, Provider: "replay", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestResolve(t *testing.T) {
	st := newStore(t)
	createIn(t, st, "zero_20260603100000_abc123", "/a")
	createIn(t, st, "zero_20260603110000_abd456", "/a")
	createIn(t, st, "zero_20260604090000_zz9999", "/b")
	tests := []struct{ ref, want, err string }{
		{"zero_20260603100000_abc123", "zero_20260603100000_abc123", ""},
		{"abc123", "zero_20260603100000_abc123", ""},
		{"c123", "zero_20260603100000_abc123", ""},
		{"zero_20260604", "zero_20260604090000_zz9999", ""},
		{"zero_20260603", "", "ambiguous session id: zero_20260603 names zero_20260603100000_abc123, zero_20260603110000_abd456"},
		{"nosuch", "", "no such session: nosuch"},
		{"../x", "", "invalid session id"},
	}
	for _, tt := range tests {
		got, err := st.Resolve(tt.ref)
		if got != tt.want || (tt.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Resolve(%q) = %q, %v; want %q, %q", tt.ref, got, err, tt.want, tt.err)
		}
	}
	if _, err := st.Resolve("zero_2026"); !errors.Is(err, ErrAmbiguous) {
		t.Errorf("ambiguous: %v", err)
	}
}

func TestLooksLikeID(t *testing.T) {
	for _, w := range []string{"zero_20260603100000_abc123", "zero_2026", "rpx9u3", "20260603100000_abc123", "zero_x"} {
		if !LooksLikeID(w) {
			t.Errorf("LooksLikeID(%q) = false", w)
		}
	}
	for _, w := range []string{"hi", "fix", "review", "abcdef", "123456", "please", "run2it!", "20260603"[:6], "zero_../x"} {
		if LooksLikeID(w) {
			t.Errorf("LooksLikeID(%q) = true", w)
		}
	}
}

func TestLatestOfAWorkspace(t *testing.T) {
	st := newStore(t)
	dir := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	createIn(t, st, "zero_20260603100000_aaaaaa", dir)
	createIn(t, st, "zero_20260603100001_bbbbbb", "/elsewhere")
	for _, cwd := range []string{dir, link, dir + "/"} {
		if id, _, err := st.Latest(cwd); err != nil || id != "zero_20260603100000_aaaaaa" {
			t.Errorf("Latest(%s) = %q, %v", cwd, id, err)
		}
	}
	if _, _, err := st.Latest("/nowhere"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Latest of a workspace without sessions: %v", err)
	}
}

func TestDelete(t *testing.T) {
	st := newStore(t)
	createIn(t, st, "zero_20260603100000_aaaaaa", "/a")
	createIn(t, st, "zero_20260603100001_bbbbbb", "/a")
	createIn(t, st, "zero_20260603100002_cccccc", "/a")
	if err := st.Delete("zero_20260603100000_aaaaaa"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(st.Dir, "zero_20260603100000_aaaaaa")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the directory is still there: %v", err)
	}
	// A file zero did not write stops the delete, and nothing is removed.
	foreign := filepath.Join(st.Dir, "zero_20260603100001_bbbbbb", "notes.txt")
	writeFile(t, foreign, "mine")
	if err := st.Delete("zero_20260603100001_bbbbbb"); err == nil || !strings.Contains(err.Error(), "files zero did not write (notes.txt)") {
		t.Errorf("delete with a foreign file: %v", err)
	}
	if _, err := os.Stat(metaPath(st, "zero_20260603100001_bbbbbb")); err != nil {
		t.Errorf("meta.json was removed: %v", err)
	}
	// A session in use is kept.
	s, _, err := st.Open("zero_20260603100002_cccccc")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Delete("zero_20260603100002_cccccc"); !errors.Is(err, ErrLocked) {
		t.Errorf("delete of a session in use: %v", err)
	}
	s.Close()
	if err := st.Delete("zero_20260603100009_nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete of an unknown session: %v", err)
	}
}

func TestPrune(t *testing.T) {
	st := newStore(t) // the clock starts at 2026-06-03T10:00:00Z and ticks a second per reading
	old := sessionv1.SessionMeta{ID: "zero_20260501000000_oldold", Cwd: "/a", Provider: "p", Model: "m", CreatedAt: "2026-05-01T00:00:00Z"}
	s, err := st.Create(old)
	if err != nil {
		t.Fatal(err)
	}
	s.closed = true // keep UpdatedAt as created
	s.log.Close()
	s.lock.Close()
	createIn(t, st, "zero_20260603100000_newnew", "/a")
	week := PruneOptions{OlderThan: 7 * 24 * time.Hour}
	dry := week
	dry.DryRun = true
	deleted, warns, err := st.Prune(dry)
	if err != nil || len(warns) != 0 || len(deleted) != 1 || deleted[0] != string(old.ID) {
		t.Fatalf("Prune dry run = %v, %v, %v", deleted, warns, err)
	}
	if metas, _, _ := st.List(); len(metas) != 2 {
		t.Fatalf("a dry run deleted: %d sessions left", len(metas))
	}
	deleted, warns, err = st.Prune(week)
	if err != nil || len(warns) != 0 || len(deleted) != 1 || deleted[0] != string(old.ID) {
		t.Fatalf("Prune = %v, %v, %v", deleted, warns, err)
	}
	metas, _, _ := st.List()
	if len(metas) != 1 || metas[0].ID != "zero_20260603100000_newnew" {
		t.Errorf("left %v", metas)
	}
}

// TestPruneAll: All selects sessions of any age; a dry run reports the
// session in use as kept, as the real prune does, and changes nothing.
func TestPruneAll(t *testing.T) {
	st := newStore(t)
	createIn(t, st, "zero_20260603100000_aaaaaa", "/a")
	busy, _, err := st.Open("zero_20260603100000_aaaaaa")
	if err != nil {
		t.Fatal(err)
	}
	createIn(t, st, "zero_20260603100001_bbbbbb", "/a")
	lockFile := filepath.Join(st.Dir, "zero_20260603100001_bbbbbb", lockName)
	if err := os.Remove(lockFile); err != nil {
		t.Fatal(err)
	}
	deleted, warns, err := st.Prune(PruneOptions{All: true, DryRun: true})
	if err != nil || len(deleted) != 1 || deleted[0] != "zero_20260603100001_bbbbbb" ||
		len(warns) != 1 || !strings.Contains(warns[0].Msg, "kept zero_20260603100000_aaaaaa: ") {
		t.Fatalf("Prune all, dry run = %v, %v, %v", deleted, warns, err)
	}
	if _, err := os.Stat(lockFile); !os.IsNotExist(err) {
		t.Errorf("the dry run made a lock file: %v", err)
	}
	busy.Close()
	deleted, warns, err = st.Prune(PruneOptions{All: true})
	if err != nil || len(warns) != 0 || len(deleted) != 2 {
		t.Fatalf("Prune all = %v, %v, %v", deleted, warns, err)
	}
	if metas, _, _ := st.List(); len(metas) != 0 {
		t.Errorf("left %v", metas)
	}
}
