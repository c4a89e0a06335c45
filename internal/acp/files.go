package acp

import (
	"context"
	"fmt"
	"sync"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
)

// editorFiles reads and writes files through the client with
// fs/read_text_file and fs/write_text_file (tools.TextReader and
// tools.TextWriter), so that the file tools see unsaved buffers and their
// edits land in the editor. It keeps the last text read and written of
// each path, for the diffs of tool_call_update.
type editorFiles struct {
	s         *server
	sessionID string

	mu      sync.Mutex
	read    map[string]string
	written map[string]string
}

func newEditorFiles(s *server, sessionID string) *editorFiles {
	return &editorFiles{s: s, sessionID: sessionID, read: map[string]string{}, written: map[string]string{}}
}

// ReadText implements tools.TextReader.
func (f *editorFiles) ReadText(ctx context.Context, path string) (string, error) {
	m, err := f.s.call(ctx, func(id acpv1.RequestID) encodable {
		return &acpv1.ReadTextFileMessage{ID: id, Params: acpv1.ReadTextFileRequest{SessionID: f.sessionID, Path: path}}
	})
	if err != nil {
		return "", err
	}
	var res acpv1.ReadTextFileResponse
	if err := decodeLenient(m.Result, &res); err != nil {
		return "", fmt.Errorf("the client's answer to fs/read_text_file is invalid: %w", err)
	}
	f.mu.Lock()
	f.read[path] = res.Content
	f.mu.Unlock()
	return res.Content, nil
}

// WriteText implements tools.TextWriter.
func (f *editorFiles) WriteText(ctx context.Context, path, content string) error {
	m, err := f.s.call(ctx, func(id acpv1.RequestID) encodable {
		return &acpv1.WriteTextFileMessage{ID: id, Params: acpv1.WriteTextFileRequest{SessionID: f.sessionID, Path: path, Content: content}}
	})
	if err != nil {
		return err
	}
	var res acpv1.WriteTextFileResponse
	if err := decodeLenient(m.Result, &res); err != nil {
		return fmt.Errorf("the client's answer to fs/write_text_file is invalid: %w", err)
	}
	f.mu.Lock()
	f.written[path] = content
	f.mu.Unlock()
	return nil
}

// lastRead returns the text last read of path, nil when none was.
func (f *editorFiles) lastRead(path string) *string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if t, ok := f.read[path]; ok {
		return &t
	}
	return nil
}

// lastWritten returns the text last written to path.
func (f *editorFiles) lastWritten(path string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.written[path]
	return t, ok
}

// forget drops what was kept of path before a call on it runs, so that its
// diff shows that call's texts only.
func (f *editorFiles) forget(path string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.read, path)
	delete(f.written, path)
}

// useEditor routes the session's file tools through the client, as far as
// it advertised fs.readTextFile and fs.writeTextFile.
func (s *server) useEditor(st *sessionState) {
	r, w := s.fs.ReadTextFile.V, s.fs.WriteTextFile.V
	if !r && !w {
		return
	}
	st.files = newEditorFiles(s, st.id)
	switch {
	case r && w:
		st.ws.UseEditor(st.files, st.files)
	case r:
		st.ws.UseEditor(st.files, nil)
	default:
		st.ws.UseEditor(nil, st.files)
	}
}
