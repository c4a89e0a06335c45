package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes content to the file at path, replacing it if it exists
// (its permissions are kept) and creating it and any missing parent
// directories inside the workspace if not.
func WriteFile(ctx context.Context, ws *Workspace, path, content string) (Result, error) {
	real, err := ws.Resolve(path)
	if err != nil {
		return resolveError(err), nil
	}
	shown := ws.display(real)
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	existed := exists(ws, real)
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
	return Result{Output: fmt.Sprintf("%s %s (%d bytes)", verb, shown, len(content))}, nil
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

// exists reports whether real names something inside the workspace.
func exists(ws *Workspace, real string) bool {
	_, err := ws.dir.Lstat(ws.rel(real))
	return err == nil
}
