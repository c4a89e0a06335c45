package tools

import (
	"path/filepath"
	"testing"
)

func TestEditFile(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"f.go": "package f\n\nfunc A() {}\nfunc B() {}\n"})
	got := wantOK(t, call(EditFile(ctx, ws, "f.go", "func B() {}", "func B() int { return 1 }")))
	if got != "edited f.go: replaced 1 occurrence starting at line 4" {
		t.Errorf("EditFile = %q", got)
	}
	want := "package f\n\nfunc A() {}\nfunc B() int { return 1 }\n"
	if got := readBack(t, filepath.Join(ws.Root(), "f.go")); got != want {
		t.Errorf("file = %q, want %q", got, want)
	}
	wantOK(t, call(EditFile(ctx, ws, "f.go", "\nfunc A() {}\n", "\n")))
	if got := readBack(t, filepath.Join(ws.Root(), "f.go")); got != "package f\n\nfunc B() int { return 1 }\n" {
		t.Errorf("after delete: %q", got)
	}
}

func TestEditFileErrors(t *testing.T) {
	const src = "a := 1\na := 1\na := 1\nb := 2\n"
	ws, _ := newTestWorkspace(t, map[string]string{"f.go": src, "d/": ""})
	wantError(t, call(EditFile(ctx, ws, "f.go", "a := 1", "a := 2")), "occurs 3 times", "more surrounding lines")
	wantError(t, call(EditFile(ctx, ws, "f.go", "c := 3", "c := 4")), "not found", "whitespace")
	wantError(t, call(EditFile(ctx, ws, "f.go", "", "x")), "empty", "write_file")
	wantError(t, call(EditFile(ctx, ws, "f.go", "b := 2", "b := 2")), "identical")
	wantError(t, call(EditFile(ctx, ws, "missing.go", "x", "y")), "does not exist")
	wantError(t, call(EditFile(ctx, ws, "d", "x", "y")), "directory")
	if got := readBack(t, filepath.Join(ws.Root(), "f.go")); got != src {
		t.Errorf("failed edits changed the file: %q", got)
	}
}

// TestEditFileLineEndings: text copied from read_file (LF) edits a CRLF
// file, the replacement is written with CRLF, and a mixed file still
// matches text given with its own endings.
func TestEditFileLineEndings(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{
		"win.txt":   "first\r\nsecond\r\nthird\r\n",
		"mixed.txt": "a\nb\r\nc\n",
	})
	got := wantOK(t, call(EditFile(ctx, ws, "win.txt", "first\nsecond\n", "1\n2\n2b\n")))
	if got != "edited win.txt: replaced 1 occurrence starting at line 1" {
		t.Errorf("got %q", got)
	}
	if b := readBack(t, filepath.Join(ws.Root(), "win.txt")); b != "1\r\n2\r\n2b\r\nthird\r\n" {
		t.Errorf("win.txt holds %q", b)
	}
	wantOK(t, call(EditFile(ctx, ws, "mixed.txt", "b\r\nc", "B\r\nC")))
	if b := readBack(t, filepath.Join(ws.Root(), "mixed.txt")); b != "a\nB\nC\n" {
		t.Errorf("mixed.txt holds %q", b)
	}
	wantError(t, call(EditFile(ctx, ws, "win.txt", "third\nfourth", "x")), "not found")
}

// TestEditFileRedactedText: text holding a redaction marker, copied from a
// resumed session's history, is refused with advice to read the file again.
func TestEditFileRedactedText(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"cfg.env": "API_KEY=sk-live-123\nDEBUG=1\n"})
	wantError(t, call(EditFile(ctx, ws, "cfg.env", "API_KEY=[REDACTED:credential]\nDEBUG=1", "x")), "holds a redaction marker ([REDACTED...): the text you copied had a secret removed")
}
