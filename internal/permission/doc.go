// Package permission decides which tools a run of `zero exec` may see and
// call.
//
// A [Policy] combines a [Mode] with optional allow and deny lists of tool
// names. The run loop validates the policy once against the registry,
// offers the model only the [Policy.Visible] tools, and asks
// [Policy.Decide] before every call:
//
//	p := permission.Policy{Mode: permission.ModeDefault, Disabled: []string{"grep"}}
//	if err := p.Validate(tools.Names()); err != nil { ... } // usage error
//	offered := p.Visible(tools.Specs())
//	d := p.Decide(spec)
//	if !d.Granted { /* return d.Reason to the model as an error result */ }
//
// zero exec runs headless, so nobody can answer a prompt: in the default
// mode a tool whose permission is "prompt" is treated as denied, and only
// "allow" tools are visible. skip_permissions_unsafe grants every tool that
// is not "deny". Every Decision carries a [Risk] so callers can log or
// display how dangerous a granted call is.
package permission
