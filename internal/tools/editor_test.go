package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// buffers is an editor in memory: absolute path → text, with a log of the
// requests it got.
type buffers struct {
	text map[string]string
	log  []string
}

func (b *buffers) ReadText(_ context.Context, path string) (string, error) {
	b.log = append(b.log, "read "+path)
	t, ok := b.text[path]
	if !ok {
		return "", errors.New("no such buffer")
	}
	return t, nil
}

func (b *buffers) WriteText(_ context.Context, path, content string) error {
	b.log = append(b.log, "write "+path)
	b.text[path] = content
	return nil
}

func TestFileToolsThroughEditor(t *testing.T) {
	ws, outside := newTestWorkspace(t, map[string]string{"disk.txt": "on disk\n", "crlf.txt": "a\r\nb\r\n"})
	root := ws.Root()
	ed := &buffers{text: map[string]string{
		filepath.Join(root, "disk.txt"): "unsaved\nbuffer\n",
		filepath.Join(root, "crlf.txt"): "a\r\nb\r\n",
	}}
	ws.UseEditor(ed, ed)

	got := wantOK(t, call(ReadFile(ctx, ws, "disk.txt", 0, 0)))
	if !strings.Contains(got, "unsaved") || strings.Contains(got, "on disk") {
		t.Errorf("read_file through the editor: %q, want the buffer's text", got)
	}
	wantOK(t, call(EditFile(ctx, ws, "disk.txt", "buffer", "edited")))
	if ed.text[filepath.Join(root, "disk.txt")] != "unsaved\nedited\n" {
		t.Errorf("edit_file: buffer %q", ed.text[filepath.Join(root, "disk.txt")])
	}
	wantOK(t, call(WriteFile(ctx, ws, "sub/new.txt", "new\n")))
	if ed.text[filepath.Join(root, "sub", "new.txt")] != "new\n" {
		t.Errorf("write_file: buffers %v", ed.text)
	}
	wantOK(t, call(WriteFile(ctx, ws, "crlf.txt", "x\ny\n")))
	if ed.text[filepath.Join(root, "crlf.txt")] != "x\r\ny\r\n" {
		t.Errorf("write_file kept no CRLF: %q", ed.text[filepath.Join(root, "crlf.txt")])
	}
	if b, _ := os.ReadFile(filepath.Join(root, "disk.txt")); string(b) != "on disk\n" {
		t.Errorf("the disk changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(root, "sub")); err == nil {
		t.Error("write_file through the editor created a directory on disk")
	}

	before := len(ed.log)
	for _, p := range []string{filepath.Join(outside, "secret.txt"), "../outside/secret.txt"} {
		wantError(t, call(ReadFile(ctx, ws, p, 0, 0)))
		wantError(t, call(WriteFile(ctx, ws, p, "x")))
		wantError(t, call(EditFile(ctx, ws, p, "outside", "inside")))
	}
	if len(ed.log) != before {
		t.Errorf("paths outside the workspace reached the editor: %v", ed.log[before:])
	}
	wantError(t, call(ReadFile(ctx, ws, "missing.txt", 0, 0)), "through the editor")
}
