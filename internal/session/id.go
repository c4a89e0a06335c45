package session

import (
	"errors"
	"fmt"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/randid"
	"github.com/zeroproject/zero/internal/textclip"
)

// ValidID reports whether id is a session id the schema allows
// (sessionv1.SessionID). The rule admits no path separator, and "." and
// ".." cannot match it, so a valid id is always one directory name.
func ValidID(id string) bool { return sessionv1.SessionID(id).Validate() == nil }

// ErrInvalidID is matched (with errors.Is) by the error for an id the
// schema does not allow.
var ErrInvalidID = errors.New("invalid session id")

// validateID refuses ids the schema does not allow.
func validateID(id string) error {
	if err := sessionv1.SessionID(id).Validate(); err != nil {
		return fmt.Errorf("%w %q: %v", ErrInvalidID, textclip.Bytes(id, 64), err)
	}
	return nil
}

// idAlphabet is what the random end of a session id is made of.
const idAlphabet = randid.Alphabet

// idRandomLen is how many random characters end a new session id.
const idRandomLen = 6

// newID returns "zero_YYYYMMDDhhmmss_" and idRandomLen random lowercase
// letters or digits, with the time in UTC.
func newID(t time.Time) sessionv1.SessionID {
	return sessionv1.SessionID("zero_" + t.UTC().Format("20060102150405") + "_" + randid.String(idRandomLen))
}
