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
		{"all", `func \w+\(`, "", "", false, "internal/x/x.go:3:func run() {}\nmain.go:3:func main() {\nrun.go:4:func Run() {}\n"},
		{"fold", "^run", "docs", "", true, "docs/notes.md:1:run the tests\ndocs/notes.md:2:RUN AGAIN\n"},
		{"case", "^run", "docs", "", false, "docs/notes.md:1:run the tests\n"},
		{"base glob", "package", "", "*_test.go", false, "internal/x/x_test.go:1:package x\n"},
		{"path glob", "package", "", "internal/**/*.go", false, "internal/x/x.go:1:package x\ninternal/x/x_test.go:1:package x\n"},
		{"relative to path", "package", "internal", "x/*.go", false, "internal/x/x.go:1:package x\ninternal/x/x_test.go:1:package x\n"},
		{"one file", "Run", "run.go", "", false, "run.go:3:// Run runs.\nrun.go:4:func Run() {}\n"},
		{"none", "nomatch", "", "", false, "[no matches for nomatch in 6 files]"},
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

func TestGrepClipsLongLines(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"long.txt": "needle" + strings.Repeat("x", 5000) + "\n"})
	got := wantOK(t, call(Grep(ctx, ws, "needle", "", "", false, 0)))
	if len(got) > maxGrepLineBytes+40 || !strings.HasSuffix(got, "…\n") {
		t.Errorf("row is %d bytes: %.60q", len(got), got)
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
