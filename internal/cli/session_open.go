package cli

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/vocab"
)

// store returns the session store, redacting what it writes.
func (x *execution) store() (*session.Store, error) {
	return openStore(x.env, x.red.String)
}

func openStore(env Env, hook func(key, s string) string) (*session.Store, error) {
	dir, err := session.DefaultDir(env.Getenv)
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	return &session.Store{Dir: dir, Hook: hook}, nil
}

// checkSessions settles the session to resume or fork before anything is
// read: a bare --resume followed by a word that names a saved session
// resumes that session, and an id that names no session is a usage error.
func (x *execution) checkSessions(st *session.Store) error {
	f := x.f
	if f.resume == latest && len(f.words) > 0 && (sessionExists(st, f.words[0]) || generatedID.MatchString(f.words[0])) {
		f.resume, f.words = f.words[0], f.words[1:]
	}
	switch {
	case f.resume == latest:
		if metas, err := st.List(); err == nil && len(metas) == 0 {
			return usageErrorf("no session to resume in %s", st.Dir)
		}
	case f.resume != "" && !sessionExists(st, f.resume):
		return usageErrorf("no session %s to resume (see 'zero sessions list')", f.resume)
	case f.fork != "" && !sessionExists(st, f.fork):
		return usageErrorf("no session %s to fork (see 'zero sessions list')", f.fork)
	}
	return nil
}

// generatedID matches the ids Zero gives sessions; a bare --resume
// followed by such a word takes it as the id even when it names no session,
// so a mistyped id is an error rather than the start of the prompt.
var generatedID = regexp.MustCompile(`^zero_[0-9]{14}_[a-z0-9]+$`)

// sessionExists reports whether id names a saved session.
func sessionExists(st *session.Store, id string) bool {
	if !session.ValidID(id) {
		return false
	}
	info, err := os.Stat(filepath.Join(st.Dir, id, "meta.json"))
	return err == nil && info.Mode().IsRegular()
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
		s, warns, err = st.Open(resumeID(x.f.resume))
		if err == nil {
			s.Meta.Cwd = cwd
		}
	default:
		if s, err = st.Create(meta); err != nil {
			return nil, []run.Warning{{Code: vocab.WarningCodeSessionNotSaved, Message: "this run is not saved: " + err.Error()}}, nil
		}
	}
	if err != nil {
		return nil, nil, sessionError(err)
	}
	var out []run.Warning
	for _, w := range warns {
		out = append(out, run.Warning{Code: vocab.WarningCodeSessionWarning, Message: w.String()})
	}
	return s, out, nil
}

// resumeID is the id Store.Open takes for --resume: "" for the latest.
func resumeID(flag string) string {
	if flag == latest {
		return ""
	}
	return flag
}

// sessionError classifies a failure to open a session.
func sessionError(err error) error {
	switch {
	case errors.Is(err, session.ErrNotFound):
		return inputErrorf("%v", err)
	case errors.Is(err, session.ErrLocked):
		return &exitError{exit: vocab.ExitCodeRuntime, code: vocab.ErrorCodeSessionLocked, msg: err.Error() + "; wait for it to finish or fork the session with --fork"}
	}
	return &exitError{exit: vocab.ExitCodeRuntime, code: vocab.ErrorCodeSessionError, msg: err.Error()}
}

// closeSession saves the session's metadata and releases its lock.
func (x *execution) closeSession(s *session.Session) {
	if err := s.Close(); err != nil {
		x.errorf("warning: %v", err)
	}
}
