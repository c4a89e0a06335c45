package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// ErrNotFound is matched (with errors.Is) by the error for a session id that
// does not name a stored session, and by Open("") when there is none.
var ErrNotFound = errors.New("no such session")

func notFound(id string) error { return fmt.Errorf("%w: %s", ErrNotFound, id) }

// DefaultDir returns the directory sessions are stored in:
// $XDG_DATA_HOME/zero/sessions, or ~/.local/share/zero/sessions when
// XDG_DATA_HOME is unset or not absolute (the XDG rule for relative paths).
func DefaultDir(getenv func(string) string) (string, error) {
	if d := getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "zero", "sessions"), nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", errors.New("cannot find the session directory: neither XDG_DATA_HOME nor HOME is set")
	}
	return filepath.Join(home, ".local", "share", "zero", "sessions"), nil
}

// Store is a directory of sessions. The zero Store is not usable: Dir must be
// set.
type Store struct {
	// Dir holds one directory per session.
	Dir string
	// Hook transforms every free-text string the store writes (redaction).
	Hook rt.StringHook
	// Holder names this program ("zero acp") in the lock file of each
	// session it opens, with the process id, for the error of another
	// process that finds the session in use; "" names none.
	Holder string

	// Seams for tests: writeFile writes b to f (a full disk fails here),
	// syncFile flushes f, now is the clock. nil means the real thing.
	writeFile func(f *os.File, b []byte) (int, error)
	syncFile  func(f *os.File) error
	now       func() time.Time
}

func (s *Store) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

// sessionDir returns the directory of the session id after validating id.
func (s *Store) sessionDir(id string) (string, error) {
	if s.Dir == "" {
		return "", errors.New("session store has no directory")
	}
	if err := validateID(id); err != nil {
		return "", err
	}
	return filepath.Join(s.Dir, id), nil
}

// Create makes a new session from meta and opens it, locked. An empty
// meta.ID gets a new id "zero_YYYYMMDDhhmmss_xxxxxx" (UTC); a given one must
// match the schema's id pattern and not exist yet. Empty CreatedAt and
// UpdatedAt get the current time; Runs is set to 0. Cwd, Provider and Model
// are required.
func (s *Store) Create(meta sessionv1.SessionMeta) (*Session, error) {
	return s.create(meta, nil)
}

// Open opens the session id, locked, and reads its history. id "" opens the
// most recently updated session. A torn last line of the log is removed, with
// a Warning. Errors match ErrNotFound for an unknown id and ErrLocked for a
// session that is in use.
func (s *Store) Open(id string) (*Session, []Warning, error) {
	if id == "" {
		latest, err := s.latest()
		if err != nil {
			return nil, nil, err
		}
		id = latest
	}
	dir, err := s.sessionDir(id)
	if err != nil {
		return nil, nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, metaName)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, notFound(id)
	}
	lk, err := s.lock(dir, id)
	if err != nil {
		return nil, nil, err
	}
	sess, warns, err := s.open(dir, id, lk)
	if err != nil {
		unlock(lk)
		return nil, nil, err
	}
	return sess, warns, nil
}

// open reads the session in dir, whose lock lk is held.
func (s *Store) open(dir, id string, lk *os.File) (*Session, []Warning, error) {
	meta, err := readMeta(dir, id)
	if err != nil {
		return nil, nil, err
	}
	path := filepath.Join(dir, eventsName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("open session %s: %w", id, err)
	}
	warns, c, err := s.recover(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return newSession(s, dir, meta, c, f, lk), warns, nil
}

// recover reads the log in f and cuts a torn last line off it.
func (s *Store) recover(f *os.File, path string) ([]Warning, logContents, error) {
	b, err := readAll(f)
	if err != nil {
		return nil, logContents{}, fmt.Errorf("read %s: %w", path, err)
	}
	c, err := readLog(path, b)
	if err != nil || c.torn == nil {
		return nil, c, err
	}
	if err := f.Truncate(c.good); err != nil {
		return nil, c, fmt.Errorf("remove the torn last line of %s: %w", path, err)
	}
	if err := s.sync(f); err != nil {
		return nil, c, fmt.Errorf("remove the torn last line of %s: %w", path, err)
	}
	return []Warning{c.torn.warning(path, true)}, c, nil
}

// readAll reads f from its start.
func readAll(f *os.File) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	b := make([]byte, st.Size())
	n, err := f.ReadAt(b, 0)
	if err != nil && n < len(b) {
		return nil, err
	}
	return b[:n], nil
}

// Fork makes a new session whose history is a copy of the session
// parentID's, and opens it, locked. meta.ParentID and meta.ForkedAt are set;
// empty Cwd, Provider, Model and Title are taken from the parent; empty ID,
// CreatedAt and UpdatedAt are filled as by Create. The parent is only read: a
// torn last line of its log is left in place, not copied, and reported as a
// Warning.
func (s *Store) Fork(parentID string, meta sessionv1.SessionMeta) (*Session, []Warning, error) {
	parent, recs, warns, err := s.Show(parentID)
	if err != nil {
		return nil, nil, fmt.Errorf("fork: %w", err)
	}
	meta.ParentID = rt.Some(parent.ID)
	meta.ForkedAt = rt.Some(FormatTime(s.clock()))
	inherit(&meta.Cwd, parent.Cwd)
	inherit(&meta.Provider, parent.Provider)
	inherit(&meta.Model, parent.Model)
	if !meta.Title.Set {
		meta.Title = parent.Title
	}
	sess, err := s.create(meta, recs)
	if err != nil {
		return nil, nil, fmt.Errorf("fork %s: %w", parentID, err)
	}
	return sess, warns, nil
}

func inherit(dst *string, parent string) {
	if *dst == "" {
		*dst = parent
	}
}

// sortNewestFirst orders by UpdatedAt, then CreatedAt, then ID, all
// descending.
func sortNewestFirst(metas []sessionv1.SessionMeta) {
	sort.SliceStable(metas, func(i, j int) bool {
		a, b := metas[i], metas[j]
		if c := compareTimes(a.UpdatedAt, b.UpdatedAt); c != 0 {
			return c > 0
		}
		if c := compareTimes(a.CreatedAt, b.CreatedAt); c != 0 {
			return c > 0
		}
		return a.ID > b.ID
	})
}

// compareTimes compares two RFC 3339 times; one that does not parse is the
// oldest.
func compareTimes(a, b sessionv1.Timestamp) int {
	ta, _ := parseTime(a)
	tb, _ := parseTime(b)
	return ta.Compare(tb)
}

// latest returns the id of the most recently updated readable session.
func (s *Store) latest() (string, error) {
	metas, _, err := s.List()
	if err != nil {
		return "", err
	}
	if len(metas) == 0 {
		return "", fmt.Errorf("%w: %s holds no sessions", ErrNotFound, s.Dir)
	}
	return string(metas[0].ID), nil
}

// Show reads the session id without locking or changing it: its metadata and
// its records. A torn last line is skipped with a Warning.
func (s *Store) Show(id string) (sessionv1.SessionMeta, []sessionv1.SessionRecord, []Warning, error) {
	dir, err := s.sessionDir(id)
	if err != nil {
		return sessionv1.SessionMeta{}, nil, nil, err
	}
	meta, err := readMeta(dir, id)
	if err != nil {
		return meta, nil, nil, err
	}
	path := filepath.Join(dir, eventsName)
	b, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return meta, nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	c, err := readLog(path, b)
	if err != nil {
		return meta, nil, nil, err
	}
	var warns []Warning
	if c.torn != nil {
		warns = append(warns, c.torn.warning(path, false))
	}
	return meta, c.recs, warns, nil
}
