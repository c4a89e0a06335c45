package cli

import (
	"strconv"
	"strings"
)

// maxOutputEnv sets the output-token limit of each model call when
// --max-output-tokens is not given.
const maxOutputEnv = "ZERO_MAX_OUTPUT_TOKENS"

// maxOutputTokens is the output-token limit of each model call:
// --max-output-tokens, else ZERO_MAX_OUTPUT_TOKENS, else 0 (the provider's
// default).
func (x *execution) maxOutputTokens() (int, error) {
	if x.f.maxOutput > 0 {
		return x.f.maxOutput, nil
	}
	v := strings.TrimSpace(x.env.Getenv(maxOutputEnv))
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, configErrorf("%s=%s is not a positive whole number of tokens", maxOutputEnv, v)
	}
	return n, nil
}
