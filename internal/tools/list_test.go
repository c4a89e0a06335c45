package tools

import (
	"path/filepath"
	"testing"
)

func TestListDirectory(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{
		"b.txt": "", "a/x.go": "", "C/": "", ".hidden": "", "empty/": "",
	})
	symlink(t, "b.txt", filepath.Join(ws.Root(), "link"))
	tests := []struct{ path, want string }{
		{"", ".hidden\nC/\na/\nb.txt\nempty/\nlink@\n"},
		{".", ".hidden\nC/\na/\nb.txt\nempty/\nlink@\n"},
		{"a", "x.go\n"},
		{ws.Root() + "/a/", "x.go\n"},
		{"empty", "[empty is empty]"},
	}
	for _, tt := range tests {
		if got := wantOK(t, call(ListDirectory(ctx, ws, tt.path))); got != tt.want {
			t.Errorf("ListDirectory(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
	wantError(t, call(ListDirectory(ctx, ws, "b.txt")), "not a directory", "read_file")
	wantError(t, call(ListDirectory(ctx, ws, "nope")), "does not exist")
}
