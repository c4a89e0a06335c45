package permission

import (
	"fmt"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/tools"
)

// DecideProtected says what the policy does with a call of spec's tool
// that would write the protected place prot (tools.Workspace.Protected).
// Writing there can run commands (git runs a hook on commit, the commands
// its config names on status), so neither the accept-edits mode nor a
// grant of the tool alone allows it: the call is granted only when the
// tool is granted and a bash call would be too (--allowed-tools bash, or
// the unsafe mode with bash not disabled), and bash runs without a sandbox
// (BashConfined false), since a sandboxed bash cannot write there either.
// Otherwise an interactive policy
// leaves it to a prompt, and a headless one refuses it with the flags
// that would allow it. A call the lists deny stays denied.
func (p Policy) DecideProtected(spec tools.Spec, prot tools.Protection) Decision {
	d := p.Decide(spec)
	if d.Action == ActionDeny {
		return d
	}
	d.Risk = Risk{LevelHigh, []string{streamjsonv2.RiskCategoryFilesystemWrite, streamjsonv2.RiskCategoryCodeExecution}}
	what := fmt.Sprintf("tool %s would write %s, a protected place (%s)", spec.Name, prot.Path, prot.Why)
	bash, toolGranted := p.Decide(bashSpec()), d.Granted()
	switch {
	case toolGranted && bash.Granted() && !p.BashConfined:
		d.Action, d.By = ActionAllow, bash.By
		d.Reason = what + "; granted because this run grants bash (" + bash.By + ")"
	case p.Interactive:
		d.Action, d.By = ActionPrompt, ""
		d.Reason = what + "; writing there can run commands, so it needs approval even where file edits do not"
	case bash.Granted() && p.BashConfined:
		d.Action, d.By = ActionPrompt, ""
		d.Reason = what + "; writing there can run commands, and this run's bash sandbox keeps it read-only for bash too; " +
			"allow it with " + protectedFlags(spec, toolGranted) + ", with --sandbox danger-full-access"
	case bash.Action == ActionDeny:
		d.Action, d.By = ActionPrompt, ""
		d.Reason = what + "; writing there can run commands, so only a run that grants bash may do it, and this run does not: " + bash.Reason
	default:
		d.Action, d.By = ActionPrompt, ""
		d.Reason = what + "; writing there can run commands, so only a run that grants bash may do it " +
			"(the accept-edits mode and a grant of " + spec.Name + " do not), and this headless run cannot ask; allow it with " +
			protectedFlags(spec, toolGranted)
	}
	return d
}

// protectedFlags names the flags that would grant a protected write by
// spec's tool, which toolGranted says the run already grants.
func protectedFlags(spec tools.Spec, toolGranted bool) string {
	if toolGranted {
		return "--allowed-tools " + tools.NameBash + " or --permission-mode " + string(ModeUnsafe)
	}
	return "--allowed-tools " + tools.NameBash + "," + spec.Name + " or --permission-mode " + string(ModeUnsafe)
}

// bashSpec returns the registry entry of bash.
func bashSpec() tools.Spec {
	for _, s := range tools.Specs() {
		if s.Name == tools.NameBash {
			return s
		}
	}
	panic("permission: the tool registry has no " + tools.NameBash)
}
