// Package vocab holds the words of the stream-json protocol that Zero's Go
// code emits: error codes, warning codes, block codes, risk categories and
// exit codes. Each one is declared, with its meaning, in
// schema/streamjson/v2/defs.json; this package is the one hand-written copy
// until zerogen generates these constants from the schema, and its test
// fails when the two disagree.
//
// Every place that writes a code into an event uses a constant from here:
//
//	&streamjsonv2.Error{Code: vocab.ErrorCodeProviderError, ...}
package vocab

// Error codes of error events (and of the error of `zero exec -o json`).
const (
	ErrorCodeInvalidInput  = "invalid_input"
	ErrorCodeProviderError = "provider_error"
	ErrorCodeConfigError   = "config_error"
	ErrorCodeToolError     = "tool_error"
	ErrorCodeInterrupted   = "interrupted"
	ErrorCodeTurnLimit     = "turn_limit"
	ErrorCodeInternalError = "internal_error"
	ErrorCodeOutputError   = "output_error"
	ErrorCodeSessionLocked = "session_locked"
	ErrorCodeSessionError  = "session_error"
	// ErrorCodeMaxOutputTokens ends a run whose final answer the
	// output-token limit cut off (exit code 4, like the turn limit).
	ErrorCodeMaxOutputTokens = "max_output_tokens"
)

// Warning codes of warning events.
const (
	WarningCodeSessionNotSaved       = "session_not_saved"
	WarningCodeSessionWarning        = "session_warning"
	WarningCodeSkipPermissionsUnsafe = "skip_permissions_unsafe"
	WarningCodeToolsNotOffered       = "tools_not_offered"
	// WarningCodeMaxOutputTokens says the output-token limit cut a turn
	// that made tool calls; the run goes on.
	WarningCodeMaxOutputTokens = "max_output_tokens"
	// WarningCodeAgentsFile says the workspace's AGENTS.md could not be
	// read into the system prompt.
	WarningCodeAgentsFile = "agents_file"
)

// Block codes: why Zero stopped a tool call (block.code of the permission
// events).
const (
	BlockCodePermissionDenied = "permission_denied"
)

// Risk categories of a risk assessment (risk.categories).
const (
	RiskCategoryFilesystemRead  = "filesystem_read"
	RiskCategoryFilesystemWrite = "filesystem_write"
	RiskCategoryCodeExecution   = "code_execution"
	RiskCategoryNetwork         = "network"
	RiskCategoryUnknown         = "unknown"
)

// Exit codes of `zero` (run_end.exitCode).
const (
	ExitCodeSuccess     = 0
	ExitCodeInternal    = 1
	ExitCodeUsage       = 2
	ExitCodeRuntime     = 3
	ExitCodeIncomplete  = 4
	ExitCodeInterrupted = 130
)

// ErrorCodes lists the declared error codes.
func ErrorCodes() []string {
	return []string{ErrorCodeInvalidInput, ErrorCodeProviderError, ErrorCodeConfigError, ErrorCodeToolError,
		ErrorCodeInterrupted, ErrorCodeTurnLimit, ErrorCodeInternalError, ErrorCodeOutputError,
		ErrorCodeSessionLocked, ErrorCodeSessionError, ErrorCodeMaxOutputTokens}
}

// WarningCodes lists the declared warning codes.
func WarningCodes() []string {
	return []string{WarningCodeSessionNotSaved, WarningCodeSessionWarning, WarningCodeSkipPermissionsUnsafe,
		WarningCodeToolsNotOffered, WarningCodeMaxOutputTokens, WarningCodeAgentsFile}
}

// BlockCodes lists the declared block codes.
func BlockCodes() []string { return []string{BlockCodePermissionDenied} }

// RiskCategories lists the declared risk categories.
func RiskCategories() []string {
	return []string{RiskCategoryFilesystemRead, RiskCategoryFilesystemWrite, RiskCategoryCodeExecution,
		RiskCategoryNetwork, RiskCategoryUnknown}
}

// ExitCodes lists the declared exit codes.
func ExitCodes() []int {
	return []int{ExitCodeSuccess, ExitCodeInternal, ExitCodeUsage, ExitCodeRuntime, ExitCodeIncomplete, ExitCodeInterrupted}
}
