package run

import (
	"fmt"

	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/tools"
)

// Toolbox is the tools of one run: the workspace they work in, the
// permission policy that decides which the model sees and may call, and
// the environment bash commands get.
type Toolbox struct {
	ws      *tools.Workspace
	policy  permission.Policy
	env     []string
	specs   map[string]tools.Spec
	visible []tools.Spec
	offered []provider.ToolSpec
	// mcp serves the tools of MCP servers (AddMCP); nil without servers.
	mcp       MCPTools
	mcpParams map[string][]byte
	// box confines bash commands (SetSandbox); nil: they are not.
	box *sandbox.Sandbox
}

// NewToolbox returns the toolbox for ws under policy. env is the complete
// environment of bash commands (build it with tools.FilterEnv). The policy
// must already be valid (permission.Policy.Validate).
func NewToolbox(ws *tools.Workspace, policy permission.Policy, env []string) (*Toolbox, error) {
	t := &Toolbox{ws: ws, policy: policy, env: env, specs: map[string]tools.Spec{}, mcpParams: map[string][]byte{}}
	for _, s := range tools.Specs() {
		t.specs[s.Name] = s
	}
	t.visible = policy.Visible(tools.Specs())
	offered, err := ProviderSpecs(t.visible)
	if err != nil {
		return nil, fmt.Errorf("tool schemas: %w", err)
	}
	t.offered = offered
	return t, nil
}

// Visible returns the tools the model is offered, in registry order.
func (t *Toolbox) Visible() []tools.Spec { return t.visible }

// Offered returns the visible tools as the provider receives them.
func (t *Toolbox) Offered() []provider.ToolSpec { return t.offered }

// Workspace returns the workspace the tools work in.
func (t *Toolbox) Workspace() *tools.Workspace { return t.ws }

// Mode returns the permission mode of the run.
func (t *Toolbox) Mode() permission.Mode {
	if t.policy.Mode == "" {
		return permission.ModeDefault
	}
	return t.policy.Mode
}

// spec returns the registry entry of the named tool.
func (t *Toolbox) spec(name string) (tools.Spec, bool) {
	s, ok := t.specs[name]
	return s, ok
}

// decide asks the policy about c. A call of write_file or edit_file whose
// path lies in a protected place is decided as a protected write, and c
// keeps the place for the tool (which refuses it otherwise).
func (t *Toolbox) decide(c *call) permission.Decision {
	path, ok := writePath(c.spec.Name, c.orig.Args)
	if !ok {
		return t.policy.Decide(c.spec)
	}
	prot, ok := t.ws.Protected(path)
	if !ok {
		return t.policy.Decide(c.spec)
	}
	c.protected = &prot
	return t.policy.DecideProtected(c.spec, prot)
}
