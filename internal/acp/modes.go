package acp

import (
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/rt"
)

// sessionModes are the modes a session offers: the permission modes,
// named as the policy names them. unsafe is offered only when zero acp
// was started in it.
func (s *server) sessionModes() []permission.Mode {
	modes := []permission.Mode{permission.ModeDefault, permission.ModeAcceptEdits}
	if s.cfg.Policy.Mode == permission.ModeUnsafe {
		modes = append(modes, permission.ModeUnsafe)
	}
	return modes
}

func (s *server) modeByID(id string) (permission.Mode, bool) {
	for _, m := range s.sessionModes() {
		if string(m) == id {
			return m, true
		}
	}
	return "", false
}

var modeNames = map[permission.Mode][2]string{
	permission.ModeDefault:     {"Ask", "Reads run freely; edits and commands ask first."},
	permission.ModeAcceptEdits: {"Accept edits", "File edits in the workspace run without asking, except in protected places such as .git; commands ask first."},
	permission.ModeUnsafe:      {"Unsafe", "Everything runs without asking."},
}

// modes returns the session's mode state.
func (s *server) modes(st *sessionState) *acpv1.SessionModeState {
	state := &acpv1.SessionModeState{CurrentModeID: string(st.currentMode())}
	for _, m := range s.sessionModes() {
		n := modeNames[m]
		state.AvailableModes = append(state.AvailableModes, acpv1.SessionMode{ID: string(m), Name: n[0],
			Description: rt.Some(rt.Nullable[string]{V: n[1], Valid: true})})
	}
	return state
}
