package tools

import (
	"fmt"
	"strings"
	"testing"
)

var grepFixture = map[string]string{
	"main.go":              "package main\n\nfunc main() {\n\tRun()\n}\n",
	"run.go":               "package main\n\n// Run runs.\nfunc Run() {}\n",
	"docs/notes.md":        "run the tests\nRUN AGAIN\n",
	"internal/x/x.go":      "package x\n\nfunc run() {}\n",
	"internal/x/x_test.go": "package x\n",
	"bin.dat":              "func run\x00binary",
	".git/config":          "func run() in git\n",
}

func TestGrep(t *testing.T) {
	ws, _ := newTestWorkspace(t, grepFixture)
	tests := []struct {
		name, pattern, path, glob string
		fold                      bool
		want                      string
	}{
		{"all", `func \w+\(`, "", "", false, "internal/x/x.go:3:func run() {}\nmain.go:3:func main() {\nrun.go:4:func Run() {}\n[1 binary file not searched]\n"},
		{"fold", "^run", "docs", "", true, "docs/notes.md:1:run the tests\ndocs/notes.md:2:RUN AGAIN\n"},
		{"case", "^run", "docs", "", false, "docs/notes.md:1:run the tests\n"},
		{"base glob", "package", "", "*_test.go", false, "internal/x/x_test.go:1:package x\n"},
		{"path glob", "package", "", "internal/**/*.go", false, "internal/x/x.go:1:package x\ninternal/x/x_test.go:1:package x\n"},
		{"relative to path", "package", "internal", "x/*.go", false, "internal/x/x.go:1:package x\ninternal/x/x_test.go:1:package x\n"},
		{"one file", "Run", "run.go", "", false, "run.go:3:// Run runs.\nrun.go:4:func Run() {}\n"},
		{"none", "nomatch", "", "", false, "[no matches for nomatch in 5 files]\n[1 binary file not searched]\n"},
		{"braces", "package", "", "*.{md,go}", false, "internal/x/x.go:1:package x\ninternal/x/x_test.go:1:package x\nmain.go:1:package main\nrun.go:1:package main\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wantOK(t, call(Grep(ctx, ws, tt.pattern, tt.path, tt.glob, tt.fold, 0)))
			if got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestGrepErrors(t *testing.T) {
	ws, _ := newTestWorkspace(t, grepFixture)
	wantError(t, call(Grep(ctx, ws, "(", "", "", false, 0)), "bad regular expression")
	wantError(t, call(Grep(ctx, ws, "x", "", "[", false, 0)), "bad glob")
	wantError(t, call(Grep(ctx, ws, "x", "", "", false, -1)), "negative")
	wantError(t, call(Grep(ctx, ws, "x", "missing", "", false, 0)), "does not exist")
}

func TestGrepResultLimit(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"many.txt": strings.Repeat("hit\n", 50)})
	res := mustRun(t, call(Grep(ctx, ws, "hit", "", "", false, 10)))
	if !res.Truncated || strings.Count(res.Output, ":hit\n") != 10 || !strings.Contains(res.Output, "stopped at 10 matches") {
		t.Errorf("got truncated=%v output %q", res.Truncated, res.Output)
	}
	res = mustRun(t, call(Grep(ctx, ws, "hit", "", "", false, 0)))
	if res.Truncated || strings.Count(res.Output, ":hit\n") != 50 {
		t.Errorf("default limit: truncated=%v, %d rows", res.Truncated, strings.Count(res.Output, ":hit\n"))
	}
}

// TestGrepWholeLines: a long line is matched whole (a match at its end, an
// anchor at its end), the row shows a window around the match with a note
// of the line's length, and the note itself is never matched.
func TestGrepWholeLines(t *testing.T) {
	ys := strings.Repeat("y", 5000)
	ws, _ := newTestWorkspace(t, map[string]string{
		"min.js":   strings.Repeat("a=1;", 2000) + "needle();\n",
		"ys.txt":   ys + "\n",
		"crlf.txt": "end y\r\n",
	})
	got := wantOK(t, call(Grep(ctx, ws, "needle", "", "", false, 0)))
	if !strings.HasPrefix(got, "min.js:1:…") || !strings.Contains(got, "needle();") || !strings.Contains(got, "[line of 8009 bytes, bytes ") {
		t.Errorf("needle at the end of a long line: %q", got)
	}
	if len(got) > maxGrepLineBytes+300 {
		t.Errorf("row is %d bytes", len(got))
	}
	got = wantOK(t, call(Grep(ctx, ws, "y$", "", "", false, 0)))
	if !strings.HasPrefix(got, "crlf.txt:1:end y\nys.txt:1:…") {
		t.Errorf("y$: %q", got)
	}
	got = wantOK(t, call(Grep(ctx, ws, "truncated|shown", "", "", false, 0)))
	if !strings.HasPrefix(got, "[no matches") {
		t.Errorf("a clipping note matched: %q", got)
	}
}

func TestShowMatch(t *testing.T) {
	short := "short line"
	if got := showMatch(short, 0); got != short {
		t.Errorf("short line: %q", got)
	}
	// The window never cuts a token in two: a key near its edge is shown whole.
	key := "sk-" + strings.Repeat("K", 40)
	line := strings.Repeat("word ", 60) + "match " + strings.Repeat("z ", 200) + key + strings.Repeat(" tail", 100)
	got := showMatch(line, strings.Index(line, "match"))
	if strings.Contains(got, "KKK") && !strings.Contains(got, key) {
		t.Errorf("the window cut the key: %q", got)
	}
	if !strings.HasPrefix(got, "…") || !strings.Contains(got, "match") || !strings.Contains(got, fmt.Sprintf("[line of %d bytes", len(line))) {
		t.Errorf("window: %q", got)
	}
}

// TestGrepSkippedFiles: a file over the size limit is named with the
// reason, whether walked or named directly.
func TestGrepSkippedFiles(t *testing.T) {
	big := strings.Repeat("needle\n", MaxGrepFileBytes/7+1)
	ws, _ := newTestWorkspace(t, map[string]string{"big.txt": big, "small.txt": "needle\n"})
	res := mustRun(t, call(Grep(ctx, ws, "needle", "", "", false, 0)))
	if !res.Truncated || !strings.Contains(res.Output, "small.txt:1:needle\n") || !strings.Contains(res.Output, fmt.Sprintf("[not searched: big.txt: %d bytes, over grep's limit", len(big))) {
		t.Errorf("walk: truncated=%v %q", res.Truncated, res.Output)
	}
	res = mustRun(t, call(Grep(ctx, ws, "needle", "big.txt", "", false, 0)))
	if !strings.HasPrefix(res.Output, "[no matches for needle in 0 files]\n[not searched: big.txt: ") {
		t.Errorf("named: %q", res.Output)
	}
}

// TestGrepGitignore: .gitignore files are honoured as git reads them.
func TestGrepGitignore(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{
		".gitignore":              "node_modules/\n*.log\n!keep.log\n/build\ndocs/**/gen-*\n# comment\n\\#hash\n",
		"node_modules/x/index.js": "hit\n",
		"a.log":                   "hit\n",
		"keep.log":                "hit\n",
		"build/out.txt":           "hit\n",
		"src/build/b.txt":         "hit\n",
		"docs/a/gen-1.md":         "hit\n",
		"docs/a/real.md":          "hit\n",
		"#hash":                   "hit\n",
		"sub/.gitignore":          "local.txt\n!a.log\n",
		"sub/local.txt":           "hit\n",
		"sub/a.log":               "hit\n",
		"sub/other.txt":           "hit\n",
		".git/HEAD":               "hit\n",
	})
	got := wantOK(t, call(Grep(ctx, ws, "hit", "", "", false, 0)))
	want := "docs/a/real.md:1:hit\nkeep.log:1:hit\nsrc/build/b.txt:1:hit\nsub/a.log:1:hit\nsub/other.txt:1:hit\n" +
		"[6 paths excluded by .gitignore not searched; pass one as path to search it]\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = wantOK(t, call(Grep(ctx, ws, "hit", "node_modules", "", false, 0)))
	if got != "node_modules/x/index.js:1:hit\n" {
		t.Errorf("an ignored directory named as path: %q", got)
	}
	got = wantOK(t, call(Grep(ctx, ws, "hit", "sub", "", false, 0)))
	if got != "sub/a.log:1:hit\nsub/other.txt:1:hit\n[1 path excluded by .gitignore not searched; pass one as path to search it]\n" {
		t.Errorf("a walk below the root keeps the root's rules: %q", got)
	}
}

func TestGrepOutputLimit(t *testing.T) {
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat("needle "+strings.Repeat("y", 300)+"\n", 50)
	}
	ws, _ := newTestWorkspace(t, files)
	res := mustRun(t, call(Grep(ctx, ws, "needle", "", "", false, MaxGrepResults)))
	if !res.Truncated || len(res.Output) > MaxOutputBytes {
		t.Errorf("truncated=%v len=%d", res.Truncated, len(res.Output))
	}
}
