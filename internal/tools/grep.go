package tools

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// Grep limits.
const (
	// DefaultGrepResults is how many matching lines Grep returns when
	// maxResults is 0; MaxGrepResults caps larger requests.
	DefaultGrepResults = 200
	MaxGrepResults     = 2000
	// MaxGrepFiles is the most files one Grep call reads.
	MaxGrepFiles = 5000
	// MaxGrepFileBytes is the largest file Grep reads; larger files are skipped.
	MaxGrepFileBytes = 8 << 20
	// maxGrepLineBytes is how much of a matching line a row shows.
	maxGrepLineBytes = 400
)

// grepQuery is one Grep call's settings.
type grepQuery struct {
	re    *regexp.Regexp
	glob  pattern // nil: every file
	limit int
}

// grepState accumulates rows and counts while Grep walks.
type grepState struct {
	rows    []string
	files   int
	skipped int
	full    bool // stopped at the result limit
	capped  bool // stopped at MaxGrepFiles
}

// Grep searches files under path ("" means the root; a file searches just
// that file) for lines matching the RE2 regular expression pattern and
// returns "file:line:text" rows, file relative to the root. glob, when set,
// filters files: a pattern without "/" matches the base name ("*.go"), one
// with "/" the path relative to path ("internal/**/*.go"). Binary files,
// files over MaxGrepFileBytes, .git directories and symlinks are skipped.
// maxResults (0 means DefaultGrepResults, at most MaxGrepResults) bounds
// the rows; at most MaxGrepFiles files are read.
func Grep(ctx context.Context, ws *Workspace, pattern, path, glob string, caseInsensitive bool, maxResults int) (Result, error) {
	q, res, ok := newGrepQuery(pattern, glob, caseInsensitive, maxResults)
	if !ok {
		return res, nil
	}
	real, err := ws.Resolve(pathOr(path, "."))
	if err != nil {
		return resolveError(err), nil
	}
	st := &grepState{}
	if err := grepTree(ctx, ws, real, q, st); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return errorResult("%s does not exist", ws.display(real)), nil
		}
		return Result{}, err
	}
	return st.result(pattern, q.limit), nil
}

// newGrepQuery compiles the expression and the glob and bounds the limit.
func newGrepQuery(expr, glob string, fold bool, limit int) (grepQuery, Result, bool) {
	if limit < 0 {
		return grepQuery{}, errorResult("max results must not be negative (got %d)", limit), false
	}
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return grepQuery{}, errorResult("bad regular expression (RE2 syntax): %v", err), false
	}
	q := grepQuery{re: re, limit: min(cmp.Or(limit, DefaultGrepResults), MaxGrepResults)}
	if glob != "" {
		if q.glob, err = parsePattern(glob); err != nil {
			return grepQuery{}, errorResult("%v", err), false
		}
	}
	return q, Result{}, true
}

// grepTree searches real, a file or a directory.
func grepTree(ctx context.Context, ws *Workspace, real string, q grepQuery, st *grepState) error {
	info, err := ws.statIn(real)
	if err != nil {
		return err
	}
	shown := ws.display(real)
	if !info.IsDir() {
		return grepFile(ws, shown, q, st)
	}
	_, err = ws.walk(ctx, shown, func(rel string, d fs.DirEntry) error {
		if !d.Type().IsRegular() || !q.wants(rel) {
			return nil
		}
		if st.files >= MaxGrepFiles {
			st.capped = true
			return fs.SkipAll
		}
		if err := grepFile(ws, joinSlash(shown, rel), q, st); err != nil {
			return err
		}
		if st.full {
			return fs.SkipAll
		}
		return nil
	})
	return err
}

// wants reports whether the glob filter admits rel (relative to the base).
func (q grepQuery) wants(rel string) bool {
	if q.glob == nil {
		return true
	}
	if len(q.glob) == 1 {
		return q.glob.match(path.Base(rel))
	}
	return q.glob.match(rel)
}

// grepFile searches one file, named by its slash path from the root.
func grepFile(ws *Workspace, name string, q grepQuery, st *grepState) error {
	f, err := ws.dir.Open(name)
	if err != nil {
		st.skipped++
		return nil
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() || info.Size() > MaxGrepFileBytes {
		st.skipped++
		return nil
	}
	st.files++
	return grepLines(newReader(f), name, q, st)
}

// grepLines scans r line by line, appending matching rows.
func grepLines(r *bufio.Reader, name string, q grepQuery, st *grepState) error {
	if isBinary(r) {
		return nil
	}
	for n := 1; ; n++ {
		line, err := readLine(r)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil
		}
		if !q.re.MatchString(line) {
			continue
		}
		if len(st.rows) == q.limit {
			st.full = true
			return nil
		}
		st.rows = append(st.rows, fmt.Sprintf("%s:%d:%s", name, n, clipLine(line)))
	}
}

// clipLine shortens a matching line for display.
func clipLine(line string) string {
	if len(line) <= maxGrepLineBytes {
		return line
	}
	return cutUTF8(line, maxGrepLineBytes) + "…"
}

// result renders the rows and notes about the limits that were hit.
func (st *grepState) result(expr string, limit int) Result {
	var notes []string
	if st.full {
		notes = append(notes, fmt.Sprintf("[stopped at %d matches; narrow the pattern, path or glob, or raise max results]", limit))
	}
	if st.capped {
		notes = append(notes, fmt.Sprintf("[stopped after reading %d files; narrow the path or glob]", MaxGrepFiles))
	}
	if len(st.rows) == 0 && len(notes) == 0 {
		return Result{Output: fmt.Sprintf("[no matches for %s in %d files]", expr, st.files)}
	}
	out := strings.Join(append(st.rows, notes...), "\n") + "\n"
	return finish(out, len(notes) > 0)
}
