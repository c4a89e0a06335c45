package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
)

// create makes the directory of a new session, locks it, writes recs as its
// log and meta last, so that an unfinished creation has no meta.json and is
// invisible. On failure the directory is removed again.
func (s *Store) create(meta sessionv1.SessionMeta, recs []sessionv1.SessionRecord) (*Session, error) {
	if s.Dir == "" {
		return nil, errors.New("session store has no directory")
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("create session directory: %w", err)
	}
	chosen, err := s.fillMeta(&meta, recs)
	if err != nil {
		return nil, err
	}
	dir, err := s.mkdir(&meta, chosen)
	if err != nil {
		return nil, err
	}
	sess, err := s.populate(dir, meta, recs)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("create session %s: %w", meta.ID, err)
	}
	return sess, nil
}

// fillMeta completes meta for a new session holding recs and validates it.
// It reports whether it chose the id.
func (s *Store) fillMeta(meta *sessionv1.SessionMeta, recs []sessionv1.SessionRecord) (bool, error) {
	now := s.clock()
	if meta.CreatedAt == "" {
		meta.CreatedAt = FormatTime(now)
	}
	if meta.UpdatedAt == "" {
		meta.UpdatedAt = meta.CreatedAt
	}
	meta.Runs = countRuns(recs)
	if !meta.Title.Set {
		meta.Title = s.titleOf(recs)
	}
	chosen := meta.ID == ""
	if chosen {
		meta.ID = newID(now)
	} else if err := validateID(string(meta.ID)); err != nil {
		return false, err
	}
	if err := checkMetaTimes(meta); err != nil {
		return false, fmt.Errorf("invalid session meta: %w", err)
	}
	if err := meta.Validate(); err != nil {
		return false, fmt.Errorf("invalid session meta: %w", err)
	}
	return chosen, nil
}

// checkMetaTimes checks that the times of meta are RFC 3339.
func checkMetaTimes(meta *sessionv1.SessionMeta) error {
	times := []sessionv1.Timestamp{meta.CreatedAt, meta.UpdatedAt}
	if meta.ForkedAt.Set {
		times = append(times, meta.ForkedAt.V)
	}
	for _, t := range times {
		if _, err := parseTime(t); err != nil {
			return err
		}
	}
	return nil
}

// mkdir creates the directory of the new session. When the store chose the
// id, a taken one is replaced by a fresh one.
func (s *Store) mkdir(meta *sessionv1.SessionMeta, chosen bool) (string, error) {
	for try := 0; ; try++ {
		dir := filepath.Join(s.Dir, string(meta.ID))
		err := os.Mkdir(dir, 0o700)
		switch {
		case err == nil:
			return dir, nil
		case !errors.Is(err, fs.ErrExist):
			return "", fmt.Errorf("create session %s: %w", meta.ID, err)
		case !chosen:
			return "", fmt.Errorf("session %s already exists", meta.ID)
		case try == 16:
			return "", errors.New("create session: no free session id")
		}
		meta.ID = newID(s.clock())
	}
}

// populate locks the new session in dir, writes its log and its meta, and
// returns it open.
func (s *Store) populate(dir string, meta sessionv1.SessionMeta, recs []sessionv1.SessionRecord) (*Session, error) {
	lk, err := s.lock(dir, string(meta.ID))
	if err != nil {
		return nil, err
	}
	f, size, err := s.writeLog(dir, recs)
	if err == nil {
		err = s.writeMeta(dir, &meta)
	}
	if err == nil {
		err = syncDir(s.Dir)
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		lk.Close()
		return nil, err
	}
	c := logContents{recs: recs, good: size}
	return newSession(s, dir, meta, c, f, lk), nil
}

// writeLog creates the log of a new session in dir holding recs, encoded
// with the store's hook, and returns it open for appending.
func (s *Store) writeLog(dir string, recs []sessionv1.SessionRecord) (*os.File, int64, error) {
	var buf []byte
	for i := range recs {
		var err error
		if buf, err = encodeLine(buf, &recs[i], s.Hook); err != nil {
			return nil, 0, fmt.Errorf("encode record %d: %w", i+1, err)
		}
	}
	path := filepath.Join(dir, eventsName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, 0, err
	}
	if len(buf) > 0 {
		err = s.writeAll(f, buf)
	}
	if err == nil {
		err = s.sync(f)
	}
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("write %s: %w", path, err)
	}
	return f, int64(len(buf)), nil
}
