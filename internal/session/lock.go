package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrLocked is matched (with errors.Is) by the error of opening a session that
// another process, or another Session in this one, has open.
var ErrLocked = errors.New("session is in use by another zero process")

// LockedError is the error of opening a session that is in use.
type LockedError struct {
	ID string
	// PID and Holder name the process holding the session, as it wrote them
	// into the lock file (see Store.Holder); 0 and "" when it wrote none,
	// or had not yet.
	PID    int
	Holder string
}

// Error says which session is in use, and by which process when known.
func (e *LockedError) Error() string {
	msg := fmt.Sprintf("session %s is in use by another zero process", e.ID)
	switch {
	case e.PID > 0 && e.Holder != "":
		msg += fmt.Sprintf(" (%s, pid %d)", e.Holder, e.PID)
	case e.PID > 0:
		msg += fmt.Sprintf(" (pid %d)", e.PID)
	}
	return msg
}

// Is reports whether target is ErrLocked.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

const lockName = "lock"

// lock takes an exclusive, non-blocking flock on the lock file of the session
// in dir, then writes the process's id and s.Holder into the file, so that
// another process refused the lock can say who holds it. flock belongs to
// the open file description, so closing the returned file releases it, and
// two opens in one process exclude each other too.
func (s *Store) lock(dir, id string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock session %s: %w", id, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			pid, holder := readHolder(f)
			return nil, &LockedError{ID: id, PID: pid, Holder: holder}
		}
		return nil, fmt.Errorf("lock session %s: %w", id, err)
	}
	writeHolder(f, s.Holder)
	return f, nil
}

// writeHolder replaces the contents of the lock file f with "PID HOLDER\n".
// It is a courtesy to whoever is refused the lock, so a failure is ignored:
// the flock alone guards the session.
func writeHolder(f *os.File, holder string) {
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+" "+holder+"\n"), 0)
	}
}

// unlock empties the lock file f, so that no one reads a process that no
// longer holds it, and closes it, which releases the flock.
func unlock(f *os.File) {
	f.Truncate(0)
	f.Close()
}

// readHolder reads the process id and holder written by writeHolder; 0 and
// "" when the file holds neither (the holder has not written them yet).
func readHolder(f *os.File) (int, string) {
	b := make([]byte, 256)
	n, _ := f.ReadAt(b, 0)
	line, _, ok := strings.Cut(string(b[:n]), "\n")
	if !ok {
		return 0, ""
	}
	pidText, holder, _ := strings.Cut(line, " ")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return 0, ""
	}
	return pid, strings.TrimSpace(holder)
}
