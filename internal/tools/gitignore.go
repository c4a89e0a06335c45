package tools

import (
	"bufio"
	"bytes"
	"io"
	"path"
	"strings"
)

// maxIgnoreFileBytes is the largest .gitignore file read; the rest of a
// larger one is ignored.
const maxIgnoreFileBytes = 1 << 20

// ignoreRule is one pattern line of a .gitignore file.
type ignoreRule struct {
	pat     pattern
	negate  bool // "!pattern" re-includes
	dirOnly bool // "pattern/" matches directories only
	based   bool // the pattern has a "/" before its end: it matches paths relative to the file's directory, not base names
}

// ignoreFile holds the rules of one .gitignore, in file order.
type ignoreFile []ignoreRule

// parseIgnore reads the rules of a .gitignore as git does, for the subset
// Zero supports: blank lines and "#" comments are skipped, trailing spaces
// are dropped unless escaped, "\#" and "\!" start a literal "#" or "!", "!"
// negates, a trailing "/" matches directories only, a "/" elsewhere anchors
// the pattern to the file's directory, "**" matches any number of
// directories, and "[!...]" is a negated class. Lines that do not parse are
// skipped, as git skips them.
func parseIgnore(r io.Reader) ignoreFile {
	var rules ignoreFile
	sc := bufio.NewScanner(io.LimitReader(r, maxIgnoreFileBytes))
	sc.Buffer(nil, maxIgnoreFileBytes)
	for sc.Scan() {
		if rule, ok := parseIgnoreLine(sc.Text()); ok {
			rules = append(rules, rule)
		}
	}
	return rules
}

// parseIgnoreLine parses one line of a .gitignore.
func parseIgnoreLine(line string) (ignoreRule, bool) {
	line = trimIgnoreSpaces(strings.TrimSuffix(line, "\r"))
	var r ignoreRule
	switch {
	case line == "" || line[0] == '#':
		return r, false
	case line[0] == '!':
		r.negate, line = true, line[1:]
	case strings.HasPrefix(line, `\#`), strings.HasPrefix(line, `\!`):
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	r.based = strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	if line == "" {
		return r, false
	}
	pat, err := parsePattern(strings.ReplaceAll(line, "[!", "[^"))
	if err != nil {
		return r, false
	}
	r.pat = pat
	return r, true
}

// trimIgnoreSpaces drops trailing spaces that are not escaped with "\".
func trimIgnoreSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return s
}

// match reports whether the rules decide about rel (relative to the
// file's directory): ignored or re-included by the last rule that
// matches, and whether any rule matched at all.
func (f ignoreFile) match(rel string, isDir bool) (ignored, matched bool) {
	for i := len(f) - 1; i >= 0; i-- {
		r := f[i]
		if r.dirOnly && !isDir {
			continue
		}
		name := rel
		if !r.based {
			name = path.Base(rel)
		}
		if r.pat.match(name) {
			return !r.negate, true
		}
	}
	return false, false
}

// ignorer applies the .gitignore files of the directories a walk passes
// through: a file's rules apply to everything beneath its directory, and
// the rules of a deeper file take precedence, as in git. The rules of an
// ignored directory's contents are never consulted, since the walk skips
// the directory: as in git, a file inside an ignored directory cannot be
// re-included.
type ignorer struct {
	ws    *Workspace
	files map[string]ignoreFile // by directory, a slash path from the root ("." for the root)
	count int                   // entries ignored so far
}

func newIgnorer(ws *Workspace) *ignorer {
	return &ignorer{ws: ws, files: map[string]ignoreFile{}}
}

// load reads dir's .gitignore (dir is a slash path from the root), once.
// A missing or unreadable file, or one that is not a regular file, holds
// no rules.
func (ig *ignorer) load(dir string) {
	if _, ok := ig.files[dir]; ok {
		return
	}
	ig.files[dir] = nil
	name := path.Join(dir, ".gitignore")
	info, err := ig.ws.dir.Lstat(name)
	if err != nil || !info.Mode().IsRegular() {
		return
	}
	b, err := ig.ws.dir.ReadFile(name)
	if err != nil {
		return
	}
	ig.files[dir] = parseIgnore(bytes.NewReader(b))
}

// loadAbove reads the .gitignore files of base's ancestors inside the
// workspace and of base itself, so a walk that starts below the root
// still honours the root's rules.
func (ig *ignorer) loadAbove(base string) {
	base = path.Clean(base)
	ig.load(".")
	if base == "." {
		return
	}
	parts := strings.Split(base, "/")
	for i := range parts {
		ig.load(strings.Join(parts[:i+1], "/"))
	}
}

// ignored reports whether p (a slash path from the root) is ignored by the
// .gitignore files of its ancestors, the deepest deciding first. It
// counts what it ignores.
func (ig *ignorer) ignored(p string, isDir bool) bool {
	for dir := path.Dir(p); ; dir = path.Dir(dir) {
		if rules := ig.files[dir]; rules != nil {
			if ign, ok := rules.match(relTo(dir, p), isDir); ok {
				if ign {
					ig.count++
				}
				return ign
			}
		}
		if dir == "." {
			return false
		}
	}
}
