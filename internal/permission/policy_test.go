package permission

import (
	"slices"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
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
		{"unsafe", Policy{Mode: ModeUnsafe}, all},
		{"accept edits", Policy{Mode: ModeAcceptEdits}, append(reads, "write_file", "edit_file")},
		{"allowed", Policy{Allowed: []Grant{"bash"}}, append(reads, "bash")},
		{"allowed cannot lift deny", Policy{Allowed: []Grant{"fetch"}}, reads},
		{"enabled", Policy{Mode: ModeUnsafe, Enabled: []string{"bash", "read_file"}}, []string{"read_file", "bash"}},
		{"enabled cannot lift prompt", Policy{Enabled: []string{"bash", "grep"}}, []string{"grep"}},
		{"enabled and allowed", Policy{Enabled: []string{"bash", "grep"}, Allowed: []Grant{"bash"}}, []string{"grep", "bash"}},
		{"disabled", Policy{Mode: ModeUnsafe, Disabled: []string{"bash", "glob"}}, []string{"read_file", "list_directory", "grep", "write_file", "edit_file"}},
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
		name   string
		policy Policy
		tool   string
		action Action
		by     string
		reason []string
	}{
		{"allow", Policy{}, "read_file", ActionAllow, "", []string{"read_file is allowed", "only reads"}},
		{"prompt headless", Policy{}, "bash", ActionPrompt, "", []string{"bash needs approval", "cannot ask", "--allowed-tools bash or --skip-permissions-unsafe"}},
		{"prompt headless edit", Policy{}, "edit_file", ActionPrompt, "", []string{"--allowed-tools edit_file or --permission-mode accept-edits or --skip-permissions-unsafe"}},
		{"prompt unsafe", Policy{Mode: ModeUnsafe}, "write_file", ActionAllow, "--permission-mode unsafe", []string{"granted by --permission-mode unsafe"}},
		{"accept edits writes", Policy{Mode: ModeAcceptEdits}, "write_file", ActionAllow, "--permission-mode accept-edits", []string{"granted by --permission-mode accept-edits"}},
		{"accept edits bash", Policy{Mode: ModeAcceptEdits}, "bash", ActionPrompt, "", []string{"--allowed-tools bash or --skip-permissions-unsafe"}},
		{"allowed", Policy{Allowed: []Grant{"bash"}}, "bash", ActionAllow, "--allowed-tools bash", []string{"granted by --allowed-tools bash"}},
		{"deny unsafe", Policy{Mode: ModeUnsafe}, "fetch", ActionDeny, "", []string{"denied in every mode", "network"}},
		{"disabled", Policy{Disabled: []string{"grep"}}, "grep", ActionDeny, "--disabled-tools", []string{"grep is disabled", "--disabled-tools"}},
		{"not enabled", Policy{Enabled: []string{"glob"}}, "grep", ActionDeny, "--enabled-tools", []string{"not among the tools enabled", "--enabled-tools glob"}},
		{"unknown permission", Policy{Mode: ModeUnsafe}, "odd", ActionDeny, "", []string{"unknown permission"}},
	}
	specs["odd"] = tools.Spec{Name: "odd", SideEffect: "teleport", Permission: "maybe"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.policy.Decide(specs[tt.tool])
			if d.Action != tt.action || d.By != tt.by {
				t.Errorf("Action, By = %q, %q; want %q, %q (%s)", d.Action, d.By, tt.action, tt.by, d.Reason)
			}
			if d.Granted() != (tt.action == ActionAllow) {
				t.Errorf("Granted() = %v with action %s", d.Granted(), d.Action)
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
	policies := []Policy{{}, {Mode: ModeUnsafe}, {Mode: ModeAcceptEdits}, {Enabled: []string{"bash", "grep"}},
		{Mode: ModeUnsafe, Disabled: []string{"bash"}}, {Allowed: []Grant{"write_file"}}}
	for _, p := range policies {
		visible := names(p.Visible(withDenied()))
		for _, s := range withDenied() {
			if got := p.Decide(s).Granted(); got != slices.Contains(visible, s.Name) {
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
	if r := Assess(tools.Spec{SideEffect: tools.SideEffectShell}); !slices.Contains(r.Categories, streamjsonv2.RiskCategoryCodeExecution) {
		t.Errorf("shell categories: %v", r.Categories)
	}
}

func TestValidate(t *testing.T) {
	known := tools.Names()
	if err := (Policy{Mode: ModeUnsafe, Enabled: []string{"bash"}, Disabled: []string{"grep"}, Allowed: []Grant{"bash"}}).Validate(known); err != nil {
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
		{Policy{Allowed: []Grant{"Bash"}}, []string{`unknown tool "Bash" in the allowed tools`}},
		{Policy{Allowed: []Grant{"bash"}, Disabled: []string{"bash"}}, []string{`tool "bash" is both allowed and disabled`}},
		{Policy{Allowed: []Grant{"bash"}, Enabled: []string{"grep"}}, []string{`tool "bash" is allowed but not among the enabled tools (grep)`}},
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
	for in, want := range map[string]Mode{"": ModeDefault, "default": ModeDefault, "accept-edits": ModeAcceptEdits, "unsafe": ModeUnsafe} {
		if got, err := ParseMode(in); got != want || err != nil {
			t.Errorf("ParseMode(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"skip_permissions_unsafe", "ask", "auto", "Default"} {
		if _, err := ParseMode(bad); err == nil {
			t.Errorf("ParseMode(%s) succeeded", bad)
		}
	}
	if len(Modes()) != 3 {
		t.Error("Modes() is not the three modes")
	}
}

func TestWithheld(t *testing.T) {
	p := Policy{Enabled: []string{"bash", "write_file", "grep"}}
	if got := names(p.Withheld(tools.Specs())); !slices.Equal(got, []string{"write_file", "bash"}) {
		t.Errorf("Withheld = %v, want write_file, bash", got)
	}
	p.Mode = ModeAcceptEdits
	if got := names(p.Withheld(tools.Specs())); !slices.Equal(got, []string{"bash"}) {
		t.Errorf("accept-edits: Withheld = %v, want bash", got)
	}
	p.Allowed = []Grant{"bash"}
	if got := p.Withheld(tools.Specs()); len(got) != 0 {
		t.Errorf("with bash allowed: Withheld = %v, want none", names(got))
	}
}

func TestParseGrant(t *testing.T) {
	if g, err := ParseGrant(" bash "); err != nil || g != "bash" || !g.Matches("bash") || g.Matches("bash2") {
		t.Errorf("ParseGrant(bash) = %q, %v", g, err)
	}
	for _, bad := range []string{"", " ", "mcp__", "mcp___x"} {
		if _, err := ParseGrant(bad); err == nil {
			t.Errorf("ParseGrant(%q) succeeded", bad)
		}
	}
}

// TestMCPGrants checks that mcp__NAME grants every tool of server NAME and
// nothing else, and mcp__NAME__TOOL exactly one tool.
func TestMCPGrants(t *testing.T) {
	server, err := ParseGrant("mcp__github")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"mcp__github__create_issue": true, "mcp__github__x": true, "mcp__github": true,
		"mcp__githubx__create_issue": false, "mcp__git__hub": false, "bash": false,
	} {
		if got := server.Matches(name); got != want {
			t.Errorf("mcp__github matches %s = %v, want %v", name, got, want)
		}
	}
	one := Grant("mcp__github__create_issue")
	if !one.Matches("mcp__github__create_issue") || one.Matches("mcp__github__create_issue2") || one.Matches("mcp__github__create_issue__x") {
		t.Error("mcp__github__create_issue must match exactly that tool")
	}
	spec := tools.Spec{Name: "mcp__github__create_issue", SideEffect: "unknown", Permission: tools.PermissionPrompt}
	p := Policy{Allowed: []Grant{server}}
	if d := p.Decide(spec); !d.Granted() || d.By != "--allowed-tools mcp__github" {
		t.Errorf("Decide = %+v, want granted by --allowed-tools mcp__github", d)
	}
	if err := p.Validate(tools.Names()); err != nil {
		t.Errorf("Validate refuses an MCP grant: %v", err)
	}
	if d := (Policy{}).Decide(spec); d.Action != ActionPrompt {
		t.Errorf("without a grant: %v, want prompt", d.Action)
	}
}
