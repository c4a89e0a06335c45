package tools

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile writes content to the file at path, replacing it if it exists
// (its permissions and its line endings are kept: content is written with
// CRLF endings when most lines of the old file had them) and creating it
// and any missing parent directories inside the workspace if not. A
// directory is never replaced.
func WriteFile(ctx context.Context, ws *Workspace, path, content string) (Result, error) {
	real, err := ws.Resolve(path)
	if err != nil {
		return resolveError(err), nil
	}
	shown := ws.display(real)
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	info, err := ws.dir.Lstat(ws.rel(real))
	existed := err == nil
	if existed && info.IsDir() {
		return errorResult("%s is a directory; give the path of a file to write", shown), nil
	}
	note := ""
	if existed && strings.Contains(content, "\n") && existingStyle(ws, real) == lineCRLF {
		content, note = inStyle(content, lineCRLF), ", CRLF line endings kept"
	}
	if err := ws.dir.MkdirAll(ws.rel(filepath.Dir(real)), 0o755); err != nil {
		return openError(filepath.ToSlash(filepath.Dir(shown)), err), nil
	}
	if err := writeAll(ws, real, content); err != nil {
		return openError(shown, err), nil
	}
	verb := "created"
	if existed {
		verb = "overwrote"
	}
	return Result{Output: fmt.Sprintf("%s %s (%d bytes%s)", verb, shown, len(content), note)}, nil
}

// styleSniffBytes is how much of an existing file decides its line style.
const styleSniffBytes = 64 << 10

// existingStyle returns the line style of the start of the file real.
func existingStyle(ws *Workspace, real string) lineStyle {
	f, err := ws.open(real, os.O_RDONLY, 0)
	if err != nil {
		return lineLF
	}
	defer f.Close()
	b := make([]byte, styleSniffBytes)
	n, _ := io.ReadFull(f, b)
	return styleOf(string(b[:n]))
}

// writeAll replaces the contents of real. The file is opened without
// O_TRUNC and truncated only after the open has been verified, so a
// refused open never clobbers anything.
func writeAll(ws *Workspace, real, content string) error {
	f, err := ws.open(real, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(content); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
