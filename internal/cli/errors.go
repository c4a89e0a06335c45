package cli

import (
	"errors"
	"fmt"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// exitError is a failure with the exit code and error code it ends with.
type exitError struct {
	exit int
	code string // the error event's code; "" for usage errors, which write no event
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErrorf is a mistake in the command line: exit 2, nothing on stdout.
func usageErrorf(format string, args ...any) error {
	return &exitError{exit: streamjsonv2.ExitCodeUsage, msg: fmt.Sprintf(format, args...)}
}

// inputErrorf is input Zero cannot use: exit 2, an invalid_input event.
func inputErrorf(format string, args ...any) error {
	return &exitError{exit: streamjsonv2.ExitCodeUsage, code: streamjsonv2.ErrorCodeInvalidInput, msg: fmt.Sprintf(format, args...)}
}

// configErrorf is missing or wrong configuration: exit 3, a config_error event.
func configErrorf(format string, args ...any) error {
	return &exitError{exit: streamjsonv2.ExitCodeRuntime, code: streamjsonv2.ErrorCodeConfigError, msg: fmt.Sprintf(format, args...)}
}

// asExit returns err as an *exitError; other errors are runtime failures.
func asExit(err error) *exitError {
	var e *exitError
	if errors.As(err, &e) {
		return e
	}
	return &exitError{exit: streamjsonv2.ExitCodeRuntime, code: streamjsonv2.ErrorCodeInternalError, msg: err.Error()}
}

// isUsage reports whether err is a command-line mistake.
func isUsage(err error) bool {
	var e *exitError
	return errors.As(err, &e) && e.exit == streamjsonv2.ExitCodeUsage && e.code == ""
}
