package run

import (
	"context"
	"errors"
	"fmt"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
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
		cerr  *contextError
		perr  *provider.Error
	)
	switch {
	case err == nil:
		return streamjsonv2.ExitCodeSuccess, nil
	case errors.As(err, &limit):
		return streamjsonv2.ExitCodeIncomplete, &Failure{Code: streamjsonv2.ErrorCodeTurnLimit, Message: err.Error(), Recoverable: true}
	case errors.As(err, &cut):
		return streamjsonv2.ExitCodeIncomplete, &Failure{Code: streamjsonv2.ErrorCodeMaxOutputTokens, Message: err.Error(), Recoverable: true}
	case ctx.Err() != nil:
		return streamjsonv2.ExitCodeInterrupted, &Failure{Code: streamjsonv2.ErrorCodeInterrupted, Message: interruptMessage(ctx), Recoverable: true}
	case errors.As(err, &out):
		return streamjsonv2.ExitCodeRuntime, &Failure{Code: streamjsonv2.ErrorCodeOutputError, Message: err.Error()}
	case errors.As(err, &cerr):
		return streamjsonv2.ExitCodeRuntime, &Failure{Code: streamjsonv2.ErrorCodeContextWindowExceeded, Message: err.Error()}
	case errors.As(err, &perr):
		return streamjsonv2.ExitCodeRuntime, &Failure{Code: streamjsonv2.ErrorCodeProviderError, Message: nonEmpty(perr.Message, "the provider failed"), Recoverable: perr.Recoverable}
	}
	return streamjsonv2.ExitCodeRuntime, &Failure{Code: streamjsonv2.ErrorCodeProviderError, Message: nonEmpty(err.Error(), "the provider failed")}
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
