package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Path limits enforced by Resolve.
const (
	// MaxPathBytes is the longest path Resolve accepts, before and after
	// joining it to the root.
	MaxPathBytes = 4096
	// MaxComponentBytes is the longest single path component Resolve accepts.
	MaxComponentBytes = 255
)

// Workspace is the directory tree the file tools may touch. Its root is an
// absolute, symlink-resolved directory held open for the workspace's
// lifetime; Close releases it.
type Workspace struct {
	root string
	dir  *os.Root
	// reader and writer, when set, stand in for the disk in the file tools
	// (UseEditor).
	reader TextReader
	writer TextWriter
}

// NewWorkspace opens dir as a workspace. dir is made absolute and its
// symlinks are resolved, so the root never changes meaning later.
func NewWorkspace(dir string) (*Workspace, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	info, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("workspace %s: not a directory", dir)
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	return &Workspace{root: real, dir: root}, nil
}

// Root returns the workspace's absolute, symlink-resolved root directory.
func (w *Workspace) Root() string { return w.root }

// Close releases the directory handle the workspace holds.
func (w *Workspace) Close() error { return w.dir.Close() }

// Resolve maps a path given by the model to an absolute, symlink-free path
// inside the workspace. Relative paths are taken relative to the root;
// absolute paths must lie inside it. The path need not exist: the existing
// part is resolved and the rest appended. Resolve refuses, with an error
// that says why, paths that escape through `..`, absolute paths outside the
// root, paths with a symlink that leads outside, dangling symlinks, and
// paths longer than MaxPathBytes or with a component longer than
// MaxComponentBytes.
func (w *Workspace) Resolve(path string) (string, error) {
	if err := checkPath(path); err != nil {
		return "", err
	}
	joined := w.join(path)
	if len(joined) > MaxPathBytes {
		return "", fmt.Errorf("path %q is too long once joined to the workspace root (%d bytes, limit %d)", path, len(joined), MaxPathBytes)
	}
	if !filepath.IsAbs(path) && !within(w.root, joined) {
		return "", fmt.Errorf("path %q escapes the workspace root %s through a \"..\" element", path, w.root)
	}
	real, err := realPath(joined)
	if err != nil {
		return "", fmt.Errorf("path %q: %w", path, err)
	}
	if within(w.root, real) {
		return real, nil
	}
	if filepath.IsAbs(path) && !within(w.root, joined) {
		return "", fmt.Errorf("path %q is outside the workspace root %s", path, w.root)
	}
	return "", fmt.Errorf("path %q leads outside the workspace root %s through a symlink (it resolves to %s)", path, w.root, real)
}

// join makes path absolute against the root and cleans it.
func (w *Workspace) join(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(w.root, path)
}

// rel returns real, a path inside the root, relative to the root.
func (w *Workspace) rel(real string) string {
	r, err := filepath.Rel(w.root, real)
	if err != nil {
		return "."
	}
	return r
}

// display returns real as the model should see it: relative to the root,
// with forward slashes.
func (w *Workspace) display(real string) string {
	return filepath.ToSlash(w.rel(real))
}

// checkPath enforces the length limits and refuses empty paths and NUL bytes.
func checkPath(path string) error {
	switch {
	case path == "":
		return errors.New("empty path")
	case strings.IndexByte(path, 0) >= 0:
		return fmt.Errorf("path %q contains a NUL byte", path)
	case len(path) > MaxPathBytes:
		return fmt.Errorf("path is too long (%d bytes, limit %d)", len(path), MaxPathBytes)
	}
	for _, c := range strings.Split(filepath.ToSlash(path), "/") {
		if len(c) > MaxComponentBytes {
			// The whole path is quoted, not a cut piece of it: a piece of a
			// secret no longer looks like one, and redaction would miss it.
			return fmt.Errorf("path %q has a component that is too long (%d bytes, limit %d)", path, len(c), MaxComponentBytes)
		}
	}
	return nil
}

// within reports whether path is root or lies beneath it. Both must be
// clean and absolute.
func within(root, path string) bool {
	if path == root {
		return true
	}
	prefix := root
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	return strings.HasPrefix(path, prefix)
}
