package session

import (
	"crypto/rand"
	"fmt"
	"time"

	"github.com/zeroproject/zero/schema"
)

// idRule is the rule of a session id, read from schema/session/v1/meta.json.
var idRule = schema.MustStringRule("session/v1/meta.json", "id")

// ValidID reports whether id is a session id the schema allows. The rule
// admits no path separator, and "." and ".." cannot match it, so a valid id
// is always one directory name.
func ValidID(id string) bool { return idRule.Check(id, -1) == nil }

// validateID refuses ids the schema does not allow.
func validateID(id string) error {
	if err := idRule.Check(id, -1); err != nil {
		return fmt.Errorf("invalid session id %q: %v", clipID(id), err)
	}
	return nil
}

// clipID keeps messages about hostile ids short.
func clipID(id string) string {
	if len(id) > 64 {
		return id[:61] + "..."
	}
	return id
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
