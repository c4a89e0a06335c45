package acp

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/tools"
)

// sessionState is one open session: a Zero session of the store, kept
// open (and locked) while the connection lasts.
type sessionState struct {
	id    string
	store *session.Session
	ws    *tools.Workspace
	model Model
	mcp   *mcp.Manager // the session's MCP servers; nil without any
	files *editorFiles // the client's fs methods; nil when it offers none

	mu      sync.Mutex
	mode    permission.Mode
	always  map[string]bool // tool -> allowed (true) or rejected (false) for the rest of the session
	cancel  context.CancelFunc
	running bool
}

// session returns the open session id, or nil.
func (s *server) session(id string) *sessionState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sess[id]
}

// openSession registers st, unless a session of its id is open already.
func (s *server) openSession(st *sessionState) *sessionState {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.sess[st.id]; old != nil {
		return old
	}
	s.sess[st.id] = st
	return st
}

// startPrompt marks the session busy with a prompt cancelled by cancel;
// it fails when a prompt already runs.
func (st *sessionState) startPrompt(cancel context.CancelFunc) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.running {
		return &rpcError{code: codeInvalidRequest, msg: "session " + st.id + " is already running a prompt; cancel it first"}
	}
	st.running, st.cancel = true, cancel
	return nil
}

func (st *sessionState) endPrompt() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.cancel != nil {
		st.cancel()
	}
	st.running, st.cancel = false, nil
}

// cancelPrompt cancels the running prompt, if any.
func (st *sessionState) cancelPrompt() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.cancel != nil {
		st.cancel()
	}
}

func (st *sessionState) currentMode() permission.Mode {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.mode
}

func (st *sessionState) setMode(m permission.Mode) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.mode = m
}

// remembered returns the allow_always or reject_always answer given for
// tool in this session.
func (st *sessionState) remembered(tool string) (allowed, ok bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	allowed, ok = st.always[tool]
	return allowed, ok
}

// remember keeps an allow_always or reject_always answer for the rest of
// the session, and stores it with the session so that it holds after
// session/load.
func (st *sessionState) remember(tool string, allowed bool) error {
	st.mu.Lock()
	st.always[tool] = allowed
	st.mu.Unlock()
	return st.store.SetGrant(tool, allowed)
}

// close stops the session's MCP servers, saves the session and closes its
// workspace.
func (st *sessionState) close(log io.Writer) {
	st.mcp.Close()
	if st.store != nil {
		if err := st.store.Close(); err != nil {
			fmt.Fprintf(log, "zero acp: warning: session %s: %v\n", st.id, err)
		}
	}
	st.ws.Close()
}
