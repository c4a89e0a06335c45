package tools

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zeroproject/zero/internal/redact"
)

// maxEditBytes is the largest file EditFile will load.
const maxEditBytes = 16 << 20

// EditFile replaces old with new in the file at path. old must occur
// exactly once: zero or several occurrences are an error result that
// says how many there were, so the model can add context and retry.
// Line endings do not have to agree: read_file shows lines without their
// endings, so old and new are matched and written in the file's own style
// (CRLF or LF, see styleOf), and old as given is tried when that finds
// nothing (a file of mixed endings). The file keeps its permissions,
// except in a protected place (see Protected), which EditFile refuses
// unless ctx approves it (ApproveProtected) and where the file loses its
// execute bits.
func EditFile(ctx context.Context, ws *Workspace, path, old, new string) (Result, error) {
	if res, ok := checkEdit(old, new); !ok {
		return res, nil
	}
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
	content, res, ok := loadEditText(ctx, ws, real, shown)
	if !ok {
		return res, nil
	}
	style := styleOf(content)
	old, n := matchEdit(content, old, style)
	if n == 0 && redact.HasMarker(old) {
		return errorResult("the text to replace was not found in %s, and it holds a redaction marker (%s...): the text you copied had a secret removed, so it cannot match the file; read the file again and copy the current text", shown, redact.MarkerPrefix), nil
	}
	if n != 1 {
		return countError(shown, n), nil
	}
	if strings.Contains(new, "\n") {
		new = inStyle(new, style)
	}
	at := strings.Index(content, old)
	if res, ok := replaceText(ctx, ws, real, shown, content[:at]+new+content[at+len(old):], protected); !ok {
		return res, nil
	}
	line := strings.Count(content[:at], "\n") + 1
	return Result{Output: fmt.Sprintf("edited %s: replaced 1 occurrence starting at line %d", shown, line)}, nil
}

// matchEdit returns the form of old to replace in content and how often it
// occurs: old in the file's line style, or old as given when that form
// does not occur.
func matchEdit(content, old string, style lineStyle) (string, int) {
	styled := inStyle(old, style)
	n := strings.Count(content, styled)
	if n == 0 && styled != old {
		if m := strings.Count(content, old); m > 0 {
			return old, m
		}
	}
	return styled, n
}

// checkEdit refuses edits that cannot do anything useful.
func checkEdit(old, new string) (Result, bool) {
	switch {
	case old == "":
		return errorResult("the text to replace is empty; use write_file to create or overwrite a whole file"), false
	case old == new:
		return errorResult("the replacement is identical to the text it replaces; nothing to change"), false
	}
	return Result{}, true
}

// loadEditText reads the whole text to edit, from the editor when it reads.
func loadEditText(ctx context.Context, ws *Workspace, real, shown string) (string, Result, bool) {
	if ws.reader == nil {
		return loadForEdit(ws, real, shown)
	}
	text, res, ok := ws.readEditor(ctx, real, shown)
	if ok && len(text) > maxEditBytes {
		return "", errorResult("%s is too large to edit (%d bytes, limit %d)", shown, len(text), maxEditBytes), false
	}
	return text, res, ok
}

// replaceText writes the edited text, through the editor when it writes.
// In a protected place the file loses its execute bits first.
func replaceText(ctx context.Context, ws *Workspace, real, shown, text string, protected bool) (Result, bool) {
	if ws.writer != nil {
		if protected {
			if err := ws.dropExecOnDisk(real); err != nil {
				return openError(shown, err), false
			}
		}
		if err := ws.writer.WriteText(ctx, real, text); err != nil {
			return errorResult("writing %s through the editor: %v", shown, err), false
		}
		return Result{}, true
	}
	if err := writeAll(ws, real, text, protected); err != nil {
		return openError(shown, err), false
	}
	return Result{}, true
}

// loadForEdit reads the whole file, refusing directories, binary and huge files.
func loadForEdit(ws *Workspace, real, shown string) (string, Result, bool) {
	f, err := ws.open(real, os.O_RDONLY, 0)
	if err != nil {
		return "", openError(shown, err), false
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		return "", openError(shown, err), false
	case info.IsDir():
		return "", errorResult("%s is a directory", shown), false
	case info.Size() > maxEditBytes:
		return "", errorResult("%s is too large to edit (%d bytes, limit %d)", shown, info.Size(), maxEditBytes), false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxEditBytes+1))
	if err != nil {
		return "", openError(shown, err), false
	}
	return string(data), Result{}, true
}

// countError explains a match count other than one.
func countError(shown string, n int) Result {
	if n == 0 {
		return errorResult("the text to replace was not found in %s; read the file again and copy the text exactly, including whitespace and indentation", shown)
	}
	return errorResult("the text to replace occurs %d times in %s; include more surrounding lines so it matches exactly once", n, shown)
}
