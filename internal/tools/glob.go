package tools

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// MaxGlobResults is the most paths Glob returns.
const MaxGlobResults = 1000

// Glob lists the files and directories under path ("" means the root)
// whose path relative to path matches pattern. "**" as a whole segment
// matches any number of directories, so "**/*.go" finds Go files at any
// depth and "cmd/**" everything under cmd. Other segments use path.Match
// syntax, and braces give alternatives ("*.{go,md}", "{cmd,internal}/**").
// Results are sorted, relative to the workspace root, directories
// end in "/"; a pattern ending in "/" matches directories only. .git
// directories are skipped and symlinks are not followed.
func Glob(ctx context.Context, ws *Workspace, pattern, path string) (Result, error) {
	pat, res, ok := checkGlob(pattern)
	if !ok {
		return res, nil
	}
	base, res, ok := resolveDir(ws, pathOr(path, "."))
	if !ok {
		return res, nil
	}
	found, limited, err := globWalk(ctx, ws, base, pat, strings.HasSuffix(pattern, "/"))
	if err != nil {
		return Result{}, err
	}
	return globResult(found, pattern, limited), nil
}

// checkGlob parses pattern, refusing absolute patterns and "..".
func checkGlob(glob string) (globSet, Result, bool) {
	if strings.HasPrefix(glob, "/") {
		return nil, errorResult("glob pattern %q must be relative; pass the directory to search as path", glob), false
	}
	if slices.Contains(strings.Split(glob, "/"), "..") {
		return nil, errorResult("glob pattern %q must not contain ..; pass the directory to search as path", glob), false
	}
	pat, err := parseGlobSet(glob)
	if err != nil {
		return nil, errorResult("%v", err), false
	}
	return pat, Result{}, true
}

// resolveDir resolves path and requires a directory; it returns the
// directory relative to the root as a slash path.
func resolveDir(ws *Workspace, p string) (string, Result, bool) {
	real, err := ws.Resolve(p)
	if err != nil {
		return "", resolveError(err), false
	}
	shown := ws.display(real)
	info, err := ws.statIn(real)
	if err != nil {
		return "", openError(shown, err), false
	}
	if !info.IsDir() {
		return "", errorResult("%s is not a directory", shown), false
	}
	return shown, Result{}, true
}

// globWalk collects the matches of pat under base, sorted; dirsOnly
// keeps only directories.
func globWalk(ctx context.Context, ws *Workspace, base string, pat globSet, dirsOnly bool) ([]string, bool, error) {
	var found []string
	limited, err := ws.walk(ctx, base, nil, func(rel string, d fs.DirEntry) error {
		if pat.match(rel) && (d.IsDir() || !dirsOnly) {
			found = append(found, joinSlash(base, rel)+typeMark(d.Type()&fs.ModeDir))
			if len(found) > MaxGlobResults {
				return fs.SkipAll
			}
		}
		if d.IsDir() && !pat.couldMatchUnder(rel) {
			return fs.SkipDir
		}
		return nil
	})
	slices.Sort(found)
	return found, limited, err
}

// globResult renders the matches; walkLimited reports that the walk
// stopped at maxWalkEntries.
func globResult(found []string, glob string, walkLimited bool) Result {
	note := ""
	switch {
	case len(found) > MaxGlobResults:
		found = found[:MaxGlobResults]
		note = fmt.Sprintf("[showing the first %d matches; use a narrower pattern or path]\n", MaxGlobResults)
	case walkLimited:
		note = fmt.Sprintf("[stopped after visiting %d entries; use a narrower pattern or path]\n", maxWalkEntries)
	case len(found) == 0:
		return Result{Output: fmt.Sprintf("[no paths match %s]", glob)}
	}
	out := strings.Join(found, "\n") + "\n"
	if len(found) == 0 {
		out = ""
	}
	return finish(out+note, note != "")
}
