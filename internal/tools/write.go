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
// and any missing parent directories inside the workspace if not. A new
// file is created with mode 0644 (less the umask), never executable. A
// directory is never replaced. A protected path (see Protected) is refused
// unless ctx approves it (ApproveProtected), and a file replaced there
// loses its execute bits.
func WriteFile(ctx context.Context, ws *Workspace, path, content string) (Result, error) {
	real, err := ws.Resolve(path)
	if err != nil {
		return resolveError(err), nil
	}
	shown := ws.display(real)
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	protected, res, ok := guardProtected(ctx, ws, path, real, shown)
	if !ok {
		return res, nil
	}
	info, err := ws.dir.Lstat(ws.rel(real))
	existed := err == nil
	if existed && info.IsDir() {
		return errorResult("%s is a directory; give the path of a file to write", shown), nil
	}
	if ws.writer != nil {
		return writeThroughEditor(ctx, ws, real, shown, content, protected)
	}
	note := ""
	if existed && strings.Contains(content, "\n") && existingStyle(ws, real) == lineCRLF {
		content, note = inStyle(content, lineCRLF), ", CRLF line endings kept"
	}
	if err := ws.dir.MkdirAll(ws.rel(filepath.Dir(real)), 0o755); err != nil {
		return openError(filepath.ToSlash(filepath.Dir(shown)), err), nil
	}
	if err := writeAll(ws, real, content, protected); err != nil {
		return openError(shown, err), nil
	}
	verb := "created"
	if existed {
		verb = "overwrote"
	}
	return Result{Output: fmt.Sprintf("%s %s (%d bytes%s)", verb, shown, len(content), note)}, nil
}

// writeThroughEditor hands the write to the editor, which creates the file
// when it has none. The old text (the editor's, else the disk's) decides
// the line endings, as on disk. In a protected place the file on disk
// loses its execute bits first, since the editor keeps the mode it finds.
func writeThroughEditor(ctx context.Context, ws *Workspace, real, shown, content string, protected bool) (Result, error) {
	if protected {
		if err := ws.dropExecOnDisk(real); err != nil {
			return openError(shown, err), nil
		}
	}
	old, existed := ws.currentText(ctx, real)
	note := ""
	if existed && strings.Contains(content, "\n") && styleOf(old) == lineCRLF {
		content, note = inStyle(content, lineCRLF), ", CRLF line endings kept"
	}
	if err := ws.writer.WriteText(ctx, real, content); err != nil {
		return errorResult("writing %s through the editor: %v", shown, err), nil
	}
	verb := "created"
	if existed {
		verb = "overwrote"
	}
	return Result{Output: fmt.Sprintf("%s %s (%d bytes%s)", verb, shown, len(content), note)}, nil
}

// currentText returns the text of real as the tools see it (the editor's
// when it reads, else the disk's start) and whether it exists.
func (w *Workspace) currentText(ctx context.Context, real string) (string, bool) {
	if w.reader != nil {
		text, err := w.reader.ReadText(ctx, real)
		return text, err == nil
	}
	f, err := w.open(real, os.O_RDONLY, 0)
	if err != nil {
		return "", false
	}
	defer f.Close()
	b := make([]byte, styleSniffBytes)
	n, _ := io.ReadFull(f, b)
	return string(b[:n]), true
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
// refused open never clobbers anything. With plain, the file loses its
// execute bits before it changes, so no moment has new content that runs.
func writeAll(ws *Workspace, real, content string, plain bool) error {
	f, err := ws.open(real, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if plain {
		if err := dropExec(f); err != nil {
			f.Close()
			return err
		}
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
