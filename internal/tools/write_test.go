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
