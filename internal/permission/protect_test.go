package permission

import (
	"slices"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/tools"
)

// TestDecideProtected checks that a write to a protected place is granted
// only where bash is, whatever grants file edits, and that the refusal
// names the flags that would allow it.
func TestDecideProtected(t *testing.T) {
	specs := map[string]tools.Spec{}
	for _, s := range tools.Specs() {
		specs[s.Name] = s
	}
	prot := tools.Protection{Path: ".git", Why: "git runs its hooks"}
	tests := []struct {
		name   string
		policy Policy
		tool   string
		action Action
		by     string
		reason []string
	}{
		{"accept edits", Policy{Mode: ModeAcceptEdits}, "edit_file", ActionPrompt, "",
			[]string{"tool edit_file would write .git, a protected place (git runs its hooks)", "the accept-edits mode and a grant of edit_file do not",
				"cannot ask", "allow it with --allowed-tools bash or --permission-mode unsafe"}},
		{"default", Policy{}, "write_file", ActionPrompt, "", []string{"allow it with --allowed-tools bash,write_file or --permission-mode unsafe"}},
		{"tool granted", Policy{Allowed: []Grant{"write_file"}}, "write_file", ActionPrompt, "", []string{"--allowed-tools bash or --permission-mode unsafe"}},
		{"bash granted", Policy{Mode: ModeAcceptEdits, Allowed: []Grant{"bash"}}, "write_file", ActionAllow, "--allowed-tools bash",
			[]string{"granted because this run grants bash (--allowed-tools bash)"}},
		{"both granted", Policy{Allowed: []Grant{"bash", "edit_file"}}, "edit_file", ActionAllow, "--allowed-tools bash", nil},
		{"bash only", Policy{Allowed: []Grant{"bash"}}, "write_file", ActionPrompt, "", []string{"--allowed-tools bash,write_file or --permission-mode unsafe"}},
		{"unsafe", Policy{Mode: ModeUnsafe}, "write_file", ActionAllow, "--permission-mode unsafe", []string{"grants bash (--permission-mode unsafe)"}},
		{"unsafe without bash", Policy{Mode: ModeUnsafe, Disabled: []string{"bash"}}, "write_file", ActionPrompt, "",
			[]string{"this run does not: tool bash is disabled for this run (--disabled-tools)"}},
		{"unsafe bash not enabled", Policy{Mode: ModeUnsafe, Enabled: []string{"write_file"}}, "write_file", ActionPrompt, "",
			[]string{"this run does not: tool bash is not among the tools enabled"}},
		{"disabled tool", Policy{Mode: ModeUnsafe, Disabled: []string{"write_file"}}, "write_file", ActionDeny, "--disabled-tools", []string{"write_file is disabled"}},
		{"interactive accept edits", Policy{Mode: ModeAcceptEdits, Interactive: true}, "edit_file", ActionPrompt, "",
			[]string{"needs approval even where file edits do not"}},
		{"interactive default", Policy{Interactive: true}, "write_file", ActionPrompt, "", []string{"protected place"}},
		{"interactive unsafe", Policy{Mode: ModeUnsafe, Interactive: true}, "write_file", ActionAllow, "--permission-mode unsafe", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.policy.DecideProtected(specs[tt.tool], prot)
			if d.Action != tt.action || d.By != tt.by {
				t.Errorf("Action, By = %q, %q; want %q, %q (%s)", d.Action, d.By, tt.action, tt.by, d.Reason)
			}
			for _, part := range tt.reason {
				if !strings.Contains(d.Reason, part) {
					t.Errorf("reason %q lacks %q", d.Reason, part)
				}
			}
			if tt.policy.Interactive && strings.Contains(d.Reason, "headless") {
				t.Errorf("an interactive policy's reason speaks of a headless run: %q", d.Reason)
			}
			if d.Action != ActionDeny && (d.Risk.Level != LevelHigh || !slices.Contains(d.Risk.Categories, streamjsonv2.RiskCategoryCodeExecution)) {
				t.Errorf("risk = %+v, want high with code execution", d.Risk)
			}
		})
	}
}
