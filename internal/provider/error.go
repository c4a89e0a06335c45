package provider

import (
	"fmt"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
)

// CodeProviderError is the Code of every *Error: the protocol's
// provider_error.
const CodeProviderError = streamjsonv2.ErrorCodeProviderError

// Error is what Stream returns for provider failures: HTTP errors, broken or malformed streams,
// idle timeouts and errors the vendor reports inside the stream.
type Error struct {
	// Code is always CodeProviderError.
	Code    string
	Message string
	// Status is the HTTP status code, or 0 when there was no HTTP error.
	Status int
	// Recoverable says the same request may succeed later (rate limits, server errors, broken
	// connections); false for requests the vendor rejected and for malformed streams.
	Recoverable bool
	// Retries is how many times the request was retried before this failure.
	Retries int
	// EndedEarly says the response ended cleanly before the vendor's end-of-stream marker; a
	// vendor package may still accept the turn when the stream had already said it was complete.
	EndedEarly bool
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// newError builds an *Error with the message made from format and args.
func newError(recoverable bool, status int, format string, args ...any) *Error {
	return &Error{
		Code:        CodeProviderError,
		Message:     fmt.Sprintf(format, args...),
		Status:      status,
		Recoverable: recoverable,
	}
}

// removeSecret replaces secret in s with redact.Redacted, the one marker
// of a redaction. A secret shorter than redact.MinSecretLen is left alone:
// cutting a one-letter key out of a vendor's message would cut that
// letter out of every word of it.
func removeSecret(s, secret string) string {
	if len(secret) < redact.MinSecretLen {
		return s
	}
	return strings.ReplaceAll(s, secret, redact.Redacted)
}
