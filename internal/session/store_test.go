package session

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

var timeRE = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func TestCreateAppendOpen(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^zero_\d{14}_[a-z0-9]{6}$`).MatchString(string(s.Meta.ID)) {
		t.Errorf("new id %q, want zero_YYYYMMDDhhmmss_xxxxxx", s.Meta.ID)
	}
	if len(s.History()) != 0 {
		t.Errorf("new session has history %v", s.History())
	}
	recs := run("run_1", "Inspect this repo.\nThen say hello.")
	appendAll(t, s, recs)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	checkLog(t, eventsPath(st, string(s.Meta.ID)), encodeAll(t, recs))
	for _, r := range recs {
		if tm := *recordTime(&r); !timeRE.MatchString(string(tm)) {
			t.Errorf("record time %q, want RFC 3339 UTC with milliseconds", tm)
		}
	}

	s2, warns, err := st.Open(string(s.Meta.ID))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if diff := cmp.Diff(recs, s2.History()); diff != "" {
		t.Errorf("History (-want +got):\n%s", diff)
	}
	m := s2.Meta
	if m.Runs != 1 || m.Provider != "openai" || m.Model != "gpt-4.1" || m.Title != rt.Some("Inspect this repo.") {
		t.Errorf("meta after one run: %+v", m)
	}
	for _, tm := range []string{string(m.CreatedAt), string(m.UpdatedAt)} {
		if !timeRE.MatchString(tm) {
			t.Errorf("meta time %q, want RFC 3339 UTC with milliseconds", tm)
		}
	}
	if m.UpdatedAt <= m.CreatedAt {
		t.Errorf("UpdatedAt %s not after CreatedAt %s", m.UpdatedAt, m.CreatedAt)
	}
	if fi, err := os.Stat(filepath.Join(st.Dir, string(m.ID))); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("session directory: %v %v, want mode 0700", fi.Mode(), err)
	}
}

func TestCreateGivenIDAndExisting(t *testing.T) {
	st := newStore(t)
	meta := testMeta()
	meta.ID = "my-session"
	s, err := st.Create(meta)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := st.Create(meta); err == nil || !strings.Contains(err.Error(), "session my-session already exists") {
		t.Errorf("Create of an existing id: %v", err)
	}
}

func TestCreateInvalidMeta(t *testing.T) {
	st := newStore(t)
	meta := testMeta()
	meta.Cwd = ""
	if _, err := st.Create(meta); err == nil || !strings.Contains(err.Error(), "/cwd") {
		t.Errorf("Create without cwd: %v, want an error naming /cwd", err)
	}
	meta = testMeta()
	meta.CreatedAt = "yesterday"
	if _, err := st.Create(meta); err == nil || !strings.Contains(err.Error(), "RFC 3339") {
		t.Errorf("Create with a bad time: %v", err)
	}
	entries, _ := os.ReadDir(st.Dir)
	if len(entries) != 0 {
		t.Errorf("failed creations left %v", entries)
	}
}

func TestCloseWithoutChangesKeepsMeta(t *testing.T) {
	st := newStore(t)
	id := newSessionWith(t, st, run("run_1", "hi"))
	before := readFile(t, metaPath(st, id))
	s, _, err := st.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if got := readFile(t, metaPath(st, id)); got != before {
		t.Errorf("Open+Close changed meta:\n%s\nwas:\n%s", got, before)
	}
	if err := s.Append(&run("run_2", "x")[0]); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Append after Close: %v", err)
	}
}

func TestOpenLatest(t *testing.T) {
	st := newStore(t)
	a := newSessionWith(t, st, run("run_a", "a"))
	b := newSessionWith(t, st, run("run_b", "b"))
	if got := openLatest(t, st); got != b {
		t.Errorf("Open(\"\") = %s, want the newer %s", got, b)
	}
	s, _, err := st.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, run("run_a2", "again"))
	s.Close()
	if got := openLatest(t, st); got != a {
		t.Errorf("Open(\"\") = %s, want the just updated %s", got, a)
	}
}

func openLatest(t *testing.T, st *Store) string {
	t.Helper()
	s, _, err := st.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return string(s.Meta.ID)
}

func TestOpenLatestEmpty(t *testing.T) {
	st := newStore(t)
	if _, _, err := st.Open(""); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(\"\") of an empty store: %v, want ErrNotFound", err)
	}
}

func TestFork(t *testing.T) {
	st := newStore(t)
	recs := append(run("run_1", "first"), run("run_2", "second")...)
	parent := newSessionWith(t, st, recs)
	metaBefore := readFile(t, metaPath(st, parent))
	eventsBefore := readFile(t, eventsPath(st, parent))

	// The parent may be in use: forking only reads it.
	ps, _, err := st.Open(parent)
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()

	child, warns, err := st.Fork(parent, sessionv1.SessionMeta{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if string(child.Meta.ID) == parent || child.Meta.ParentID != rt.Some(sessionv1.SessionID(parent)) || !timeRE.MatchString(string(child.Meta.ForkedAt.V)) {
		t.Errorf("child meta %+v", child.Meta)
	}
	if child.Meta.Runs != 2 || child.Meta.Cwd != "/repo" || child.Meta.Title != rt.Some("first") {
		t.Errorf("child meta %+v, want 2 runs, the parent's cwd and title", child.Meta)
	}
	if diff := cmp.Diff(recs, child.History()); diff != "" {
		t.Errorf("child History (-want +got):\n%s", diff)
	}
	if got := readFile(t, eventsPath(st, string(child.Meta.ID))); got != eventsBefore {
		t.Errorf("child log differs from the parent's:\n%s\nwant:\n%s", got, eventsBefore)
	}
	appendAll(t, child, run("run_3", "third"))
	if err := child.Close(); err != nil {
		t.Fatal(err)
	}
	if readFile(t, metaPath(st, parent)) != metaBefore || readFile(t, eventsPath(st, parent)) != eventsBefore {
		t.Error("forking changed the parent")
	}
	_, got, _, err := st.Show(string(child.Meta.ID))
	if err != nil || len(got) != 3*len(recs)/2 {
		t.Errorf("child after a run: %d records, %v", len(got), err)
	}
}

func TestTornLastLine(t *testing.T) {
	for name, tail := range map[string]string{
		"no newline":   `{"schemaVersion":1,"type":"user","runId":"run_2","ti`,
		"undecodable":  `{"schemaVersion":1,"type":"user"}` + "\n",
		"empty line":   "\n",
		"no newline 2": `{"schemaVersion":1,"type":"run_end","runId":"r","time":"2026-06-03T10:00:00Z","status":"success","exitCode":0}`,
	} {
		t.Run(name, func(t *testing.T) {
			st := newStore(t)
			recs := run("run_1", "hi")
			id := newSessionWith(t, st, recs)
			path := eventsPath(st, id)
			good := readFile(t, path)
			writeFile(t, path, good+tail)

			_, shown, warns, err := st.Show(id)
			if err != nil || len(shown) != len(recs) || len(warns) != 1 || !strings.Contains(warns[0].Msg, "skipped") {
				t.Fatalf("Show: %d records, %v, %v", len(shown), warns, err)
			}
			if readFile(t, path) != good+tail {
				t.Fatal("Show changed the log")
			}

			s, warns, err := st.Open(id)
			if err != nil {
				t.Fatal(err)
			}
			wantLine := ":" + strconv.Itoa(len(recs)+1) + ": removed a torn last line"
			if len(warns) != 1 || !strings.Contains(warns[0].Msg, path+wantLine) {
				t.Errorf("warnings %v, want one containing %q", warns, path+wantLine)
			}
			if len(s.History()) != len(recs) {
				t.Errorf("History has %d records, want %d", len(s.History()), len(recs))
			}
			more := run("run_2", "again")
			appendAll(t, s, more)
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			checkLog(t, path, encodeAll(t, append(recs, more...)))
			if _, _, warns, err := st.Show(id); len(warns) != 0 || err != nil {
				t.Errorf("after recovery: %v %v", warns, err)
			}
		})
	}
}

func TestBadMiddleLine(t *testing.T) {
	st := newStore(t)
	id := newSessionWith(t, st, run("run_1", "hi"))
	path := eventsPath(st, id)
	lines := strings.SplitAfter(readFile(t, path), "\n")
	lines[1] = `{"schemaVersion":1,"type":"user","runId":"run_1","time":"2026-06-03T10:00:00Z","content":""}` + "\n"
	writeFile(t, path, strings.Join(lines, ""))
	want := path + ":2: /content: minLength"
	if _, _, err := st.Open(id); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Open: %v, want an error containing %q", err, want)
	}
	if _, _, _, err := st.Show(id); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Show: %v, want an error containing %q", err, want)
	}
	// The failed Open released the lock.
	writeFile(t, path, "")
	s, _, err := st.Open(id)
	if err != nil {
		t.Fatalf("Open after the failure: %v", err)
	}
	s.Close()
}

func TestConcurrentOpen(t *testing.T) {
	st := newStore(t)
	st.Holder = "zero test"
	other := &Store{Dir: st.Dir}
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	id := string(s.Meta.ID)
	pid := os.Getpid()
	_, _, err = other.Open(id)
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	if want := "session " + id + " is in use by another zero process (zero test, pid " + strconv.Itoa(pid) + ")"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	var le *LockedError
	if !errors.As(err, &le) || le.ID != id || le.PID != pid || le.Holder != "zero test" {
		t.Errorf("error %#v, want a *LockedError for %s held by zero test, pid %d", err, id, pid)
	}
	s.Close()
	if b := readFile(t, filepath.Join(st.Dir, id, lockName)); b != "" {
		t.Errorf("the lock file still names a holder after Close: %q", b)
	}
	s2, _, err := other.Open(id)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	_, _, err = st.Open(id)
	if want := "session " + id + " is in use by another zero process (pid " + strconv.Itoa(pid) + ")"; err == nil || err.Error() != want {
		t.Errorf("Open while the other store (no Holder) has it: %v, want %q", err, want)
	}
	s2.Close()
}

// TestLockedBeforeTheHolderIsWritten: a lock file that names no holder yet
// (its holder took the flock and has not written it) gives the plain
// message.
func TestLockedBeforeTheHolderIsWritten(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.lock.Truncate(0); err != nil {
		t.Fatal(err)
	}
	_, _, err = st.Open(string(s.Meta.ID))
	var le *LockedError
	if !errors.As(err, &le) || le.PID != 0 || err.Error() != "session "+string(s.Meta.ID)+" is in use by another zero process" {
		t.Errorf("Open: %#v (%v), want a LockedError naming no process", err, err)
	}
}

func TestWriteFault(t *testing.T) {
	enospc := &os.PathError{Op: "write", Path: "events.jsonl", Err: syscall.ENOSPC}
	for name, fault := range map[string]func(st *Store){
		"partial write": func(st *Store) {
			st.writeFile = func(f *os.File, b []byte) (int, error) {
				n, _ := f.Write(b[:len(b)/2])
				return n, enospc
			}
		},
		"sync": func(st *Store) {
			failed := false
			st.syncFile = func(f *os.File) error {
				if failed {
					return f.Sync()
				}
				failed = true
				return syscall.EIO
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			st := newStore(t)
			s, err := st.Create(testMeta())
			if err != nil {
				t.Fatal(err)
			}
			recs := run("run_1", "hi")
			appendAll(t, s, recs[:3])
			path := eventsPath(st, string(s.Meta.ID))
			before := readFile(t, path)

			fault(st)
			err = s.Append(&recs[3])
			if err == nil || !strings.Contains(err.Error(), "the record was not saved") {
				t.Fatalf("Append with a fault: %v", err)
			}
			st.writeFile, st.syncFile = nil, nil
			if got := readFile(t, path); got != before {
				t.Errorf("log after the fault:\n%q\nwant:\n%q", got, before)
			}
			appendAll(t, s, recs[3:])
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			checkLog(t, path, encodeAll(t, recs))
		})
	}
}

func TestWriteFaultMessage(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st.writeFile = func(f *os.File, b []byte) (int, error) {
		return 0, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	err = s.Append(&run("run_1", "hi")[0])
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || !strings.Contains(err.Error(), string(s.Meta.ID)) {
		t.Errorf("Append on a full disk: %v", err)
	}
}

func TestWriteFaultUndoFails(t *testing.T) {
	st := newStore(t)
	s, err := st.Create(testMeta())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st.syncFile = func(f *os.File) error { return syscall.EIO }
	recs := run("run_1", "hi")
	if err := s.Append(&recs[0]); err == nil || !strings.Contains(err.Error(), "restoring the log failed") {
		t.Errorf("Append: %v", err)
	}
	st.syncFile = nil
	if err := s.Append(&recs[1]); err == nil || !strings.Contains(err.Error(), "could not be undone") {
		t.Errorf("Append after a failed undo: %v", err)
	}
}

func TestMetaWriteFaultKeepsOldMeta(t *testing.T) {
	st := newStore(t)
	id := newSessionWith(t, st, run("run_1", "hi"))
	before := readFile(t, metaPath(st, id))
	s, _, err := st.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, run("run_2", "again"))
	st.writeFile = func(f *os.File, b []byte) (int, error) { return 0, syscall.ENOSPC }
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "no space left on device") {
		t.Errorf("Close on a full disk: %v", err)
	}
	if got := readFile(t, metaPath(st, id)); got != before {
		t.Errorf("meta after a failed Close:\n%s\nwant the old one:\n%s", got, before)
	}
	entries, _ := os.ReadDir(filepath.Join(st.Dir, id))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left temporary file %s", e.Name())
		}
	}
}

func TestList(t *testing.T) {
	st := newStore(t)
	if metas, _, err := st.List(); err != nil || len(metas) != 0 {
		t.Fatalf("List of a missing directory: %v %v", metas, err)
	}
	a, _ := st.Create(testMeta())
	b, _ := st.Create(testMeta())
	c, _ := st.Create(testMeta())
	for _, s := range []*Session{b, c, a} { // a is updated last, then c, then b
		appendAll(t, s, run("run_1", "hi"))
		s.Close()
	}
	if err := os.Mkdir(filepath.Join(st.Dir, "unfinished"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(st.Dir, "underway"), 0o700); err != nil {
		t.Fatal(err)
	}
	hourAgo := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(st.Dir, "unfinished"), hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	metas, warns, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Msg, "skipped "+filepath.Join(st.Dir, "unfinished")+": it has no meta.json") {
		t.Errorf("warnings %v, want one about the unfinished directory", warns)
	}
	var got []string
	for _, m := range metas {
		got = append(got, string(m.ID))
	}
	want := []string{string(a.Meta.ID), string(c.Meta.ID), string(b.Meta.ID)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("List order (-want +got):\n%s", diff)
	}

	writeFile(t, metaPath(st, string(b.Meta.ID)), `{"schemaVersion":1}`)
	metas, warns, err = st.List()
	if err != nil || len(metas) != 2 || len(warns) != 2 || !strings.Contains(warns[1].Msg, metaPath(st, string(b.Meta.ID))) {
		t.Errorf("List with a broken meta: %d sessions, %v, %v; want the two others and a warning naming it", len(metas), warns, err)
	}
}

func TestUnknownAndInvalidIDs(t *testing.T) {
	st := newStore(t)
	newSessionWith(t, st, nil)
	if _, _, err := st.Open("zero_20260603100000_nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open: %v, want ErrNotFound", err)
	}
	if _, _, _, err := st.Show("nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Show: %v, want ErrNotFound", err)
	}
	if _, _, err := st.Fork("nosuch", testMeta()); !errors.Is(err, ErrNotFound) {
		t.Errorf("Fork: %v, want ErrNotFound", err)
	}
	for _, id := range []string{"../x", "a/b", ".", "..", "-x", "/etc", strings.Repeat("a", 129)} {
		if _, _, err := st.Open(id); err == nil || errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "invalid session id") {
			t.Errorf("Open(%q): %v, want an invalid id error", id, err)
		}
		meta := testMeta()
		meta.ID = sessionv1.SessionID(id)
		if _, err := st.Create(meta); err == nil || !strings.Contains(err.Error(), "invalid session id") {
			t.Errorf("Create(%q): %v, want an invalid id error", id, err)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(st.Dir), "x")); err == nil {
		t.Error("an invalid id touched the filesystem")
	}
}

func TestHookAppliedToWrittenStrings(t *testing.T) {
	st := newStore(t)
	st.Hook = func(key, s string) string { return strings.ToUpper(s) }
	recs := run("run_1", "please read the secret file")
	id := newSessionWith(t, st, recs)
	events := readFile(t, eventsPath(st, id))
	for _, want := range []string{"PLEASE READ THE SECRET FILE", "NO BLOCKERS FOUND.", "# ZERO", "START WITH THE README.", `{"path":"README.MD"}`, `"runId":"run_1"`} {
		if !strings.Contains(events, want) {
			t.Errorf("log lacks %q:\n%s", want, events)
		}
	}
	if strings.Contains(events, "secret") {
		t.Errorf("log holds a string the hook did not see:\n%s", events)
	}
	meta := readFile(t, metaPath(st, id))
	if !strings.Contains(meta, `"title":"PLEASE READ THE SECRET FILE"`) || !strings.Contains(meta, `"id":"`+id+`"`) {
		t.Errorf("meta:\n%s", meta)
	}
}

func TestTitle(t *testing.T) {
	st := &Store{Hook: func(_, s string) string { return strings.ReplaceAll(s, "k", "[redacted]") }}
	long := strings.Repeat("é", 150) + strings.Repeat("k", 100)
	got := st.title(long + "\nsecond line")
	if n := len([]rune(got.V)); n != maxTitle || !got.Set {
		t.Errorf("title has %d characters, want %d", n, maxTitle)
	}
	if st.title("  \nsecond").Set {
		t.Error("a blank first line gave a title")
	}
}

func TestDefaultDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_DATA_HOME": "/data", "HOME": "/home/u"}, "/data/zero/sessions"},
		{map[string]string{"XDG_DATA_HOME": "relative", "HOME": "/home/u"}, "/home/u/.local/share/zero/sessions"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.local/share/zero/sessions"},
	} {
		got, err := DefaultDir(env(c.env))
		if err != nil || got != c.want {
			t.Errorf("DefaultDir(%v) = %q, %v, want %q", c.env, got, err, c.want)
		}
	}
	if _, err := DefaultDir(env(nil)); err == nil {
		t.Error("DefaultDir without HOME: no error")
	}
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}
