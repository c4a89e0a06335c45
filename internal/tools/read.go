package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// DefaultReadLimit is how many lines ReadFile returns when limit is 0.
const DefaultReadLimit = 2000

// readBudget is how many bytes of numbered lines ReadFile gathers, leaving
// room under MaxOutputBytes for the note on how to continue.
const readBudget = MaxOutputBytes - 128

// ReadFile returns lines of the file at path, numbered like `cat -n`
// ("%6d\t%s"). offset is the 1-based first line (0 means 1) and limit the
// number of lines (0 means DefaultReadLimit). Lines longer than 2000 bytes
// are cut with a marker. Binary files (a NUL byte in the first 8 KiB) are
// refused. When lines remain after the window, or the numbered lines
// would pass MaxOutputBytes, the output stops at a whole line, Truncated
// is set and a last line says which offset continues. A window that starts
// inside a private key block (-----BEGIN ... PRIVATE KEY-----) starts with
// that block's BEGIN line, so that redaction recognises the key.
func ReadFile(ctx context.Context, ws *Workspace, path string, offset, limit int) (Result, error) {
	if offset < 0 || limit < 0 {
		return errorResult("offset and limit must not be negative (got offset %d, limit %d)", offset, limit), nil
	}
	offset, limit = max(offset, 1), cmp.Or(limit, DefaultReadLimit)
	if ws.reader != nil {
		return readThroughEditor(ctx, ws, path, offset, limit)
	}
	f, shown, res, ok := openRead(ws, path)
	if !ok {
		return res, nil
	}
	defer f.Close()
	return readLines(ctx, f, shown, offset, limit)
}

// readThroughEditor reads path's window from the editor's buffer.
func readThroughEditor(ctx context.Context, ws *Workspace, path string, offset, limit int) (Result, error) {
	real, err := ws.Resolve(path)
	if err != nil {
		return resolveError(err), nil
	}
	shown := ws.display(real)
	text, res, ok := ws.readEditor(ctx, real, shown)
	if !ok {
		return res, nil
	}
	return readLinesText(ctx, text, shown, offset, limit)
}

// openRead resolves and opens path for reading, refusing directories.
func openRead(ws *Workspace, path string) (*os.File, string, Result, bool) {
	real, err := ws.Resolve(path)
	if err != nil {
		return nil, "", resolveError(err), false
	}
	shown := ws.display(real)
	f, err := ws.open(real, os.O_RDONLY, 0)
	if err != nil {
		return nil, "", openError(shown, err), false
	}
	info, err := f.Stat()
	if err == nil && info.IsDir() {
		f.Close()
		return nil, "", errorResult("%s is a directory; use list_directory or glob to see its contents", shown), false
	}
	return f, shown, Result{}, true
}

// readLines renders the window [offset, offset+limit) of f's lines.
func readLines(ctx context.Context, f io.Reader, shown string, offset, limit int) (Result, error) {
	r := newReader(f)
	if isBinary(r) {
		return errorResult("%s is a binary file (it has NUL bytes); read_file shows text only", shown), nil
	}
	var b strings.Builder
	keyHead := "" // the numbered BEGIN line of a private key the skipped lines are inside
	n := 0
	for ; ; n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return Result{}, ctx.Err()
		}
		line, err := readLine(r)
		if errors.Is(err, io.EOF) {
			return endOfFile(b.String(), shown, n, offset), nil
		}
		if err != nil {
			return errorResult("reading %s: %v", shown, err), nil
		}
		if n+1 < offset {
			keyHead = inPrivateKey(keyHead, n+1, line)
			continue
		}
		if n+1 == offset {
			b.WriteString(keyHead)
		}
		row := fmt.Sprintf("%6d\t%s\n", n+1, line)
		if n+1 >= offset+limit || b.Len()+len(row) > readBudget {
			return moreLines(b.String(), n+1), nil
		}
		b.WriteString(row)
	}
}

// inPrivateKey follows the skipped lines before a window: it returns the
// numbered BEGIN line of the private key block that line n (text) leaves
// open, or "" outside one. A window that starts inside a private key shows
// its BEGIN line first, so that redaction sees a key, not bare base64.
func inPrivateKey(head string, n int, line string) string {
	switch {
	case strings.Contains(line, "-----BEGIN ") && strings.Contains(line, "PRIVATE KEY"):
		return fmt.Sprintf("%6d\t%s\n", n, line)
	case strings.Contains(line, "-----END "):
		return ""
	}
	return head
}

// endOfFile finishes a read that reached the end of a file of total lines.
func endOfFile(out, shown string, total, offset int) Result {
	switch {
	case total == 0:
		return Result{Output: "[" + shown + " is empty]"}
	case offset > total:
		return errorResult("offset %d is past the end of %s, which has %d lines", offset, shown, total)
	}
	return Result{Output: out}
}

// moreLines finishes a read that stopped before line next.
func moreLines(out string, next int) Result {
	note := fmt.Sprintf("[more lines follow; read again with offset %d to continue]", next)
	return Result{Output: out + note, Truncated: true}
}
