package tools

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

var globTree = map[string]string{
	"main.go":                  "",
	"README.md":                "",
	"cmd/zero/main.go":         "",
	"cmd/zero/main_test.go":    "",
	"internal/a/a.go":          "",
	"internal/a/deep/b/c.go":   "",
	"internal/a/deep/b/c.txt":  "",
	"internal/testdata/x.json": "",
	".git/HEAD":                "",
	".git/objects/aa.go":       "",
	"vendor/.git/config.go":    "",
	"docs/":                    "",
}

func TestGlob(t *testing.T) {
	ws, _ := newTestWorkspace(t, globTree)
	tests := []struct{ pattern, path, want string }{
		{"*.go", "", "main.go"},
		{"**/*.go", "", "cmd/zero/main.go cmd/zero/main_test.go internal/a/a.go internal/a/deep/b/c.go main.go"},
		{"cmd/**/*_test.go", "", "cmd/zero/main_test.go"},
		{"internal/**", "", "internal/ internal/a/ internal/a/a.go internal/a/deep/ internal/a/deep/b/ internal/a/deep/b/c.go internal/a/deep/b/c.txt internal/testdata/ internal/testdata/x.json"},
		{"**/b/*", "", "internal/a/deep/b/c.go internal/a/deep/b/c.txt"},
		{"internal/**/c.*", "", "internal/a/deep/b/c.go internal/a/deep/b/c.txt"},
		{"*/", "", "cmd/ docs/ internal/ vendor/"},
		{"*.go", "cmd/zero", "cmd/zero/main.go cmd/zero/main_test.go"},
		{"**/*.json", "internal", "internal/testdata/x.json"},
		{"[A-Z]*", "", "README.md"},
		{"**/HEAD", "", ""},
		{"**/deep/", "", "internal/a/deep/"},
	}
	for _, tt := range tests {
		got := wantOK(t, call(Glob(ctx, ws, tt.pattern, tt.path)))
		want := strings.ReplaceAll(tt.want, " ", "\n") + "\n"
		if tt.want == "" {
			want = "[no paths match " + tt.pattern + "]"
		}
		if got != want {
			t.Errorf("Glob(%q, %q) = %q, want %q", tt.pattern, tt.path, got, want)
		}
	}
}

func TestGlobErrors(t *testing.T) {
	ws, _ := newTestWorkspace(t, globTree)
	wantError(t, call(Glob(ctx, ws, "/etc/*", "")), "relative")
	wantError(t, call(Glob(ctx, ws, "../*", "")), "..")
	wantError(t, call(Glob(ctx, ws, "[", "")), "bad glob")
	wantError(t, call(Glob(ctx, ws, "", "")), "empty")
	wantError(t, call(Glob(ctx, ws, "*", "main.go")), "not a directory")
	wantError(t, call(Glob(ctx, ws, "*", "nope")), "does not exist")
}

func TestGlobLimit(t *testing.T) {
	files := map[string]string{}
	for i := range MaxGlobResults + 5 {
		files[fmt.Sprintf("f/%04d.txt", i)] = ""
	}
	ws, _ := newTestWorkspace(t, files)
	res := mustRun(t, call(Glob(ctx, ws, "**/*.txt", "")))
	if !res.Truncated || strings.Count(res.Output, ".txt\n") != MaxGlobResults {
		t.Errorf("truncated=%v, %d results", res.Truncated, strings.Count(res.Output, ".txt\n"))
	}
	if !strings.Contains(res.Output, "narrower") {
		t.Errorf("no note on the limit: ...%s", res.Output[len(res.Output)-80:])
	}
}

func TestGlobDoesNotEnterSymlinkedDirs(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"real/x.go": ""})
	symlink(t, "real", filepath.Join(ws.Root(), "alias"))
	if got := wantOK(t, call(Glob(ctx, ws, "**/*.go", ""))); got != "real/x.go\n" {
		t.Errorf("Glob = %q", got)
	}
}

func TestPatternMatch(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"**", "a", true},
		{"**", "a/b/c", true},
		{"**/*.go", "x.go", true},
		{"**/*.go", "a/b/x.go", true},
		{"**/*.go", "a/b/x.txt", false},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/x/y/c", false},
		{"a/**/**/b", "a/b", true},
		{"a/*", "a/b/c", false},
		{"*.go", "a/x.go", false},
		{"a/**", "a", true},
	}
	for _, tt := range tests {
		p, err := parsePattern(tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.match(tt.name); got != tt.want {
			t.Errorf("%q.match(%q) = %v", tt.pattern, tt.name, got)
		}
	}
}

func TestPatternCouldMatchUnder(t *testing.T) {
	tests := []struct {
		pattern, dir string
		want         bool
	}{
		{"cmd/*.go", "cmd", true},
		{"cmd/*.go", "internal", false},
		{"cmd/*.go", "cmd/zero", false},
		{"**/*.go", "a/b/c", true},
		{"a/**/x", "a/b", true},
		{"a/b/**", "a/c", false},
	}
	for _, tt := range tests {
		p, _ := parsePattern(tt.pattern)
		if got := p.couldMatchUnder(tt.dir); got != tt.want {
			t.Errorf("%q.couldMatchUnder(%q) = %v", tt.pattern, tt.dir, got)
		}
	}
}

func TestExpandBraces(t *testing.T) {
	tests := []struct {
		glob string
		want string
		err  string
	}{
		{"*.go", "*.go", ""},
		{"*.{go,md}", "*.go *.md", ""},
		{"{a,b}{1,2}", "a1 a2 b1 b2", ""},
		{"{a,{b,c}}/x", "a/x b/x c/x", ""},
		{"{x}.go", "{x}.go", ""},
		{`\{a,b}`, `\{a,b}`, ""},
		{"{a,}z", "az z", ""},
		{"{a,b", "", "unclosed {"},
		{strings.Repeat("{a,b}", 9), "", "more than 256"},
	}
	for _, tt := range tests {
		got, err := expandBraces(tt.glob)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want %q", tt.glob, err, tt.err)
			}
			continue
		}
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.glob, got, err, tt.want)
		}
	}
}

func TestGlobBraces(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"a.go": "", "b.md": "", "c.txt": "", "cmd/x.go": "", "internal/y.go": "", "other/z.go": ""})
	got := wantOK(t, call(Glob(ctx, ws, "*.{go,md}", "")))
	if got != "a.go\nb.md\n" {
		t.Errorf("got %q", got)
	}
	got = wantOK(t, call(Glob(ctx, ws, "{cmd,internal}/**/*.go", "")))
	if got != "cmd/x.go\ninternal/y.go\n" {
		t.Errorf("got %q", got)
	}
	wantError(t, call(Glob(ctx, ws, "{a,b", "")), "unclosed {")
}
