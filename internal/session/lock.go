package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// ErrLocked is matched (with errors.Is) by the error of opening a session that
// another process, or another Session in this one, has open.
var ErrLocked = errors.New("session is in use by another zero process")

// LockedError is the error of opening a session that is in use.
type LockedError struct {
	ID string
}

// Error says which session is in use.
func (e *LockedError) Error() string {
	return fmt.Sprintf("session %s is in use by another zero process", e.ID)
}

// Is reports whether target is ErrLocked.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

const lockName = "lock"

// lock takes an exclusive, non-blocking flock on the lock file of the session
// in dir. flock belongs to the open file description, so closing the returned
// file releases it, and two opens in one process exclude each other too.
func lock(dir, id string) (*os.File, error) {
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
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &LockedError{ID: id}
		}
		return nil, fmt.Errorf("lock session %s: %w", id, err)
	}
	return f, nil
}
