package acp

import (
	"errors"
	"fmt"
	"path/filepath"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/tools"
	"github.com/zeroproject/zero/rt"
)

type handler func(id acpv1.RequestID, params rt.Raw)

func (s *server) handlers() map[string]handler {
	return map[string]handler{
		"initialize":       s.initialize,
		"authenticate":     s.authenticate,
		"session/new":      s.newSession,
		"session/load":     s.loadSession,
		"session/prompt":   s.prompt,
		"session/set_mode": s.setMode,
	}
}

// initialize answers with protocol version 1 and what Zero can do.
func (s *server) initialize(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.InitializeRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	if p.ClientCapabilities != nil && p.ClientCapabilities.Fs != nil {
		s.fs = *p.ClientCapabilities.Fs
	}
	res := acpv1.InitializeResponse{
		ProtocolVersion: ProtocolVersion,
		AgentCapabilities: &acpv1.AgentCapabilities{
			LoadSession: rt.Some(true),
			PromptCapabilities: &acpv1.PromptCapabilities{
				Image: rt.Some(false), Audio: rt.Some(false), EmbeddedContext: rt.Some(true),
			},
			McpCapabilities: &acpv1.McpCapabilities{HTTP: rt.Some(s.cfg.StartMCP != nil), Sse: rt.Some(false)},
		},
		AuthMethods: rt.Some(append([]acpv1.AuthMethod{}, s.cfg.AuthMethods...)),
		AgentInfo:   &acpv1.Implementation{Name: "zero", Title: rt.Some(rt.Nullable[string]{V: "Zero", Valid: true}), Version: s.cfg.Version},
	}
	s.reply(&acpv1.InitializeResult{ID: id, Result: res})
}

// authenticate cannot log in for the user: Zero reads its provider keys
// from the environment, so the answer says which variables to set.
func (s *server) authenticate(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.AuthenticateRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	_, err := s.cfg.NewProvider()
	if err == nil {
		s.reply(&acpv1.SetSessionModeResult{ID: id})
		return
	}
	s.replyError(id, &rpcError{code: codeAuthRequired, msg: err.Error()})
}

// newSession creates a Zero session working in cwd.
func (s *server) newSession(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.NewSessionRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	st, err := s.create(p.Cwd, p.McpServers)
	if err != nil {
		s.replyError(id, err)
		return
	}
	st = s.openSession(st)
	s.reply(&acpv1.NewSessionResult{ID: id, Result: acpv1.NewSessionResponse{SessionID: st.id, Modes: s.modes(st)}})
}

// create opens the workspace and the model, starts the MCP servers, and
// creates the stored session.
func (s *server) create(cwd string, servers []rt.Raw) (*sessionState, error) {
	ws, m, err := s.prepare(cwd)
	if err != nil {
		return nil, err
	}
	mm, err := s.startMCP(servers, ws.Root())
	if err != nil {
		ws.Close()
		return nil, err
	}
	stored, err := s.cfg.Store.Create(sessionv1.SessionMeta{Cwd: ws.Root(), Provider: m.Name, Model: m.Model})
	if err != nil {
		mm.Close()
		ws.Close()
		return nil, internalError("the session could not be created: " + err.Error())
	}
	st := s.newState(stored, ws, m)
	st.mcp = mm
	s.useEditor(st)
	return st, nil
}

// prepare checks cwd (absolute, a directory) and builds the provider.
func (s *server) prepare(cwd string) (*tools.Workspace, Model, error) {
	if !filepath.IsAbs(cwd) {
		return nil, Model{}, &rpcError{code: codeInvalidParams, msg: "cwd must be an absolute path, got " + cwd, pointer: "/params/cwd"}
	}
	ws, err := tools.NewWorkspace(cwd)
	if err != nil {
		return nil, Model{}, &rpcError{code: codeInvalidParams, msg: err.Error(), pointer: "/params/cwd"}
	}
	m, err := s.cfg.NewProvider()
	if err != nil {
		ws.Close()
		return nil, Model{}, &rpcError{code: codeAuthRequired, msg: err.Error()}
	}
	return ws, m, nil
}

func (s *server) newState(stored *session.Session, ws *tools.Workspace, m Model) *sessionState {
	mode := s.cfg.Policy.Mode
	if mode == "" {
		mode = permission.ModeDefault
	}
	always, err := stored.Grants()
	if err != nil {
		fmt.Fprintf(s.cfg.Log, "zero acp: warning: session %s: its standing permission answers are not used: %v\n", stored.Meta.ID, err)
		always = map[string]bool{}
	}
	return &sessionState{id: string(stored.Meta.ID), store: stored, ws: ws, model: m, mode: mode, always: always}
}

// loadSession opens a stored session, replays it, then answers.
func (s *server) loadSession(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.LoadSessionRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	st := s.session(p.SessionID)
	if st == nil {
		var err error
		if st, err = s.load(p.SessionID, p.Cwd, p.McpServers); err != nil {
			s.replyError(id, err)
			return
		}
		st = s.openSession(st)
	}
	if err := s.replay(st); err != nil {
		s.replyError(id, err)
		return
	}
	s.reply(&acpv1.LoadSessionResult{ID: id, Result: acpv1.LoadSessionResponse{Modes: s.modes(st)}})
}

// load opens the stored session id and starts its MCP servers.
func (s *server) load(id, cwd string, servers []rt.Raw) (*sessionState, error) {
	if !session.ValidID(id) {
		return nil, notFound("no session " + id)
	}
	ws, m, err := s.prepare(cwd)
	if err != nil {
		return nil, err
	}
	stored, _, err := s.cfg.Store.Open(id)
	switch {
	case errors.Is(err, session.ErrNotFound):
		ws.Close()
		return nil, notFound("no session " + id)
	case errors.Is(err, session.ErrLocked):
		ws.Close()
		return nil, &rpcError{code: codeSessionInUse, msg: err.Error() + "; close it there (or end that process) and load it again"}
	case err != nil:
		ws.Close()
		return nil, internalError("session " + id + ": " + err.Error())
	}
	mm, err := s.startMCP(servers, ws.Root())
	if err != nil {
		stored.Close()
		ws.Close()
		return nil, err
	}
	st := s.newState(stored, ws, m)
	st.mcp = mm
	s.useEditor(st)
	return st, nil
}

// setMode switches the session's permission mode.
func (s *server) setMode(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.SetSessionModeRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	st := s.session(p.SessionID)
	if st == nil {
		s.replyError(id, notFound("no session "+p.SessionID))
		return
	}
	mode, ok := s.modeByID(p.ModeID)
	if !ok {
		s.replyError(id, &rpcError{code: codeInvalidParams, msg: "unknown mode " + p.ModeID, pointer: "/params/modeId"})
		return
	}
	st.setMode(mode)
	s.reply(&acpv1.SetSessionModeResult{ID: id})
	s.update(st.id, &acpv1.CurrentModeUpdate{CurrentModeID: string(mode)})
}
