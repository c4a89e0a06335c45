package cli

import (
	"strconv"
	"strings"

	"github.com/zeroproject/zero/internal/compact"
)

// Environment variables of context management (docs/context.md).
const (
	contextWindowEnv = "ZERO_CONTEXT_WINDOW"
	noCompactEnv     = "ZERO_NO_COMPACT"
)

// contextMeter returns the Meter of a run of model: the window of
// --context-window, else ZERO_CONTEXT_WINDOW, else Zero's table; off with
// --no-compact or ZERO_NO_COMPACT set to 1 or true.
func contextMeter(f *execFlags, getenv func(string) string, model string) (*compact.Meter, error) {
	window := f.contextWindow
	if window == 0 {
		if v := strings.TrimSpace(getenv(contextWindowEnv)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return nil, configErrorf("%s=%s is not a positive whole number of tokens", contextWindowEnv, v)
			}
			window = n
		}
	}
	off := f.noCompact
	switch v := strings.TrimSpace(getenv(noCompactEnv)); strings.ToLower(v) {
	case "", "0", "false":
	case "1", "true":
		off = true
	default:
		return nil, configErrorf("%s=%s is neither 1 nor 0 (or true, false)", noCompactEnv, v)
	}
	return compact.NewMeter(model, window, off), nil
}

// checkContext checks --context-window.
func (f *execFlags) checkContext() error {
	if f.contextWindow < 0 || f.contextWindowSet && f.contextWindow == 0 {
		return usageErrorf("--context-window must be at least 1 token (got %d); --no-compact turns context management off", f.contextWindow)
	}
	return nil
}
