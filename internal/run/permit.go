package run

import (
	"context"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/tools"
)

// permit asks the policy about c and reports what the client must see. A
// call of an "allow" tool that the policy allows needs no event. Any other
// call gets a permission_request whose action is the policy's decision.
// A permission_decision follows only when something decided the call (a
// grant flag, the permission mode, the run's configuration); a call that
// waits for an approval (action "prompt") gets none, since a headless run
// has no one to ask: its error tool_result tells the outcome. permit
// returns whether the call may run and why. A call that would write a
// protected place is decided as such (permission.Policy.DecideProtected),
// and c remembers the place so that the tool may write it once granted.
func (r *runner) permit(ctx context.Context, c *call) (bool, string, error) {
	d := r.cfg.Tools.decide(c)
	if d.Action == permission.ActionPrompt && r.cfg.Asker != nil {
		return r.ask(ctx, c, d)
	}
	if c.spec.Permission == tools.PermissionAllow && d.Granted() {
		return true, d.Reason, nil
	}
	risk := riskOf(d.Risk)
	action := streamjsonv2.PermissionAction(d.Action)
	var block *streamjsonv2.Block
	if !d.Granted() {
		block = &streamjsonv2.Block{Code: streamjsonv2.BlockCodePermissionDenied, ToolName: streamjsonv2.NonEmptyString(c.spec.Name),
			Action: action, Reason: streamjsonv2.NonEmptyString(d.Reason), Recoverable: true}
	}
	if err := r.emit(r.request(c, action, risk, block)); err != nil || d.Action == permission.ActionPrompt {
		return false, d.Reason, err
	}
	err := r.emit(&streamjsonv2.PermissionDecision{RunID: streamjsonv2.ID(r.runID), ID: streamjsonv2.ID(c.id), Name: streamjsonv2.NonEmptyString(c.spec.Name),
		Action: action, Permission: streamjsonv2.Permission(c.spec.Permission),
		PermissionGranted: d.Granted(), DecisionReason: nonEmptyOpt(d.Reason), Risk: risk, Block: block})
	return d.Granted(), d.Reason, err
}

// ask puts a call the policy leaves to a person to the Asker: a
// permission_request with action "prompt", the question, then a
// permission_decision saying what the person chose.
func (r *runner) ask(ctx context.Context, c *call, d permission.Decision) (bool, string, error) {
	risk := riskOf(d.Risk)
	if err := r.emit(r.request(c, streamjsonv2.PermissionActionPrompt, risk, nil)); err != nil {
		return false, d.Reason, err
	}
	q := Question{ID: c.id, Tool: c.spec.Name, Args: c.orig.Args, Reason: d.Reason}
	if c.protected != nil {
		q.Protected = c.protected.Path
	}
	granted, err := r.cfg.Asker.Ask(ctx, q)
	action, reason := streamjsonv2.PermissionActionAllow, "tool "+c.spec.Name+" was approved"
	var block *streamjsonv2.Block
	switch {
	case err != nil:
		granted, action, reason = false, streamjsonv2.PermissionActionDeny, "tool "+c.spec.Name+" was not approved: the question was cancelled"
	case !granted:
		action, reason = streamjsonv2.PermissionActionDeny, "tool "+c.spec.Name+" was rejected by the user"
	}
	if !granted {
		block = &streamjsonv2.Block{Code: streamjsonv2.BlockCodePermissionDenied, ToolName: streamjsonv2.NonEmptyString(c.spec.Name),
			Action: action, Reason: streamjsonv2.NonEmptyString(reason), Recoverable: true}
	}
	if eerr := r.emit(&streamjsonv2.PermissionDecision{RunID: streamjsonv2.ID(r.runID), ID: streamjsonv2.ID(c.id), Name: streamjsonv2.NonEmptyString(c.spec.Name),
		Action: action, Permission: streamjsonv2.Permission(c.spec.Permission),
		PermissionGranted: granted, DecisionReason: nonEmptyOpt(reason), Risk: risk, Block: block}); eerr != nil {
		return false, reason, eerr
	}
	return granted, reason, nil
}

// request builds the permission_request of c.
func (r *runner) request(c *call, action streamjsonv2.PermissionAction, risk *streamjsonv2.Risk, block *streamjsonv2.Block) *streamjsonv2.PermissionRequest {
	reason := "tool " + c.spec.Name + " " + c.spec.Reason
	if c.spec.Reason == "" {
		reason = "tool " + c.spec.Name + " needs a permission decision"
	}
	return &streamjsonv2.PermissionRequest{RunID: streamjsonv2.ID(r.runID), ID: streamjsonv2.ID(c.id), Name: streamjsonv2.NonEmptyString(c.spec.Name),
		Action: action, Permission: streamjsonv2.Permission(c.spec.Permission),
		PermissionMode: wireMode(r.cfg.Tools.Mode()), SideEffect: c.sideEffect(),
		Reason: streamjsonv2.NonEmptyString(reason), Risk: risk, Block: block}
}

// wireMode is the protocol's name of a permission mode: the default mode
// asks, accept-edits approves file edits itself, unsafe approves
// everything.
func wireMode(m permission.Mode) streamjsonv2.PermissionMode {
	switch m {
	case permission.ModeAcceptEdits:
		return streamjsonv2.PermissionModeAuto
	case permission.ModeUnsafe:
		return streamjsonv2.PermissionModeUnsafe
	}
	return streamjsonv2.PermissionModeAsk
}

// riskOf converts the policy's risk assessment.
func riskOf(k permission.Risk) *streamjsonv2.Risk {
	if k.Level == "" {
		return nil
	}
	return &streamjsonv2.Risk{Level: streamjsonv2.RiskLevel(k.Level), Categories: append([]string{}, k.Categories...)}
}
