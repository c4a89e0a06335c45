package cli

import "strings"

// redactModelInputEnv turns --redact-model-input on when it is 1 or true.
const redactModelInputEnv = "ZERO_REDACT_MODEL_INPUT"

// redactModelInput reports whether the tool results a run sends to the
// model are to be redacted: --redact-model-input, or
// ZERO_REDACT_MODEL_INPUT set to 1 or true. The run then redacts them with
// the Known form of its Redactor, which removes the secrets Zero holds (its
// API keys, the credentials of its MCP servers) and nothing else, so that
// the files the model reads and edits stay as they are otherwise.
func redactModelInput(f *execFlags, getenv func(string) string) (bool, error) {
	if f.redactModelInput {
		return true, nil
	}
	switch v := strings.TrimSpace(getenv(redactModelInputEnv)); strings.ToLower(v) {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	default:
		return false, configErrorf("%s=%s is neither 1 nor 0 (or true, false)", redactModelInputEnv, v)
	}
}
