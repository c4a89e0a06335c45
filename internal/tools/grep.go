package tools

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strings"
	"unicode/utf8"
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
	glob  globSet // nil: every file
	limit int
}

// grepState accumulates rows and counts while Grep walks.
type grepState struct {
	rows    []string
	files   int      // text files searched
	binary  int      // binary files left out
	skipped []string // files not searched, each with the reason
	ignored *ignorer // .gitignore rules of the walk; nil for a single file
	full    bool     // stopped at the result limit
	capped  bool     // stopped at MaxGrepFiles
}

// Grep searches files under path ("" means the root; a file searches just
// that file) for lines matching the RE2 regular expression pattern and
// returns "file:line:text" rows, file relative to the root. glob, when set,
// filters files: a pattern without "/" matches the base name ("*.go"), one
// with "/" the path relative to path ("internal/**/*.go"); braces give
// alternatives ("*.{go,md}"). Each line is matched whole, however long; only
// the text a row shows is clipped, to a window around the first match.
// Walking a directory skips .git directories, symlinks and what .gitignore
// files exclude (see ignorer); binary files and files over MaxGrepFileBytes
// are not searched, and the result says so, naming each over-large file.
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
		if q.glob, err = parseGlobSet(glob); err != nil {
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
	st.ignored = newIgnorer(ws)
	_, err = ws.walk(ctx, shown, st.ignored, func(rel string, d fs.DirEntry) error {
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
	return q.glob.matchFile(rel)
}

// grepFile searches one file, named by its slash path from the root.
func grepFile(ws *Workspace, name string, q grepQuery, st *grepState) error {
	f, err := ws.dir.Open(name)
	if err != nil {
		st.skip(name, openError(name, err).Output)
		return nil
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		st.skip(name, err.Error())
		return nil
	case !info.Mode().IsRegular():
		st.skip(name, "not a regular file")
		return nil
	case info.Size() > MaxGrepFileBytes:
		st.skip(name, fmt.Sprintf("%d bytes, over grep's limit of %d bytes; search it with bash (grep -n)", info.Size(), MaxGrepFileBytes))
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxGrepFileBytes+1))
	if err != nil {
		st.skip(name, err.Error())
		return nil
	}
	if bytes.IndexByte(data[:min(len(data), binarySniffBytes)], 0) >= 0 {
		st.binary++
		return nil
	}
	st.files++
	grepLines(data, name, q, st)
	return nil
}

// skip records a file that was not searched.
func (st *grepState) skip(name, why string) {
	st.skipped = append(st.skipped, name+": "+why)
}

// grepLines matches every whole line of data, appending a row for each
// match until the result limit.
func grepLines(data []byte, name string, q grepQuery, st *grepState) {
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		m := q.re.FindIndex(line)
		if m == nil {
			continue
		}
		if len(st.rows) == q.limit {
			st.full = true
			return
		}
		st.rows = append(st.rows, fmt.Sprintf("%s:%d:%s", name, n, showMatch(string(line), m[0])))
	}
}

// showMatch returns what a row shows of a matching line: the whole line
// when it is at most maxGrepLineBytes long, else a window of about that
// size around the match at byte at, with "…" where text was left out and a
// note of the line's length. The window's edges move outwards to whole
// UTF-8 characters and whole tokens (see tokenStart), so no piece of a
// credential too short to recognise is shown.
func showMatch(line string, at int) string {
	if len(line) <= maxGrepLineBytes {
		return line
	}
	lo := max(0, min(at-maxGrepLineBytes/4, len(line)-maxGrepLineBytes))
	hi := min(len(line), lo+maxGrepLineBytes)
	for lo > 0 && !utf8.RuneStart(line[lo]) {
		lo--
	}
	for hi < len(line) && !utf8.RuneStart(line[hi]) {
		hi++
	}
	lo, hi = tokenStart(line, lo), tokenEnd(line, hi)
	text := line[lo:hi]
	if lo > 0 {
		text = "…" + text
	}
	if hi < len(line) {
		text += "…"
	}
	return fmt.Sprintf("%s [line of %d bytes, bytes %d-%d shown]", text, len(line), lo+1, hi)
}

// maxSkipNotes is how many skipped files a result names one by one.
const maxSkipNotes = 20

// result renders the rows and notes about what was not searched and the
// limits that were hit.
func (st *grepState) result(expr string, limit int) Result {
	notes := st.skipNotes()
	if st.full {
		notes = append(notes, fmt.Sprintf("[stopped at %d matches; narrow the pattern, path or glob, or raise max results]", limit))
	}
	if st.capped {
		notes = append(notes, fmt.Sprintf("[stopped after reading %d files; narrow the path or glob]", MaxGrepFiles))
	}
	incomplete := st.full || st.capped || len(st.skipped) > 0
	if len(st.rows) == 0 {
		notes = append([]string{fmt.Sprintf("[no matches for %s in %d files]", expr, st.files)}, notes...)
	}
	out := strings.Join(append(st.rows, notes...), "\n") + "\n"
	if len(st.rows) == 0 && len(notes) == 1 {
		out = notes[0]
	}
	return finish(out, incomplete)
}

// skipNotes says which files were not searched and why.
func (st *grepState) skipNotes() []string {
	var notes []string
	for i, s := range st.skipped {
		if i == maxSkipNotes {
			notes = append(notes, fmt.Sprintf("[and %d more files not searched]", len(st.skipped)-i))
			break
		}
		notes = append(notes, "[not searched: "+s+"]")
	}
	if st.binary > 0 {
		notes = append(notes, fmt.Sprintf("[%s not searched]", plural(st.binary, "binary file")))
	}
	if n := st.ignoredCount(); n > 0 {
		notes = append(notes, fmt.Sprintf("[%s excluded by .gitignore not searched; pass one as path to search it]", plural(n, "path")))
	}
	return notes
}

// ignoredCount is how many entries the walk left out for .gitignore.
func (st *grepState) ignoredCount() int {
	if st.ignored == nil {
		return 0
	}
	return st.ignored.count
}

// plural returns "1 file" or "n files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
