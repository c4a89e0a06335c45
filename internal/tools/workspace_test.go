package tools

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestNewWorkspaceResolvesRoot(t *testing.T) {
	base, _ := filepath.EvalSymlinks(t.TempDir())
	real := filepath.Join(base, "real")
	mkdirs(t, real)
	symlink(t, real, filepath.Join(base, "link"))
	ws, err := NewWorkspace(filepath.Join(base, "link"))
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if ws.Root() != real {
		t.Errorf("Root() = %q, want %q", ws.Root(), real)
	}
}

func TestNewWorkspaceRefusesFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	writeTree(t, filepath.Dir(f), map[string]string{"f": "x"})
	if _, err := NewWorkspace(f); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("NewWorkspace(file) error = %v, want not a directory", err)
	}
	if _, err := NewWorkspace(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("NewWorkspace(missing) succeeded")
	}
}

func TestResolveAccepts(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"a/b.txt": "x", "c.txt": "y"})
	root := ws.Root()
	symlink(t, "a", filepath.Join(root, "inlink"))
	symlink(t, filepath.Join(root, "c.txt"), filepath.Join(root, "abslink"))
	tests := []struct{ in, want string }{
		{".", root},
		{"a/b.txt", root + "/a/b.txt"},
		{"./a/../c.txt", root + "/c.txt"},
		{"new/dir/file.go", root + "/new/dir/file.go"},
		{root + "/a", root + "/a"},
		{root, root},
		{"inlink/b.txt", root + "/a/b.txt"},
		{"inlink/new.txt", root + "/a/new.txt"},
		{"abslink", root + "/c.txt"},
		{"c.txt/under", root + "/c.txt/under"},
	}
	for _, tt := range tests {
		got, err := ws.Resolve(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestResolveRefuses(t *testing.T) {
	ws, outside := newTestWorkspace(t, map[string]string{"a/b.txt": "x"})
	root := ws.Root()
	symlink(t, outside, filepath.Join(root, "out"))
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(root, "a", "outfile"))
	symlink(t, "../../outside/dir", filepath.Join(root, "a", "relout"))
	symlink(t, filepath.Join(root, "missing-target"), filepath.Join(root, "dangling"))
	symlink(t, "loop2", filepath.Join(root, "loop1"))
	symlink(t, "loop1", filepath.Join(root, "loop2"))
	tests := []struct{ in, want string }{
		{"", "empty path"},
		{"..", "escapes the workspace"},
		{"../outside/secret.txt", "escapes the workspace"},
		{"a/../../x", "escapes the workspace"},
		{"/etc/passwd", "outside the workspace"},
		{outside + "/secret.txt", "outside the workspace"},
		{root + "/../outside", "outside the workspace"},
		{"out", "through a symlink"},
		{"out/secret.txt", "through a symlink"},
		{"out/newfile", "through a symlink"},
		{"a/outfile", "through a symlink"},
		{"a/relout/secret.txt", "through a symlink"},
		{root + "/out/secret.txt", "through a symlink"},
		{"dangling", "does not exist"},
		{"loop1", "loop1"},
		{"a\x00b", "NUL"},
		{strings.Repeat("d/", 2049), "too long"},
		{strings.Repeat("x", 256), "too long"},
		{"a/" + strings.Repeat("y", 300) + "/b", "too long"},
		{strings.Repeat("abcdefgh/", 455) + "x", "too long once joined"},
	}
	for _, tt := range tests {
		got, err := ws.Resolve(tt.in)
		if err == nil {
			t.Errorf("Resolve(%.40q) = %q, want error", tt.in, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Resolve(%.40q) error = %v, want it to mention %q", tt.in, err, tt.want)
		}
	}
}

func TestResolveLongPathLimitsAreInclusive(t *testing.T) {
	ws, _ := newTestWorkspace(t, nil)
	if _, err := ws.Resolve(strings.Repeat("x", MaxComponentBytes)); err != nil {
		t.Errorf("component of exactly %d bytes: %v", MaxComponentBytes, err)
	}
}

func TestWithin(t *testing.T) {
	tests := []struct {
		root, path string
		want       bool
	}{
		{"/r", "/r", true},
		{"/r", "/r/a", true},
		{"/r", "/ra", false},
		{"/r", "/", false},
		{"/", "/x", true},
	}
	for _, tt := range tests {
		if got := within(tt.root, tt.path); got != tt.want {
			t.Errorf("within(%q, %q) = %v", tt.root, tt.path, got)
		}
	}
}
