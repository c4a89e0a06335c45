package permission

import (
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/tools"
)

// Level is how much harm a tool call can do.
type Level string

// Risk levels, from least to most dangerous.
const (
	LevelLow      Level = "low"
	LevelMedium   Level = "medium"
	LevelHigh     Level = "high"
	LevelCritical Level = "critical"
)

// Risk describes how dangerous calling a tool is.
type Risk struct {
	Level Level
	// Categories are risk categories of the protocol (streamjsonv2.RiskCategory*).
	Categories []string
}

// Decision is the policy's answer for one tool.
type Decision struct {
	Action Action
	// Reason says why, in words a model and a user can read.
	Reason string
	// By names the flag that decided, as a user types it ("--allowed-tools
	// bash"); "" when the tool's own permission decided.
	By   string
	Risk Risk
}

// Granted reports whether the call may run.
func (d Decision) Granted() bool { return d.Action == ActionAllow }

// Assess rates a tool by its side effect: read is low, write medium,
// shell and network high, anything unrecognised critical (the registry
// should never produce one, so it is treated as the worst case). A shell
// can read, write and reach the network, so its categories say so.
func Assess(spec tools.Spec) Risk {
	switch spec.SideEffect {
	case tools.SideEffectRead:
		return Risk{LevelLow, []string{streamjsonv2.RiskCategoryFilesystemRead}}
	case tools.SideEffectWrite:
		return Risk{LevelMedium, []string{streamjsonv2.RiskCategoryFilesystemWrite}}
	case tools.SideEffectShell:
		return Risk{LevelHigh, []string{streamjsonv2.RiskCategoryCodeExecution, streamjsonv2.RiskCategoryFilesystemRead,
			streamjsonv2.RiskCategoryFilesystemWrite, streamjsonv2.RiskCategoryNetwork}}
	case tools.SideEffectNetwork:
		return Risk{LevelHigh, []string{streamjsonv2.RiskCategoryNetwork}}
	}
	return Risk{LevelCritical, []string{streamjsonv2.RiskCategoryUnknown}}
}
