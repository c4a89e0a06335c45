package run

import (
	"context"
	"errors"
	"fmt"

	"github.com/zeroproject/zero/internal/provider"
)

// outputError is a failure to write an event: the run cannot go on.
type outputError struct{ err error }

func (e *outputError) Error() string { return "write output: " + e.err.Error() }
func (e *outputError) Unwrap() error { return e.err }

// turnLimitError ends a run whose model still called tools after the last
// allowed turn.
type turnLimitError struct{ turns int }

func (e *turnLimitError) Error() string {
	return fmt.Sprintf("the run reached its limit of %d turns without a final answer (raise it with --max-turns)", e.turns)
}

// cutError ends a run whose answer the output-token limit cut off.
type cutError struct{ provider, reason string }

func (e *cutError) Error() string {
	return fmt.Sprintf("the model's answer was cut off at its output-token limit (%s stop reason %q); "+
		"raise the limit with --max-output-tokens", e.provider, e.reason)
}

// outcome classifies how a run ended.
func outcome(ctx context.Context, err error) (int, *Failure) {
	var (
		limit *turnLimitError
		cut   *cutError
		out   *outputError
		perr  *provider.Error
	)
	switch {
	case err == nil:
		return ExitOK, nil
	case errors.As(err, &limit):
		return ExitIncomplete, &Failure{Code: CodeTurnLimit, Message: err.Error(), Recoverable: true}
	case errors.As(err, &cut):
		return ExitIncomplete, &Failure{Code: CodeMaxOutputTokens, Message: err.Error(), Recoverable: true}
	case ctx.Err() != nil:
		return ExitInterrupted, &Failure{Code: CodeInterrupted, Message: interruptMessage(ctx), Recoverable: true}
	case errors.As(err, &out):
		return ExitRuntime, &Failure{Code: CodeOutputError, Message: err.Error()}
	case errors.As(err, &perr):
		return ExitRuntime, &Failure{Code: CodeProviderError, Message: nonEmpty(perr.Message, "the provider failed"), Recoverable: perr.Recoverable}
	}
	return ExitRuntime, &Failure{Code: CodeProviderError, Message: nonEmpty(err.Error(), "the provider failed")}
}

// interruptMessage says why ctx was cancelled.
func interruptMessage(ctx context.Context) string {
	if c := context.Cause(ctx); c != nil && c != context.Canceled && c != context.DeadlineExceeded {
		return c.Error()
	}
	return "the run was interrupted"
}

func nonEmpty(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
