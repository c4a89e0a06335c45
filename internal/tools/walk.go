package tools

import (
	"context"
	"errors"
	"io/fs"
	"path"
)

// maxWalkEntries bounds how many directory entries one glob or grep visits.
const maxWalkEntries = 200_000

// errWalkLimit stops a walk that reached maxWalkEntries.
var errWalkLimit = errors.New("walk limit reached")

// visitFunc is called for every entry below the walk's base, with its path
// relative to the base. Returning fs.SkipDir or fs.SkipAll works as in
// fs.WalkDir.
type visitFunc func(rel string, d fs.DirEntry) error

// walk visits the tree under base (a path relative to the root) through the
// workspace's os.Root in lexical order. It skips .git directories and does
// not follow symlinks; unreadable directories are skipped. With an ignorer
// it also skips what .gitignore files exclude (base itself is always
// walked, as ripgrep searches a path it is given). It reports whether it
// stopped at maxWalkEntries.
func (w *Workspace) walk(ctx context.Context, base string, ig *ignorer, visit visitFunc) (limited bool, err error) {
	if ig != nil {
		ig.loadAbove(base)
	}
	seen := 0
	err = fs.WalkDir(w.dir.FS(), path.Clean(base), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return skipUnreadable(d)
		}
		if seen++; seen > maxWalkEntries {
			return errWalkLimit
		}
		if seen%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if p == path.Clean(base) {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return fs.SkipDir
		}
		if ig != nil && ig.ignored(p, d.IsDir()) {
			return skipEntry(d)
		}
		if ig != nil && d.IsDir() {
			ig.load(p)
		}
		return visit(relTo(base, p), d)
	})
	if errors.Is(err, errWalkLimit) {
		return true, nil
	}
	return false, err
}

// skipEntry leaves out d: the whole tree below it when it is a directory.
func skipEntry(d fs.DirEntry) error {
	if d.IsDir() {
		return fs.SkipDir
	}
	return nil
}

// skipUnreadable keeps a walk going past an entry it could not read.
func skipUnreadable(d fs.DirEntry) error {
	if d != nil && d.IsDir() {
		return fs.SkipDir
	}
	return nil
}

// relTo returns p relative to base; both are slash paths from the root.
func relTo(base, p string) string {
	base = path.Clean(base)
	if base == "." {
		return p
	}
	return p[len(base)+1:]
}

// joinSlash joins a base and a relative slash path, dropping a "." base.
func joinSlash(base, rel string) string {
	if base == "." || base == "" {
		return rel
	}
	return base + "/" + rel
}
