package session

import (
	"crypto/rand"
	"fmt"
	"regexp"
	"time"
)

// idPattern is the pattern of a session id in schema/session/v1/meta.json.
var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:-]*$`)

const maxIDLen = 128

// validateID refuses ids the schema does not allow. The pattern admits no path
// separator, and "." and ".." cannot match it, so a valid id is always one
// directory name.
func validateID(id string) error {
	if len(id) == 0 || len(id) > maxIDLen || !idPattern.MatchString(id) {
		return fmt.Errorf("invalid session id %q: want 1 to %d letters, digits, '_', '.', ':' or '-', starting with a letter or digit", id, maxIDLen)
	}
	return nil
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// newID returns "zero_YYYYMMDDhhmmss_" and six random lowercase letters or
// digits, with the time in UTC.
func newID(t time.Time) string {
	var b [6]byte
	rand.Read(b[:]) // never fails
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return "zero_" + t.UTC().Format("20060102150405") + "_" + string(b[:])
}
