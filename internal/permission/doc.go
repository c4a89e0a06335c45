// Package permission decides which tools a run of `zero exec` may see and
// call.
//
// A [Policy] combines a [Mode] with optional lists of tool names: the
// enabled and disabled tools, and the tools granted without asking
// (--allowed-tools, as [Grant] values). The run loop validates the policy
// once against the registry, offers the model only the [Policy.Visible]
// tools, and asks [Policy.Decide] before every call:
//
//	p := permission.Policy{Mode: permission.ModeAcceptEdits, Allowed: []permission.Grant{"bash"}}
//	if err := p.Validate(tools.Names()); err != nil { ... } // usage error
//	offered := p.Visible(tools.Specs())
//	d := p.Decide(spec)
//	if !d.Granted() { /* return d.Reason to the model as an error result */ }
//
// A Decision's [Action] is the protocol's word for the outcome: "allow",
// "prompt" (someone would have to approve the call; zero exec runs
// headless, so nobody can, and the call does not run) or "deny". A tool
// whose permission is "prompt" is allowed by a grant, by the unsafe mode,
// or, when it only edits files in the workspace, by the accept-edits mode.
// Every Decision carries a [Risk] so callers can log or display how
// dangerous a call is, and names in By the flag that decided.
//
// A write_file or edit_file call whose path lies in a protected place
// (tools.Workspace.Protected: .git, an editor's tasks, another agent's
// hooks, and the like) is decided by [Policy.DecideProtected] instead:
// writing there can run commands, so it is granted only where bash is.
package permission
