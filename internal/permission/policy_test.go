package permission

import (
	"slices"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/tools"
)

func names(specs []tools.Spec) []string {
	var out []string
	for _, s := range specs {
		out = append(out, s.Name)
	}
	return out
}

// withDenied is the registry plus a tool whose permission is deny.
func withDenied() []tools.Spec {
	return append(tools.Specs(), tools.Spec{
		Name: "fetch", SideEffect: tools.SideEffectNetwork, Action: tools.ActionRead,
		Permission: tools.PermissionDeny, Reason: "reaches the network",
	})
}

func TestVisible(t *testing.T) {
	reads := []string{"read_file", "list_directory", "glob", "grep"}
	all := tools.Names()
	tests := []struct {
		name   string
		policy Policy
		want   []string
	}{
		{"zero value", Policy{}, reads},
		{"default", Policy{Mode: ModeDefault}, reads},
		{"unsafe", Policy{Mode: ModeSkipPermissionsUnsafe}, all},
		{"enabled", Policy{Mode: ModeSkipPermissionsUnsafe, Enabled: []string{"bash", "read_file"}}, []string{"read_file", "bash"}},
		{"enabled cannot lift prompt", Policy{Enabled: []string{"bash", "grep"}}, []string{"grep"}},
		{"disabled", Policy{Mode: ModeSkipPermissionsUnsafe, Disabled: []string{"bash", "glob"}}, []string{"read_file", "list_directory", "grep", "write_file", "edit_file"}},
		{"both lists", Policy{Enabled: []string{"grep", "glob"}, Disabled: []string{"glob"}}, []string{"grep"}},
		{"unknown mode fails closed", Policy{Mode: "yolo"}, reads},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := names(tt.policy.Visible(withDenied())); !slices.Equal(got, tt.want) {
				t.Errorf("Visible = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDecide(t *testing.T) {
	specs := map[string]tools.Spec{}
	for _, s := range withDenied() {
		specs[s.Name] = s
	}
	tests := []struct {
		name    string
		policy  Policy
		tool    string
		granted bool
		reason  []string
	}{
		{"allow", Policy{}, "read_file", true, []string{"read_file is allowed", "only reads"}},
		{"prompt headless", Policy{}, "bash", false, []string{"bash needs approval", "cannot ask", "skip_permissions_unsafe"}},
		{"prompt unsafe", Policy{Mode: ModeSkipPermissionsUnsafe}, "write_file", true, []string{"granted because", "skip_permissions_unsafe"}},
		{"deny unsafe", Policy{Mode: ModeSkipPermissionsUnsafe}, "fetch", false, []string{"denied in every mode", "network"}},
		{"disabled", Policy{Disabled: []string{"grep"}}, "grep", false, []string{"grep is disabled"}},
		{"not enabled", Policy{Enabled: []string{"glob"}}, "grep", false, []string{"not among the tools enabled", "glob"}},
		{"unknown permission", Policy{Mode: ModeSkipPermissionsUnsafe}, "odd", false, []string{"unknown permission"}},
	}
	specs["odd"] = tools.Spec{Name: "odd", SideEffect: "teleport", Permission: "maybe"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.policy.Decide(specs[tt.tool])
			if d.Granted != tt.granted {
				t.Errorf("Granted = %v, want %v (%s)", d.Granted, tt.granted, d.Reason)
			}
			for _, part := range tt.reason {
				if !strings.Contains(d.Reason, part) {
					t.Errorf("reason %q lacks %q", d.Reason, part)
				}
			}
		})
	}
}

func TestDecideAgreesWithVisible(t *testing.T) {
	policies := []Policy{{}, {Mode: ModeSkipPermissionsUnsafe}, {Enabled: []string{"bash", "grep"}}, {Mode: ModeSkipPermissionsUnsafe, Disabled: []string{"bash"}}}
	for _, p := range policies {
		visible := names(p.Visible(withDenied()))
		for _, s := range withDenied() {
			if got := p.Decide(s).Granted; got != slices.Contains(visible, s.Name) {
				t.Errorf("%+v: Decide(%s).Granted = %v but visible = %v", p, s.Name, got, visible)
			}
		}
	}
}

func TestRisk(t *testing.T) {
	want := map[string]Level{
		"read_file": LevelLow, "list_directory": LevelLow, "glob": LevelLow, "grep": LevelLow,
		"write_file": LevelMedium, "edit_file": LevelMedium, "bash": LevelHigh, "fetch": LevelHigh,
	}
	for _, s := range withDenied() {
		r := Policy{}.Decide(s).Risk
		if r.Level != want[s.Name] || len(r.Categories) == 0 {
			t.Errorf("%s: risk %+v, want level %s", s.Name, r, want[s.Name])
		}
	}
	if r := Assess(tools.Spec{SideEffect: "teleport"}); r.Level != LevelCritical {
		t.Errorf("unknown side effect: %+v", r)
	}
	if r := Assess(tools.Spec{SideEffect: tools.SideEffectShell}); !slices.Contains(r.Categories, CategoryCodeExecution) {
		t.Errorf("shell categories: %v", r.Categories)
	}
}

func TestValidate(t *testing.T) {
	known := tools.Names()
	if err := (Policy{Mode: ModeSkipPermissionsUnsafe, Enabled: []string{"bash"}, Disabled: []string{"grep"}}).Validate(known); err != nil {
		t.Errorf("valid policy: %v", err)
	}
	if err := (Policy{}).Validate(known); err != nil {
		t.Errorf("zero policy: %v", err)
	}
	tests := []struct {
		policy Policy
		want   []string
	}{
		{Policy{Enabled: []string{"rm_rf"}}, []string{`unknown tool "rm_rf" in the enabled tools`, "read_file, list_directory"}},
		{Policy{Disabled: []string{"Bash"}}, []string{`unknown tool "Bash" in the disabled tools`}},
		{Policy{Enabled: []string{"bash"}, Disabled: []string{"bash"}}, []string{`tool "bash" is both enabled and disabled`}},
		{Policy{Mode: "yolo"}, []string{`unknown permission mode "yolo"`}},
		{Policy{Mode: "yolo", Enabled: []string{"x"}, Disabled: []string{"y"}}, []string{"yolo", `"x"`, `"y"`}},
	}
	for _, tt := range tests {
		err := tt.policy.Validate(known)
		if err == nil {
			t.Errorf("%+v: no error", tt.policy)
			continue
		}
		for _, part := range tt.want {
			if !strings.Contains(err.Error(), part) {
				t.Errorf("%+v: error %q lacks %q", tt.policy, err, part)
			}
		}
	}
}

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"": ModeDefault, "default": ModeDefault, "skip_permissions_unsafe": ModeSkipPermissionsUnsafe} {
		if got, err := ParseMode(in); got != want || err != nil {
			t.Errorf("ParseMode(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseMode("unsafe"); err == nil {
		t.Error("ParseMode(unsafe) succeeded")
	}
	if len(Modes()) != 2 {
		t.Error("Modes() is not the two modes")
	}
}
