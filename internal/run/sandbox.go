package run

import (
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/tools"
)

// SetSandbox confines the toolbox's bash commands with box. Without one
// they run unconfined, as the callers that set none (tests) expect; the
// zero command always sets one.
func (t *Toolbox) SetSandbox(box *sandbox.Sandbox) { t.box = box }

// Sandbox returns the sandbox of bash commands, nil when there is none.
func (t *Toolbox) Sandbox() *sandbox.Sandbox { return t.box }

// sandboxBlock converts the sandbox's block of a result into the
// protocol's block and risk.
func sandboxBlock(c *call, res tools.Result) (*streamjsonv2.Block, *streamjsonv2.Risk) {
	if res.Block == nil {
		return nil, nil
	}
	risk := &streamjsonv2.Risk{Level: streamjsonv2.RiskLevelHigh, Categories: []string{streamjsonv2.RiskCategoryFilesystemWrite}}
	switch res.Block.Code {
	case sandbox.CodeNetwork:
		risk = &streamjsonv2.Risk{Level: streamjsonv2.RiskLevelCritical, Categories: []string{streamjsonv2.RiskCategoryNetwork}}
	case sandbox.CodeUnavailable:
		risk = &streamjsonv2.Risk{Level: streamjsonv2.RiskLevelHigh, Categories: []string{streamjsonv2.RiskCategoryCodeExecution}}
	}
	block := &streamjsonv2.Block{Code: res.Block.Code, ToolName: streamjsonv2.NonEmptyString(c.spec.Name), Action: streamjsonv2.PermissionActionDeny,
		Risk: risk, Reason: streamjsonv2.NonEmptyString(res.Block.Reason), Recoverable: res.Block.Code != sandbox.CodeUnavailable}
	return block, risk
}
