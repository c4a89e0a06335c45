package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
)

// ErrAmbiguous is matched (with errors.Is) by the error for an abbreviated
// id that names more than one session.
var ErrAmbiguous = errors.New("ambiguous session id")

// List returns the metadata of every readable session, the most recently
// updated first, and a Warning for every directory of the store that looks
// like a session but cannot be read: a meta.json that does not decode, or a
// missing one (a creation that stopped before it finished; a directory
// younger than creationGrace may be one under way and is skipped without a
// warning). One bad session never hides the others.
func (s *Store) List() ([]sessionv1.SessionMeta, []Warning, error) {
	names, err := s.sessionNames()
	if err != nil {
		return nil, nil, err
	}
	var metas []sessionv1.SessionMeta
	var warns []Warning
	for _, id := range names {
		m, err := readMeta(filepath.Join(s.Dir, id), id)
		switch {
		case err == nil:
			metas = append(metas, m)
		case errors.Is(err, ErrNotFound):
			if !s.recent(id) {
				warns = append(warns, Warning{Msg: fmt.Sprintf("skipped %s: it has no %s (its creation never finished); 'zero sessions delete %s' removes it", filepath.Join(s.Dir, id), metaName, id)})
			}
		default:
			warns = append(warns, Warning{Msg: fmt.Sprintf("skipped %s: %v", filepath.Join(s.Dir, id), err)})
		}
	}
	sortNewestFirst(metas)
	return metas, warns, nil
}

// sessionNames returns the names of the store's subdirectories that are
// valid session ids, sorted.
func (s *Store) sessionNames() ([]string, error) {
	if s.Dir == "" {
		return nil, errors.New("session store has no directory")
	}
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && ValidID(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// creationGrace is how long a session directory may lack meta.json while
// its creation is under way (it takes milliseconds) before List warns.
const creationGrace = 10 * time.Second

// recent reports whether the directory of session id changed within
// creationGrace. It only stats: taking the session's lock to find out
// would make a creation under way fail.
func (s *Store) recent(id string) bool {
	info, err := os.Stat(filepath.Join(s.Dir, id))
	return err == nil && time.Since(info.ModTime()) < creationGrace
}

// Exists reports whether id is the full id of a stored session (one with a
// meta.json, readable or not).
func (s *Store) Exists(id string) bool {
	if s.Dir == "" || !ValidID(id) {
		return false
	}
	info, err := os.Stat(filepath.Join(s.Dir, id, metaName))
	return err == nil && info.Mode().IsRegular()
}

// Resolve returns the full id of the stored session that ref names: its
// full id, or a unique prefix or suffix of it ("zero_2026", "rpx9u3").
// Every session directory counts, also one whose meta.json is missing or
// bad, so that such a session can be named to delete it. Errors match
// ErrInvalidID for an id the schema refuses, ErrNotFound when no session
// matches and ErrAmbiguous, with the candidates named, when several do.
func (s *Store) Resolve(ref string) (string, error) {
	if err := validateID(ref); err != nil {
		return "", err
	}
	names, err := s.sessionNames()
	if err != nil {
		return "", err
	}
	if slices.Contains(names, ref) {
		return ref, nil
	}
	var found []string
	for _, id := range names {
		if strings.HasPrefix(id, ref) || strings.HasSuffix(id, ref) {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 0:
		return "", notFound(ref)
	case 1:
		return found[0], nil
	}
	if len(found) > 5 {
		found = append(found[:5], "…")
	}
	return "", fmt.Errorf("%w: %s names %s", ErrAmbiguous, ref, strings.Join(found, ", "))
}

// LooksLikeID reports whether word has the shape of a session id Zero
// makes ("zero_20260603100000_abc123") or of a part of one people type to
// resume: a start with "zero_" or the date, or the six-character random
// end, holding both letters and digits ("rpx9u3"). A caller can then treat
// a word that names no session as a mistaken id rather than as text.
func LooksLikeID(word string) bool {
	if strings.HasPrefix(word, "zero_") || generatedID(word) {
		return ValidID(word)
	}
	if len(word) >= 8 && isDigits(word[:8]) && ValidID(word) {
		return true
	}
	return len(word) == idRandomLen && isIDRandom(word) && strings.ContainsAny(word, "0123456789") && strings.IndexFunc(word, isLower) >= 0
}

// generatedID reports whether id has the form newID makes.
func generatedID(id string) bool {
	rest, ok := strings.CutPrefix(id, "zero_")
	if !ok || len(rest) != 14+1+idRandomLen || rest[14] != '_' {
		return false
	}
	return isDigits(rest[:14]) && isIDRandom(rest[15:])
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func isIDRandom(s string) bool {
	return strings.Trim(s, idAlphabet) == ""
}

func isLower(r rune) bool { return 'a' <= r && r <= 'z' }

// Latest returns the id of the most recently updated session whose
// workspace is cwd (compared as clean absolute paths with symlinks
// resolved), with the warnings of List. The error matches ErrNotFound
// when there is none.
func (s *Store) Latest(cwd string) (string, []Warning, error) {
	metas, warns, err := s.List()
	if err != nil {
		return "", warns, err
	}
	want := canonicalDir(cwd)
	for _, m := range metas {
		if canonicalDir(m.Cwd) == want {
			return string(m.ID), warns, nil
		}
	}
	return "", warns, fmt.Errorf("%w: none was recorded in %s", ErrNotFound, cwd)
}

// canonicalDir cleans dir and resolves its symlinks when it exists.
func canonicalDir(dir string) string {
	dir = filepath.Clean(dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// zeroFile reports whether name is a file the store writes into a session
// directory: meta.json, events.jsonl, lock, grants.json, or a temporary
// meta or grants file left by an interrupted replace.
func zeroFile(name string) bool {
	switch name {
	case metaName, eventsName, lockName, grantsName:
		return true
	}
	return (strings.HasPrefix(name, "."+metaName+".") || strings.HasPrefix(name, "."+grantsName+".")) && strings.HasSuffix(name, ".tmp")
}

// Delete removes the session id (a full id): the files the store wrote and
// then its directory. It refuses, removing nothing, a session in use and a
// directory holding anything the store did not write, so it never deletes
// a file that is not Zero's.
func (s *Store) Delete(id string) error {
	return s.remove(id, false)
}

// remove deletes session id, or with dryRun only checks that Delete would:
// the session exists, holds only the store's files and is not in use. A
// dry run changes nothing, not even a missing lock file.
func (s *Store) remove(id string, dryRun bool) error {
	dir, err := s.sessionDir(id)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return notFound(id)
	}
	if err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	if err := foreignEntries(dir, entries); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	if dryRun && !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == lockName }) {
		return nil // no lock file: nobody holds the session
	}
	lk, err := s.lock(dir, id)
	if err != nil {
		return err
	}
	defer lk.Close()
	if dryRun {
		return nil
	}
	return removeSession(dir, id)
}

// foreignEntries returns an error naming the entries of dir that the store
// did not write, if any.
func foreignEntries(dir string, entries []fs.DirEntry) error {
	var foreign []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !zeroFile(e.Name()) {
			foreign = append(foreign, e.Name())
		}
	}
	if len(foreign) == 0 {
		return nil
	}
	return fmt.Errorf("%s holds files zero did not write (%s); remove them first", dir, strings.Join(foreign, ", "))
}

// removeSession removes the store's files from dir, meta.json first (so an
// interrupted delete leaves no half session that looks whole), then dir.
func removeSession(dir, id string) error {
	names := []string{metaName, eventsName}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if zeroFile(e.Name()) && !slices.Contains(names, e.Name()) {
			names = append(names, e.Name())
		}
	}
	for _, n := range names {
		if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("delete session %s: %w", id, err)
		}
	}
	if err := os.Remove(dir); err != nil {
		return fmt.Errorf("delete session %s: %w", id, err)
	}
	return nil
}

// PruneOptions say which sessions Prune deletes.
type PruneOptions struct {
	// OlderThan selects the sessions last updated longer ago than it.
	OlderThan time.Duration
	// All selects every session, whatever OlderThan says.
	All bool
	// DryRun deletes nothing: Prune returns the ids it would delete, each
	// checked as Delete checks it, and a Warning for each it would keep.
	DryRun bool
}

// Prune deletes the sessions o selects and returns the ids it deleted. A
// session it cannot delete (in use, holding foreign files, with an
// unreadable meta.json) is kept, with a Warning; so is a directory without
// meta.json, which List warns about.
func (s *Store) Prune(o PruneOptions) ([]string, []Warning, error) {
	metas, warns, err := s.List()
	if err != nil {
		return nil, warns, err
	}
	cutoff := s.clock().Add(-o.OlderThan)
	var deleted []string
	for _, m := range metas {
		t, err := parseTime(m.UpdatedAt)
		if !o.All && (err != nil || !t.Before(cutoff)) {
			continue
		}
		id := string(m.ID)
		if err := s.remove(id, o.DryRun); err != nil {
			warns = append(warns, Warning{Msg: "kept " + id + ": " + err.Error()})
			continue
		}
		deleted = append(deleted, id)
	}
	return deleted, warns, nil
}
