package cli

import (
	"errors"
	"fmt"

	"github.com/zeroproject/zero/internal/run"
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
	return &exitError{exit: run.ExitUsage, msg: fmt.Sprintf(format, args...)}
}

// inputErrorf is input Zero cannot use: exit 2, an invalid_input event.
func inputErrorf(format string, args ...any) error {
	return &exitError{exit: run.ExitUsage, code: run.CodeInvalidInput, msg: fmt.Sprintf(format, args...)}
}

// configErrorf is missing or wrong configuration: exit 3, a config_error event.
func configErrorf(format string, args ...any) error {
	return &exitError{exit: run.ExitRuntime, code: run.CodeConfigError, msg: fmt.Sprintf(format, args...)}
}

// asExit returns err as an *exitError; other errors are runtime failures.
func asExit(err error) *exitError {
	var e *exitError
	if errors.As(err, &e) {
		return e
	}
	return &exitError{exit: run.ExitRuntime, code: run.CodeInternalError, msg: err.Error()}
}

// isUsage reports whether err is a command-line mistake.
func isUsage(err error) bool {
	var e *exitError
	return errors.As(err, &e) && e.exit == run.ExitUsage && e.code == ""
}
