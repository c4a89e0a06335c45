package cli

import (
	"errors"
	"fmt"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/session"
)

// store returns the session store, redacting what it writes.
func (x *execution) store() (*session.Store, error) {
	return openStore(x.env, x.red.String, "zero exec")
}

// openStore returns the session store of env, redacting with hook; holder
// names the command in the lock of each session it opens.
func openStore(env Env, hook func(key, s string) string, holder string) (*session.Store, error) {
	dir, err := session.DefaultDir(env.Getenv)
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	return &session.Store{Dir: dir, Hook: hook, Holder: holder}, nil
}

// checkSessions settles the session to resume or fork before anything is
// read, turning what the user typed into a full id:
//   - a bare --resume takes the newest session of this workspace; a first
//     word that names a session (its id, or a unique prefix or suffix of at
//     least six characters), or looks like an id (see session.LooksLikeID),
//     is taken as the id to resume instead;
//   - an id may be abbreviated to a unique prefix or suffix;
//   - an id that names no session, or several, is a usage error.
func (x *execution) checkSessions(st *session.Store) error {
	f := x.f
	if f.resume == latest && len(f.words) > 0 && namesSession(st, f.words[0]) {
		f.resume, f.words = f.words[0], f.words[1:]
	}
	var err error
	switch {
	case f.resume == latest:
		f.resume, err = x.latestHere(st)
	case f.resume != "":
		f.resume, err = resolveSession(st, f.resume, "resume")
	case f.fork != "":
		f.fork, err = resolveSession(st, f.fork, "fork")
	}
	return err
}

// minAbbrev is the shortest abbreviation of an id that a bare --resume
// takes from the prompt's first word: the length of an id's random part.
const minAbbrev = 6

// namesSession reports whether word, the first word after a bare --resume,
// is meant as a session id rather than as prompt text.
func namesSession(st *session.Store, word string) bool {
	if session.LooksLikeID(word) {
		return true
	}
	if len(word) < minAbbrev {
		return false
	}
	_, err := st.Resolve(word)
	return err == nil
}

// latestHere returns the newest session recorded in this workspace.
func (x *execution) latestHere(st *session.Store) (string, error) {
	id, warns, err := st.Latest(x.absCwd())
	if err == nil {
		x.sessionWarns = append(x.sessionWarns, sessionWarnings(warns)...)
		return id, nil
	}
	for _, w := range warns {
		x.errorf("warning: %s", w)
	}
	switch {
	case errors.Is(err, session.ErrNotFound):
		return "", usageErrorf("no session to resume in %s; resume one from another directory by its id (see 'zero sessions list')", x.absCwd())
	}
	return "", sessionError(err)
}

// resolveSession turns the id or abbreviation ref given to --resume or
// --fork (verb) into a full id.
func resolveSession(st *session.Store, ref, verb string) (string, error) {
	id, err := st.Resolve(ref)
	switch {
	case errors.Is(err, session.ErrNotFound):
		return "", usageErrorf("no session %s to %s (see 'zero sessions list')", ref, verb)
	case errors.Is(err, session.ErrAmbiguous):
		return "", usageErrorf("%v; give more of the id", err)
	case err != nil && !session.ValidID(ref):
		return "", usageErrorf("%v", err)
	case err != nil:
		return "", sessionError(err)
	}
	return id, nil
}

// sessionWarnings turns the store's warnings into run warnings.
func sessionWarnings(warns []session.Warning) []run.Warning {
	var out []run.Warning
	for _, w := range warns {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeSessionWarning, Message: w.String()})
	}
	return out
}

// openSession creates, resumes or forks the session of the run, and
// returns the warnings the run should report about it. A new session that
// cannot be created does not stop the run: it runs unsaved, with a
// session_not_saved warning, and sess is nil.
func (x *execution) openSession(st *session.Store, c choice, cwd string) (*session.Session, []run.Warning, error) {
	meta := sessionv1.SessionMeta{Cwd: cwd, Provider: c.name, Model: c.model}
	var (
		s     *session.Session
		warns []session.Warning
		err   error
	)
	switch {
	case x.f.fork != "":
		s, warns, err = st.Fork(x.f.fork, meta)
	case x.f.resume != "":
		s, warns, err = st.Open(x.f.resume)
	default:
		if s, err = st.Create(meta); err != nil {
			return nil, []run.Warning{{Code: streamjsonv2.WarningCodeSessionNotSaved, Message: "this run is not saved: " + err.Error()}}, nil
		}
	}
	if err != nil {
		return nil, nil, sessionError(err)
	}
	out := append(x.sessionWarns, sessionWarnings(warns)...)
	if s.Meta.Cwd != cwd && x.f.resume != "" {
		out = append(out, run.Warning{Code: streamjsonv2.WarningCodeSessionWarning, Message: fmt.Sprintf(
			"session %s was recorded in %s and this run works in %s; the session keeps %s (fork it with --fork to record this directory)",
			s.Meta.ID, s.Meta.Cwd, cwd, s.Meta.Cwd)})
	}
	return s, out, nil
}

// sessionError classifies a failure to open a session.
func sessionError(err error) error {
	switch {
	case errors.Is(err, session.ErrNotFound):
		return inputErrorf("%v", err)
	case errors.Is(err, session.ErrLocked):
		return &exitError{exit: streamjsonv2.ExitCodeRuntime, code: streamjsonv2.ErrorCodeSessionLocked, msg: err.Error() + "; wait for it to finish or fork the session with --fork"}
	}
	return &exitError{exit: streamjsonv2.ExitCodeRuntime, code: streamjsonv2.ErrorCodeSessionError, msg: err.Error()}
}

// closeSession saves the session's metadata and releases its lock.
func (x *execution) closeSession(s *session.Session) {
	if err := s.Close(); err != nil {
		x.errorf("warning: %v", err)
	}
}
