package permission

import "github.com/zeroproject/zero/internal/tools"

// Level is how much harm a tool call can do.
type Level string

// Risk levels, from least to most dangerous.
const (
	LevelLow      Level = "low"
	LevelMedium   Level = "medium"
	LevelHigh     Level = "high"
	LevelCritical Level = "critical"
)

// Risk categories.
const (
	CategoryFilesystemRead  = "filesystem_read"
	CategoryFilesystemWrite = "filesystem_write"
	CategoryCodeExecution   = "code_execution"
	CategoryNetwork         = "network"
	CategoryUnknown         = "unknown"
)

// Risk describes how dangerous calling a tool is.
type Risk struct {
	Level      Level
	Categories []string
}

// Decision is the policy's answer for one tool.
type Decision struct {
	Granted bool
	// Reason says why, in words a model and a user can read.
	Reason string
	Risk   Risk
}

// Assess rates a tool by its side effect: read is low, write medium,
// shell and network high, anything unrecognised critical (the registry
// should never produce one, so it is treated as the worst case). A shell
// can read, write and reach the network, so its categories say so.
func Assess(spec tools.Spec) Risk {
	switch spec.SideEffect {
	case tools.SideEffectRead:
		return Risk{LevelLow, []string{CategoryFilesystemRead}}
	case tools.SideEffectWrite:
		return Risk{LevelMedium, []string{CategoryFilesystemWrite}}
	case tools.SideEffectShell:
		return Risk{LevelHigh, []string{CategoryCodeExecution, CategoryFilesystemRead, CategoryFilesystemWrite, CategoryNetwork}}
	case tools.SideEffectNetwork:
		return Risk{LevelHigh, []string{CategoryNetwork}}
	}
	return Risk{LevelCritical, []string{CategoryUnknown}}
}
