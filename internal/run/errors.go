package run

import (
	"context"
	"errors"
	"fmt"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/vocab"
)

// outputError is a failure to write an event: the run cannot go on.
type outputError struct{ err error }

func (e *outputError) Error() string { return "write output: " + e.err.Error() }
func (e *outputError) Unwrap() error { return e.err }

// turnLimitError ends a run whose model still called tools after the last
// allowed turn. hint, when set, says how to raise the limit.
type turnLimitError struct {
	turns int
	hint  string
}

func (e *turnLimitError) Error() string {
	msg := fmt.Sprintf("the run reached its limit of %d turns without a final answer", e.turns)
	if e.hint != "" {
		msg += " (" + e.hint + ")"
	}
	return msg
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
		return vocab.ExitCodeSuccess, nil
	case errors.As(err, &limit):
		return vocab.ExitCodeIncomplete, &Failure{Code: vocab.ErrorCodeTurnLimit, Message: err.Error(), Recoverable: true}
	case errors.As(err, &cut):
		return vocab.ExitCodeIncomplete, &Failure{Code: vocab.ErrorCodeMaxOutputTokens, Message: err.Error(), Recoverable: true}
	case ctx.Err() != nil:
		return vocab.ExitCodeInterrupted, &Failure{Code: vocab.ErrorCodeInterrupted, Message: interruptMessage(ctx), Recoverable: true}
	case errors.As(err, &out):
		return vocab.ExitCodeRuntime, &Failure{Code: vocab.ErrorCodeOutputError, Message: err.Error()}
	case errors.As(err, &perr):
		return vocab.ExitCodeRuntime, &Failure{Code: vocab.ErrorCodeProviderError, Message: nonEmpty(perr.Message, "the provider failed"), Recoverable: perr.Recoverable}
	}
	return vocab.ExitCodeRuntime, &Failure{Code: vocab.ErrorCodeProviderError, Message: nonEmpty(err.Error(), "the provider failed")}
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
