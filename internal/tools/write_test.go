package tools

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"old.txt": "old", "d/": ""})
	root := ws.Root()
	tests := []struct{ path, want string }{
		{"new.txt", "created new.txt (5 bytes)"},
		{"old.txt", "overwrote old.txt (5 bytes)"},
		{"a/b/c/deep.txt", "created a/b/c/deep.txt (5 bytes)"},
		{root + "/d/abs.txt", "created d/abs.txt (5 bytes)"},
	}
	for _, tt := range tests {
		if got := wantOK(t, call(WriteFile(ctx, ws, tt.path, "hello"))); got != tt.want {
			t.Errorf("WriteFile(%q) = %q, want %q", tt.path, got, tt.want)
		}
		real, _ := ws.Resolve(tt.path)
		if got := readBack(t, real); got != "hello" {
			t.Errorf("%s holds %q", tt.path, got)
		}
	}
}

func TestWriteFileKeepsMode(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"run.sh": "old"})
	p := filepath.Join(ws.Root(), "run.sh")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	wantOK(t, call(WriteFile(ctx, ws, "run.sh", "#!/bin/sh\n")))
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o755 {
		t.Errorf("mode = %v", info.Mode())
	}
}

func TestWriteFileThroughInsideSymlink(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"real.txt": "old"})
	symlink(t, "real.txt", filepath.Join(ws.Root(), "link.txt"))
	wantOK(t, call(WriteFile(ctx, ws, "link.txt", "new")))
	if got := readBack(t, filepath.Join(ws.Root(), "real.txt")); got != "new" {
		t.Errorf("real.txt = %q", got)
	}
}

func TestWriteFileErrors(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"d/x": "", "file": ""})
	wantError(t, call(WriteFile(ctx, ws, "d", "x")), "is a directory")
	wantError(t, call(WriteFile(ctx, ws, "file/child", "x")), "not a directory")
	wantError(t, call(WriteFile(ctx, ws, "", "x")), "empty path")
}

// TestWriteFileDirectory: the root and other directories are refused as
// directories, not as paths outside the workspace.
func TestWriteFileDirectory(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"d/": ""})
	for _, p := range []string{".", "d", ws.Root()} {
		wantError(t, call(WriteFile(ctx, ws, p, "x")), "is a directory; give the path of a file")
	}
}

// TestWriteFileKeepsLineEndings: an existing CRLF file stays CRLF, an LF
// file and a new file are written as given.
func TestWriteFileKeepsLineEndings(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"win.txt": "a\r\nb\r\n", "unix.txt": "a\nb\n"})
	got := wantOK(t, call(WriteFile(ctx, ws, "win.txt", "one\ntwo\r\nthree\n")))
	if got != "overwrote win.txt (17 bytes, CRLF line endings kept)" {
		t.Errorf("got %q", got)
	}
	if b := readBack(t, filepath.Join(ws.Root(), "win.txt")); b != "one\r\ntwo\r\nthree\r\n" {
		t.Errorf("win.txt holds %q", b)
	}
	wantOK(t, call(WriteFile(ctx, ws, "unix.txt", "x\ny\n")))
	if b := readBack(t, filepath.Join(ws.Root(), "unix.txt")); b != "x\ny\n" {
		t.Errorf("unix.txt holds %q", b)
	}
	wantOK(t, call(WriteFile(ctx, ws, "new.txt", "x\r\ny\n")))
	if b := readBack(t, filepath.Join(ws.Root(), "new.txt")); b != "x\r\ny\n" {
		t.Errorf("new.txt holds %q", b)
	}
}
