package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zeroproject/zero/internal/session"
)

// TestNamesSession decides, for the word after a bare --resume, between a
// session id and prompt text. An id's random part may be letters only, so
// an abbreviation that names a stored session counts whatever its shape.
func TestNamesSession(t *testing.T) {
	dir := t.TempDir()
	const id = "zero_20260603100000_abcdef"
	if err := os.MkdirAll(filepath.Join(dir, id), 0o755); err != nil {
		t.Fatal(err)
	}
	st := &session.Store{Dir: dir}
	for word, want := range map[string]bool{
		"abcdef":                     true,  // the suffix, letters only
		"zero_20260603":              true,  // a prefix
		id:                           true,  // the whole id
		"zero_20260603100000_zzzzzz": true,  // no such session, but shaped like an id: an error later, not a prompt
		"review":                     false, // a word of the prompt
		"cdef":                       false, // too short to be taken from the prompt
		"9u3x7q":                     true,  // shaped like a random part
	} {
		if got := namesSession(st, word); got != want {
			t.Errorf("namesSession(%q) = %v, want %v", word, got, want)
		}
	}
}
