package run

import (
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/tools"
)

// permit asks the policy about c. A call of a tool whose permission is not
// "allow", or that the policy refuses, needs a decision the client can
// see: permission_request, then permission_decision. It returns whether
// the call may run and why.
func (r *runner) permit(c *call) (bool, string, error) {
	d := r.cfg.Tools.policy.Decide(c.spec)
	if c.spec.Permission == tools.PermissionAllow && d.Granted {
		return true, d.Reason, nil
	}
	risk := riskOf(d.Risk)
	var block *streamjsonv2.Block
	if !d.Granted {
		block = &streamjsonv2.Block{Code: "permission_denied", ToolName: c.spec.Name,
			Action: streamjsonv2.PermissionAction(c.spec.Action), Reason: d.Reason, Recoverable: true}
	}
	if err := r.emit(r.request(c, risk, block)); err != nil {
		return false, d.Reason, err
	}
	err := r.emit(&streamjsonv2.PermissionDecision{RunID: r.runID, ID: c.id, Name: c.spec.Name,
		Action: streamjsonv2.PermissionAction(c.spec.Action), Permission: streamjsonv2.Permission(c.spec.Permission),
		PermissionGranted: d.Granted, DecisionReason: nonEmptyOpt(d.Reason), Risk: risk, Block: block})
	return d.Granted, d.Reason, err
}

// request builds the permission_request of c.
func (r *runner) request(c *call, risk *streamjsonv2.Risk, block *streamjsonv2.Block) *streamjsonv2.PermissionRequest {
	reason := "tool " + c.spec.Name + " " + c.spec.Reason
	if c.spec.Reason == "" {
		reason = "tool " + c.spec.Name + " needs a permission decision"
	}
	return &streamjsonv2.PermissionRequest{RunID: r.runID, ID: c.id, Name: c.spec.Name,
		Action: streamjsonv2.PermissionAction(c.spec.Action), Permission: streamjsonv2.Permission(c.spec.Permission),
		PermissionMode: streamjsonv2.PermissionMode(r.cfg.Tools.Mode()), SideEffect: c.sideEffect(),
		Reason: reason, Risk: risk, Block: block}
}

// riskOf converts the policy's risk assessment.
func riskOf(k permission.Risk) *streamjsonv2.Risk {
	if k.Level == "" {
		return nil
	}
	return &streamjsonv2.Risk{Level: streamjsonv2.RiskLevel(k.Level), Categories: append([]string{}, k.Categories...)}
}
