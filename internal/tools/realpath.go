package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// realPath resolves every symlink in the existing part of the clean,
// absolute path abs and appends the part that does not exist yet.
func realPath(abs string) (string, error) {
	existing, rest, err := splitExisting(abs)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s is a symlink whose target does not exist", existing)
		}
		return "", err
	}
	return filepath.Join(real, rest), nil
}

// splitExisting splits abs into its longest existing prefix (which may be
// a symlink) and the remaining, not yet existing, components.
func splitExisting(abs string) (existing, rest string, err error) {
	existing = abs
	for {
		_, err := os.Lstat(existing)
		if err == nil {
			return existing, rest, nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return "", "", err
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			return "", "", err
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
}
