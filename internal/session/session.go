package session

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// Session is one open, locked session. Its methods are safe for concurrent
// use.
type Session struct {
	// Meta is the session's metadata. Append keeps Provider, Model and Title
	// up to date; callers may change other fields. Close writes it with
	// UpdatedAt and Runs set.
	Meta sessionv1.SessionMeta

	mu      sync.Mutex
	store   *Store
	dir     string
	history []sessionv1.SessionRecord
	log     *os.File
	lock    *os.File
	size    int64                 // length of the log, every line complete
	runs    int64                 // run_start records in the log
	saved   sessionv1.SessionMeta // Meta as it is on disk
	changed bool                  // a record was appended
	broken  error                 // the log could not be restored after a failed append
	closed  bool
	buf     []byte
}

func newSession(st *Store, dir string, meta sessionv1.SessionMeta, c logContents, log, lock *os.File) *Session {
	return &Session{
		Meta:    meta,
		store:   st,
		dir:     dir,
		history: c.recs,
		log:     log,
		lock:    lock,
		size:    c.good,
		runs:    countRuns(c.recs),
		saved:   meta,
	}
}

// History returns the session's records: those it held when it was opened
// or forked (torn last line excluded) and every record appended since, each
// as it reads back from the log, that is after the store's Hook. It is the
// conversation a later Open would read, so a process that runs several
// prompts in one session sends the model the same history as a new process
// resuming it. The slice is the caller's.
func (s *Session) History() []sessionv1.SessionRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.history)
}

// Append writes rec to the log as one line, with a single write of the line
// and its newline, syncs the file, and adds the record, as the line reads
// back, to History. An empty Time is set to the current time. When the write
// or the sync fails, the log is cut back to its earlier length, so no earlier
// line is lost, and the error says the record was not saved.
func (s *Session) Append(rec *sessionv1.SessionRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return fmt.Errorf("append to session %s: the session is closed", s.Meta.ID)
	case s.broken != nil:
		return fmt.Errorf("append to session %s: an earlier write failed and could not be undone: %w", s.Meta.ID, s.broken)
	case rec == nil || rec.Value == nil:
		return fmt.Errorf("append to session %s: no record", s.Meta.ID)
	}
	if err := s.stamp(rec); err != nil {
		return fmt.Errorf("append to session %s: %w", s.Meta.ID, err)
	}
	line, err := encodeLine(s.buf[:0], rec, s.store.Hook)
	if err != nil {
		return fmt.Errorf("append to session %s: encode %s record: %w", s.Meta.ID, recordType(rec), err)
	}
	s.buf = line
	saved, err := readBack(line)
	if err != nil {
		return fmt.Errorf("append to session %s: the encoded %s record does not decode: %w; the record was not saved", s.Meta.ID, recordType(rec), err)
	}
	if err := s.write(line); err != nil {
		return fmt.Errorf("append to session %s: %w; the record was not saved", s.Meta.ID, err)
	}
	s.size += int64(len(line))
	s.changed = true
	s.history = append(s.history, saved)
	s.note(rec)
	return nil
}

// readBack decodes a line of the log, newline included, into the record a
// reader of the log gets from it.
func readBack(line []byte) (sessionv1.SessionRecord, error) {
	var rec sessionv1.SessionRecord
	err := rec.DecodeJSON(rt.NewDecoder(line[:len(line)-1]))
	return rec, err
}

// write appends line to the log and syncs it; on failure it cuts the log
// back to s.size.
func (s *Session) write(line []byte) error {
	err := s.store.writeAll(s.log, line)
	if err == nil {
		err = s.store.sync(s.log)
	}
	if err == nil {
		return nil
	}
	err = fmt.Errorf("write %s: %w", s.log.Name(), err)
	if terr := s.truncate(); terr != nil {
		s.broken = terr
		return fmt.Errorf("%w; then restoring the log failed: %v", err, terr)
	}
	return err
}

// truncate cuts the log back to s.size and syncs it.
func (s *Session) truncate() error {
	if err := s.log.Truncate(s.size); err != nil {
		return err
	}
	return s.store.sync(s.log)
}

// stamp sets an empty Time of rec to now and checks a given one.
func (s *Session) stamp(rec *sessionv1.SessionRecord) error {
	t := recordTime(rec)
	if t == nil {
		return fmt.Errorf("unknown record type %T", rec.Value)
	}
	if *t == "" {
		*t = FormatTime(s.store.clock())
		return nil
	}
	_, err := parseTime(*t)
	return err
}

// note keeps Meta in step with an appended record.
func (s *Session) note(rec *sessionv1.SessionRecord) {
	switch r := rec.Value.(type) {
	case *sessionv1.RunStartRecord:
		s.runs++
		s.Meta.Provider = string(r.Provider)
		s.Meta.Model = string(r.Model)
	case *sessionv1.UserRecord:
		if !s.Meta.Title.Set {
			s.Meta.Title = s.store.title(string(r.Content))
		}
	}
}

// Close writes Meta, with UpdatedAt set to now and Runs to the number of runs
// in the log, when a record was appended or Meta changed, and releases the
// lock. Closing twice does nothing.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var errs []error
	s.Meta.Runs = s.runs
	if s.changed || s.Meta != s.saved {
		s.Meta.UpdatedAt = FormatTime(s.store.clock())
		if err := s.store.writeMeta(s.dir, &s.Meta); err != nil {
			errs = append(errs, fmt.Errorf("close session %s: %w", s.Meta.ID, err))
		} else {
			s.saved = s.Meta
		}
	}
	if err := s.log.Close(); err != nil {
		errs = append(errs, fmt.Errorf("close session %s: %w", s.Meta.ID, err))
	}
	unlock(s.lock) // releases the flock
	return errors.Join(errs...)
}

// recordTime returns a pointer to the Time of rec, or nil for an unknown
// variant.
func recordTime(rec *sessionv1.SessionRecord) *sessionv1.Timestamp {
	switch r := rec.Value.(type) {
	case *sessionv1.RunStartRecord:
		return &r.Time
	case *sessionv1.UserRecord:
		return &r.Time
	case *sessionv1.AssistantRecord:
		return &r.Time
	case *sessionv1.ToolResultRecord:
		return &r.Time
	case *sessionv1.UsageRecord:
		return &r.Time
	case *sessionv1.CompactionRecord:
		return &r.Time
	case *sessionv1.RunEndRecord:
		return &r.Time
	}
	return nil
}

// recordType names the variant of rec.
func recordType(rec *sessionv1.SessionRecord) string {
	if t, ok := rec.Value.(interface{ Type() string }); ok {
		return t.Type()
	}
	return fmt.Sprintf("%T", rec.Value)
}

// countRuns counts the run_start records of recs.
func countRuns(recs []sessionv1.SessionRecord) int64 {
	var n int64
	for _, r := range recs {
		if _, ok := r.Value.(*sessionv1.RunStartRecord); ok {
			n++
		}
	}
	return n
}

// titleOf returns the title made from the first user record of recs.
func (st *Store) titleOf(recs []sessionv1.SessionRecord) rt.Opt[string] {
	for _, r := range recs {
		if u, ok := r.Value.(*sessionv1.UserRecord); ok {
			return st.title(string(u.Content))
		}
	}
	return rt.Opt[string]{}
}

const maxTitle = 200

// title returns the first line of prompt, passed through the hook first so
// that redaction cannot make it longer than the schema allows, cut to 200
// characters; absent when that line is blank.
func (st *Store) title(prompt string) rt.Opt[string] {
	line, _, _ := strings.Cut(prompt, "\n")
	if st.Hook != nil {
		line = st.Hook("title", line)
		line, _, _ = strings.Cut(line, "\n")
	}
	line = strings.TrimSpace(line)
	if utf8.RuneCountInString(line) > maxTitle {
		line = string([]rune(line)[:maxTitle])
		line = strings.TrimSpace(line)
	}
	if line == "" {
		return rt.Opt[string]{}
	}
	return rt.Some(line)
}
