package tools

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"syscall"
)

// testHookBeforeOpen, when set by a test, runs between Resolve and the
// open, where a racing process could swap a symlink in.
var testHookBeforeOpen func(real string)

// errOutside reports that an opened file turned out to lie outside the root.
var errOutside = errors.New("the opened file lies outside the workspace (was a symlink swapped in?)")

// open opens real, a path Resolve returned, through the workspace's
// os.Root (which refuses any component that leads outside the root) with
// O_NOFOLLOW on the final component, then checks the descriptor once more.
func (w *Workspace) open(real string, flag int, perm fs.FileMode) (*os.File, error) {
	if hook := testHookBeforeOpen; hook != nil {
		hook(real)
	}
	f, err := w.dir.OpenFile(w.rel(real), flag|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, perm)
	if err != nil {
		return nil, err
	}
	if err := w.verifyOpened(f, real); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// verifyOpened checks that the open file f is inside the root: through
// /proc/self/fd when the kernel offers it, else by comparing f's identity
// with what real names now.
func (w *Workspace) verifyOpened(f *os.File, real string) error {
	target, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil {
		return sameFile(f, real)
	}
	if !within(w.root, target) {
		return errOutside
	}
	return nil
}

// sameFile checks that f is the file real names, without following a
// final symlink.
func sameFile(f *os.File, real string) error {
	opened, err := f.Stat()
	if err != nil {
		return err
	}
	named, err := os.Lstat(real)
	if err != nil || !os.SameFile(opened, named) {
		return errOutside
	}
	return nil
}

// openError turns an error from opening or reading shown (a path as the
// model gave it) into a message the model can act on.
func openError(shown string, err error) Result {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errorResult("%s does not exist", shown)
	case errors.Is(err, fs.ErrPermission):
		return errorResult("permission denied: %s", shown)
	case errors.Is(err, syscall.ELOOP), errors.Is(err, errOutside):
		return errorResult("refused %s: it changed into a symlink while being opened; try again", shown)
	case errors.Is(err, syscall.ENOTDIR):
		return errorResult("%s: a parent of it is not a directory", shown)
	case errors.Is(err, fs.ErrExist):
		return errorResult("%s exists and is not a directory", shown)
	case errors.Is(err, syscall.EISDIR):
		return errorResult("%s is a directory", shown)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent" {
		return errorResult("refused %s: it leads outside the workspace", shown)
	}
	return errorResult("%s: %v", shown, err)
}

// resolveError turns a Resolve failure into a model-readable result.
func resolveError(err error) Result {
	return errorResult("%v", err)
}

// pathOr returns path, or def when path is empty.
func pathOr(path, def string) string {
	if path == "" {
		return def
	}
	return path
}

// statIn stats real through the root (following symlinks inside it).
func (w *Workspace) statIn(real string) (fs.FileInfo, error) {
	return w.dir.Stat(w.rel(real))
}
