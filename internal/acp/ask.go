package acp

import (
	"context"
	"fmt"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/rt"
)

// asker puts the calls the policy leaves to a person to the editor with
// session/request_permission (run.Asker). An allow_always or reject_always
// answer holds for the tool for the rest of the session, except that an
// allow never covers a write to a protected place: that is asked every
// time, with only the options for this once.
type asker struct {
	s  *server
	st *sessionState
	u  *updates
}

// The options every permission request offers, by id.
var permissionOptions = []acpv1.PermissionOption{
	{OptionID: "allow_once", Name: "Allow", Kind: acpv1.PermissionOptionKindAllowOnce},
	{OptionID: "allow_always", Name: "Always allow", Kind: acpv1.PermissionOptionKindAllowAlways},
	{OptionID: "reject_once", Name: "Reject", Kind: acpv1.PermissionOptionKindRejectOnce},
	{OptionID: "reject_always", Name: "Always reject", Kind: acpv1.PermissionOptionKindRejectAlways},
}

// protectedOptions are the options of a write to a protected place.
var protectedOptions = []acpv1.PermissionOption{permissionOptions[0], permissionOptions[2]}

// Ask implements run.Asker.
func (a *asker) Ask(ctx context.Context, q run.Question) (bool, error) {
	if allowed, ok := a.st.remembered(q.Tool); ok && (!allowed || q.Protected == "") {
		return allowed, nil
	}
	options := permissionOptions
	if q.Protected != "" {
		options = protectedOptions
	}
	tc := acpv1.ToolCallUpdate{ToolCallID: q.ID, Kind: present(kind(q.Tool)), Status: present(acpv1.ToolCallStatusPending),
		Title: rt.Some(rt.Nullable[string]{V: a.title(q), Valid: true}), RawInput: jsonOrNull(q.Args)}
	m, err := a.s.call(ctx, func(id acpv1.RequestID) encodable {
		return &acpv1.PermissionRequestMessage{ID: id, Params: acpv1.RequestPermissionRequest{SessionID: a.st.id,
			ToolCall: tc, Options: options}}
	})
	if err != nil {
		return false, err
	}
	var res acpv1.RequestPermissionResponse
	if err := decodeLenient(m.Result, &res); err != nil {
		return false, fmt.Errorf("the client's answer to session/request_permission is invalid: %w", err)
	}
	sel, ok := res.Outcome.Value.(*acpv1.PermissionSelected)
	if !ok {
		return false, context.Canceled
	}
	return a.choose(q, sel.OptionID)
}

// choose applies the chosen option.
func (a *asker) choose(q run.Question, option string) (bool, error) {
	if q.Protected != "" && option != "allow_once" && option != "reject_once" {
		return false, fmt.Errorf("the client chose an option Zero did not offer for a protected place: %q", option)
	}
	tool := q.Tool
	switch option {
	case "allow_once":
		return true, nil
	case "reject_once":
		return false, nil
	case "allow_always", "reject_always":
		allowed := option == "allow_always"
		if err := a.st.remember(tool, allowed); err != nil {
			fmt.Fprintf(a.s.cfg.Log, "zero acp: warning: session %s: the answer %s for %s holds in this process only: %v\n", a.st.id, option, tool, err)
		}
		return allowed, nil
	}
	return false, fmt.Errorf("the client chose an option Zero did not offer: %q", option)
}

// title is the question's title: the call's, and for a protected place
// what makes it one.
func (a *asker) title(q run.Question) string {
	t := q.Tool
	if c := a.u.call(q.ID); c != nil {
		t = title(q.Tool, c.args, c.path)
	}
	if q.Protected != "" {
		t += " (in " + q.Protected + ", a protected place: writing there can run commands)"
	}
	return t
}

// jsonOrNull returns b when it is one JSON value, else null.
func jsonOrNull(b []byte) rt.Raw {
	d := rt.NewDecoder(b)
	if len(b) == 0 || d.Skip() != nil || d.End() != nil {
		return rt.Raw("null")
	}
	return rt.Raw(b)
}
