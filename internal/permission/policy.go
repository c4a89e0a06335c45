package permission

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zeroproject/zero/internal/tools"
)

// Mode says how much a run may do without a human approving it. Its values
// are the words of the --permission-mode flag.
type Mode string

const (
	// ModeDefault grants only tools whose permission is "allow", and the
	// tools named by --allowed-tools.
	ModeDefault Mode = "default"
	// ModeAcceptEdits also grants the tools that change files in the
	// workspace (write_file, edit_file), but not bash, nor writes to the
	// protected places (see DecideProtected).
	ModeAcceptEdits Mode = "accept-edits"
	// ModeUnsafe grants every tool whose permission is not "deny",
	// including shell and file writes, without asking anyone.
	ModeUnsafe Mode = "unsafe"
)

// Modes lists the valid modes.
func Modes() []Mode { return []Mode{ModeDefault, ModeAcceptEdits, ModeUnsafe} }

// ParseMode returns the Mode named s; "" means ModeDefault.
func ParseMode(s string) (Mode, error) {
	m := Mode(s)
	if m == "" {
		return ModeDefault, nil
	}
	if slices.Contains(Modes(), m) {
		return m, nil
	}
	return "", fmt.Errorf("unknown permission mode %q (want %s, %s or %s)", s, ModeDefault, ModeAcceptEdits, ModeUnsafe)
}

// Action is the policy's decision for one call, as the protocol names it.
type Action string

const (
	// ActionAllow: the call runs.
	ActionAllow Action = "allow"
	// ActionPrompt: the call needs someone's approval. A headless run has
	// no one to ask, so the call does not run.
	ActionPrompt Action = "prompt"
	// ActionDeny: the call never runs.
	ActionDeny Action = "deny"
)

// Policy is the permission policy of one run. The zero value is the
// default mode with no lists.
type Policy struct {
	Mode Mode
	// Enabled, when non-empty, restricts the run to these tools.
	Enabled []string
	// Disabled removes these tools.
	Disabled []string
	// Allowed grants these tools without asking (--allowed-tools): each
	// entry is a grant matched by Grant.Matches.
	Allowed []Grant
	// Interactive says someone can answer the calls left to a prompt (an
	// editor over ACP): the model is offered those tools too, and their
	// calls are put to that person instead of being refused.
	Interactive bool
	// BashConfined says bash commands run in a sandbox that keeps the
	// protected places read-only (--sandbox read-only or workspace-write):
	// granting bash then no longer lets file tools write there either.
	BashConfined bool
}

// Validate checks the mode, that every name in Enabled, Disabled and
// Allowed is one of known, that no tool is both enabled and disabled, and
// that no granted tool is disabled or left out of Enabled. It reports every
// problem at once.
func (p Policy) Validate(known []string) error {
	var errs []error
	if _, err := ParseMode(string(p.Mode)); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, unknownNames("enabled", p.Enabled, known)...)
	errs = append(errs, unknownNames("disabled", p.Disabled, known)...)
	for _, name := range p.Enabled {
		if slices.Contains(p.Disabled, name) {
			errs = append(errs, fmt.Errorf("tool %q is both enabled and disabled", name))
		}
	}
	for _, g := range p.Allowed {
		errs = append(errs, p.checkGrant(g, known)...)
	}
	return errors.Join(errs...)
}

// checkGrant reports a grant that names no known tool or a tool the lists
// remove.
func (p Policy) checkGrant(g Grant, known []string) []error {
	if IsMCP(string(g)) && !slices.ContainsFunc(known, g.Matches) {
		return nil
	}
	if !slices.ContainsFunc(known, g.Matches) {
		return []error{fmt.Errorf("unknown tool %q in the allowed tools%s (known tools: %s)", g, suggestion(string(g), known), strings.Join(known, ", "))}
	}
	var errs []error
	for _, name := range known {
		switch {
		case !g.Matches(name):
		case slices.Contains(p.Disabled, name):
			errs = append(errs, fmt.Errorf("tool %q is both allowed and disabled", name))
		case len(p.Enabled) > 0 && !slices.Contains(p.Enabled, name):
			errs = append(errs, fmt.Errorf("tool %q is allowed but not among the enabled tools (%s)", name, strings.Join(p.Enabled, ", ")))
		}
	}
	return errs
}

// unknownNames reports each name in list that is not in known.
func unknownNames(list string, names, known []string) []error {
	var errs []error
	for _, name := range names {
		if !slices.Contains(known, name) && !IsMCP(name) {
			errs = append(errs, fmt.Errorf("unknown tool %q in the %s tools%s (known tools: %s)", name, list, suggestion(name, known), strings.Join(known, ", ")))
		}
	}
	return errs
}

// Visible returns the specs the model may be offered, in their order: the
// tools the policy allows (Decide's Action is ActionAllow), and in an
// interactive policy also those it leaves to a prompt.
func (p Policy) Visible(specs []tools.Spec) []tools.Spec {
	var out []tools.Spec
	for _, s := range specs {
		if a := p.Decide(s).Action; a == ActionAllow || p.Interactive && a == ActionPrompt {
			out = append(out, s)
		}
	}
	return out
}

// Withheld returns the specs named in Enabled that the policy does not
// allow because they need an approval a headless run cannot give: the run
// asked for them, but the model will not be offered them.
func (p Policy) Withheld(specs []tools.Spec) []tools.Spec {
	var out []tools.Spec
	for _, s := range specs {
		if slices.Contains(p.Enabled, s.Name) && p.Decide(s).Action == ActionPrompt {
			out = append(out, s)
		}
	}
	return out
}

// Decide says what the policy does with a call of spec's tool, why, what
// decided it and how risky the call is. A tool that is not visible under
// the policy is refused with a reason written for both the model and the
// user, naming the flag that would change the outcome.
func (p Policy) Decide(spec tools.Spec) Decision {
	d := Decision{Risk: Assess(spec)}
	d.Action, d.Reason, d.By = p.decide(spec)
	return d
}

// decide applies the lists, then the tool's permission under the mode and
// the grants.
func (p Policy) decide(spec tools.Spec) (Action, string, string) {
	name := spec.Name
	switch {
	case slices.Contains(p.Disabled, name):
		return ActionDeny, fmt.Sprintf("tool %s is disabled for this run (--disabled-tools)", name), "--disabled-tools"
	case len(p.Enabled) > 0 && !slices.Contains(p.Enabled, name):
		return ActionDeny, fmt.Sprintf("tool %s is not among the tools enabled for this run (--enabled-tools %s)", name, strings.Join(p.Enabled, ",")), "--enabled-tools"
	}
	return p.byPermission(spec)
}

// byPermission applies spec's permission under the policy's mode and
// grants.
func (p Policy) byPermission(spec tools.Spec) (Action, string, string) {
	name, why := spec.Name, reasonSuffix(spec.Reason)
	switch spec.Permission {
	case tools.PermissionAllow:
		return ActionAllow, fmt.Sprintf("tool %s is allowed%s", name, why), ""
	case tools.PermissionDeny:
		return ActionDeny, fmt.Sprintf("tool %s is denied in every mode%s", name, why), ""
	case tools.PermissionPrompt:
		if by := p.grantedBy(spec); by != "" {
			return ActionAllow, fmt.Sprintf("tool %s needs approval%s; granted by %s", name, why, by), by
		}
		if p.Interactive {
			return ActionPrompt, fmt.Sprintf("tool %s needs approval%s", name, why), ""
		}
		return ActionPrompt, fmt.Sprintf("tool %s needs approval%s, and this headless run cannot ask for it; "+
			"allow it with %s", name, why, strings.Join(GrantFlags(spec), " or ")), ""
	}
	return ActionDeny, fmt.Sprintf("tool %s has an unknown permission %q and is denied", name, spec.Permission), ""
}

// grantedBy returns the flag that grants a call of spec's "prompt" tool,
// or "" when none does.
func (p Policy) grantedBy(spec tools.Spec) string {
	switch {
	case slices.ContainsFunc(p.Allowed, func(g Grant) bool { return g.Matches(spec.Name) }):
		return "--allowed-tools " + p.grantFor(spec.Name)
	case p.Mode == ModeUnsafe:
		return "--permission-mode " + string(ModeUnsafe)
	case p.Mode == ModeAcceptEdits && editsFiles(spec):
		return "--permission-mode " + string(ModeAcceptEdits)
	}
	return ""
}

// grantFor returns the grant that matched name, as the user typed it.
func (p Policy) grantFor(name string) string {
	for _, g := range p.Allowed {
		if g.Matches(name) {
			return string(g)
		}
	}
	return name
}

// editsFiles reports whether spec's tool only changes files in the
// workspace, which the accept-edits mode grants.
func editsFiles(spec tools.Spec) bool { return spec.SideEffect == tools.SideEffectWrite }

// GrantFlags lists the flags that would grant a call of spec's tool, as a
// user types them.
func GrantFlags(spec tools.Spec) []string {
	flags := []string{"--allowed-tools " + spec.Name}
	if server, ok := Grant(spec.Name).Server(); ok {
		flags = append(flags, "--allowed-tools "+mcpPrefix+server)
	}
	if editsFiles(spec) {
		flags = append(flags, "--permission-mode "+string(ModeAcceptEdits))
	}
	return append(flags, "--skip-permissions-unsafe")
}

// reasonSuffix renders a spec's Reason as a parenthetical clause.
func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return " (it " + reason + ")"
}
