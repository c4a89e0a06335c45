package tools

import (
	"context"
	"strings"
)

// TextReader reads a whole text file in place of the disk: an editor that
// holds the file in a buffer, saved or not. path is absolute and already
// confined to the workspace by Resolve.
type TextReader interface {
	ReadText(ctx context.Context, path string) (string, error)
}

// TextWriter writes a whole text file in place of the disk: the edit lands
// in the editor, which saves it or not. path is absolute and already
// confined to the workspace by Resolve.
type TextWriter interface {
	WriteText(ctx context.Context, path, content string) error
}

// UseEditor makes read_file, write_file and edit_file read through r and
// write through w instead of the disk; either may be nil (the disk). The
// paths they are given are confined to the workspace exactly as on disk.
// list_directory, glob, grep and bash still see the disk.
func (w *Workspace) UseEditor(r TextReader, wr TextWriter) { w.reader, w.writer = r, wr }

// readEditor reads real through the editor, as a result on failure.
func (w *Workspace) readEditor(ctx context.Context, real, shown string) (string, Result, bool) {
	text, err := w.reader.ReadText(ctx, real)
	if err != nil {
		return "", errorResult("reading %s through the editor: %v", shown, err), false
	}
	return text, Result{}, true
}

// readLinesText renders a window of text's lines, as readLines does for a file.
func readLinesText(ctx context.Context, text, shown string, offset, limit int) (Result, error) {
	return readLines(ctx, strings.NewReader(text), shown, offset, limit)
}
