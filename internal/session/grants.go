package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// grantsName is the optional file of a session's standing permission
// answers (schema/session/v1/grants.json). A v1 reader that predates it
// never opens it: adding it changes neither meta.json nor a record.
const grantsName = "grants.json"

// Grants returns the session's standing permission answers: tool name →
// allowed (true) or rejected (false). A session without grants.json has
// none. The file is strictly decoded; a bad one is an error naming it.
func (s *Session) Grants() (map[string]bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, err := readGrants(s.dir)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(g.Grants))
	for _, x := range g.Grants {
		out[x.Tool] = x.Decision == sessionv1.GrantDecisionAllow
	}
	return out, nil
}

// SetGrant records a standing answer for tool, replacing an earlier one,
// and replaces grants.json atomically.
func (s *Session) SetGrant(tool string, allow bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("session is closed")
	}
	g, err := readGrants(s.dir)
	if err != nil {
		return err
	}
	d := sessionv1.GrantDecisionReject
	if allow {
		d = sessionv1.GrantDecisionAllow
	}
	now := FormatTime(s.store.clock())
	replaced := false
	for i := range g.Grants {
		if g.Grants[i].Tool == tool {
			g.Grants[i].Decision, g.Grants[i].Time, replaced = d, string(now), true
		}
	}
	if !replaced {
		g.Grants = append(g.Grants, sessionv1.Grant{Tool: tool, Decision: d, Time: string(now)})
	}
	var e rt.Encoder
	if err := g.EncodeJSON(&e); err != nil {
		return fmt.Errorf("encode session grants: %w", err)
	}
	if err := s.store.writeAtomic(s.dir, grantsName, append(e.Buf, '\n')); err != nil {
		return fmt.Errorf("write session grants: %w", err)
	}
	return nil
}

// readGrants reads dir's grants.json; a missing file is no grants.
func readGrants(dir string) (sessionv1.SessionGrants, error) {
	var g sessionv1.SessionGrants
	path := filepath.Join(dir, grantsName)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return g, nil
	}
	if err != nil {
		return g, fmt.Errorf("read session grants: %w", err)
	}
	if err := g.UnmarshalJSON(b); err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}
