package tools

import (
	"context"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// ListDirectory lists the entries of the directory at path ("" means the
// workspace root), sorted by name, one per line. Directories end in "/",
// symlinks in "@"; other entries are shown as they are.
func ListDirectory(ctx context.Context, ws *Workspace, path string) (Result, error) {
	real, err := ws.Resolve(pathOr(path, "."))
	if err != nil {
		return resolveError(err), nil
	}
	shown := ws.display(real)
	f, err := ws.open(real, os.O_RDONLY, 0)
	if err != nil {
		return openError(shown, err), nil
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && !info.IsDir() {
		return errorResult("%s is a file, not a directory; use read_file to read it", shown), nil
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		return errorResult("listing %s: %v", shown, err), nil
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if len(entries) == 0 {
		return Result{Output: "[" + shown + " is empty]"}, nil
	}
	return finish(strings.Join(entryNames(entries), "\n")+"\n", false), nil
}

// entryNames returns the sorted names of entries, marked by type.
func entryNames(entries []fs.DirEntry) []string {
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name()+typeMark(e.Type()))
	}
	slices.Sort(names)
	return names
}

// typeMark is "/" for directories, "@" for symlinks and "" otherwise.
func typeMark(t fs.FileMode) string {
	switch {
	case t.IsDir():
		return "/"
	case t&fs.ModeSymlink != 0:
		return "@"
	}
	return ""
}
