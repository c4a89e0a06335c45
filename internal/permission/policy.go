package permission

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zeroproject/zero/internal/tools"
)

// Mode says how much a run may do without a human approving it.
type Mode string

const (
	// ModeDefault grants only tools whose permission is "allow".
	ModeDefault Mode = "default"
	// ModeSkipPermissionsUnsafe grants every tool whose permission is not
	// "deny", including shell and file writes, without asking anyone.
	ModeSkipPermissionsUnsafe Mode = "skip_permissions_unsafe"
)

// Modes lists the valid modes.
func Modes() []Mode { return []Mode{ModeDefault, ModeSkipPermissionsUnsafe} }

// ParseMode returns the Mode named s; "" means ModeDefault.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case "", ModeDefault:
		return ModeDefault, nil
	case ModeSkipPermissionsUnsafe:
		return m, nil
	}
	return "", fmt.Errorf("unknown permission mode %q (want %s or %s)", s, ModeDefault, ModeSkipPermissionsUnsafe)
}

// Policy is the permission policy of one run. The zero value is the
// default mode with no lists.
type Policy struct {
	Mode Mode
	// Enabled, when non-empty, restricts the run to these tools.
	Enabled []string
	// Disabled removes these tools.
	Disabled []string
}

// Validate checks the mode and that every name in Enabled and Disabled is
// one of known and that no tool is both enabled and disabled. It reports
// every problem at once.
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
	return errors.Join(errs...)
}

// unknownNames reports each name in list that is not in known.
func unknownNames(list string, names, known []string) []error {
	var errs []error
	for _, name := range names {
		if !slices.Contains(known, name) {
			errs = append(errs, fmt.Errorf("unknown tool %q in the %s tools (known tools: %s)", name, list, strings.Join(known, ", ")))
		}
	}
	return errs
}

// Visible returns the specs the model may be offered, in their order: in
// the default mode only "allow" tools, in skip_permissions_unsafe mode
// every tool that is not "deny"; then restricted to Enabled when it is
// non-empty and without Disabled.
func (p Policy) Visible(specs []tools.Spec) []tools.Spec {
	var out []tools.Spec
	for _, s := range specs {
		if p.Decide(s).Granted {
			out = append(out, s)
		}
	}
	return out
}

// Decide says whether a call of spec's tool is granted, why, and how risky
// it is. A tool that is not visible under the policy is denied with a
// reason written for both the model and the user.
func (p Policy) Decide(spec tools.Spec) Decision {
	d := Decision{Risk: Assess(spec)}
	d.Granted, d.Reason = p.grant(spec)
	return d
}

// grant applies the lists, then the tool's permission under the mode.
func (p Policy) grant(spec tools.Spec) (bool, string) {
	name := spec.Name
	switch {
	case slices.Contains(p.Disabled, name):
		return false, fmt.Sprintf("tool %s is disabled for this run", name)
	case len(p.Enabled) > 0 && !slices.Contains(p.Enabled, name):
		return false, fmt.Sprintf("tool %s is not among the tools enabled for this run (%s)", name, strings.Join(p.Enabled, ", "))
	}
	return p.byPermission(spec)
}

// byPermission applies spec's permission under the policy's mode.
func (p Policy) byPermission(spec tools.Spec) (bool, string) {
	name, why := spec.Name, reasonSuffix(spec.Reason)
	switch spec.Permission {
	case tools.PermissionAllow:
		return true, fmt.Sprintf("tool %s is allowed%s", name, why)
	case tools.PermissionDeny:
		return false, fmt.Sprintf("tool %s is denied in every mode%s", name, why)
	case tools.PermissionPrompt:
		if p.Mode == ModeSkipPermissionsUnsafe {
			return true, fmt.Sprintf("tool %s needs approval%s; granted because the permission mode is %s", name, why, ModeSkipPermissionsUnsafe)
		}
		return false, fmt.Sprintf("tool %s needs approval%s, and this headless run cannot ask for it; "+
			"the user can allow it with the %s permission mode", name, why, ModeSkipPermissionsUnsafe)
	}
	return false, fmt.Sprintf("tool %s has an unknown permission %q and is denied", name, spec.Permission)
}

// reasonSuffix renders a spec's Reason as a parenthetical clause.
func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return " (it " + reason + ")"
}
