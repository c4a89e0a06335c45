package run

import (
	"context"
	"fmt"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/tools"
)

// MCPTools are the tools of a run's MCP servers (*mcp.Manager is one).
type MCPTools interface {
	Tools() []*mcp.Tool
	Call(ctx context.Context, name string, args []byte) mcp.Result
}

// AddMCP adds the tools of m to the toolbox. Each is a "prompt" tool whose
// side effect Zero cannot know: the permission policy decides whether the
// model is offered it, as for the built-in tools.
func (t *Toolbox) AddMCP(m MCPTools) error {
	t.mcp = m
	var specs []tools.Spec
	for _, mt := range m.Tools() {
		s := MCPSpec(mt)
		t.specs[s.Name] = s
		specs = append(specs, s)
		t.mcpParams[s.Name] = mt.Parameters
	}
	for _, s := range t.policy.Visible(specs) {
		t.visible = append(t.visible, s)
		t.offered = append(t.offered, provider.ToolSpec{Name: s.Name, Description: s.Description, Parameters: t.mcpParams[s.Name]})
	}
	return nil
}

// SideEffectUnknown is the side effect of tools Zero cannot inspect.
const SideEffectUnknown = "unknown"

// MCPSpec describes an MCP tool for the policy, the events and the model.
// The server's readOnlyHint is shown in the reason, and never trusted.
func MCPSpec(mt *mcp.Tool) tools.Spec {
	desc := mt.Description
	if desc == "" {
		desc = mt.Title
	}
	if desc == "" {
		desc = "Tool " + mt.Remote + " of the MCP server " + mt.Server + "."
	}
	return tools.Spec{Name: mt.Name, SideEffect: SideEffectUnknown, Action: tools.ActionExecute,
		Permission: tools.PermissionPrompt, Reason: MCPReason(mt), Description: desc}
}

// MCPReason says why an MCP tool needs approval, naming its server and
// what the server claims.
func MCPReason(mt *mcp.Tool) string {
	claim := "the server says nothing about its effects"
	if mt.ReadOnlyHint != nil && *mt.ReadOnlyHint {
		claim = "the server says it only reads, which Zero cannot check"
	} else if mt.ReadOnlyHint != nil {
		claim = "the server says it may change things"
	}
	return fmt.Sprintf("is tool %s of MCP server %s, which can do anything the server can (%s)", mt.Remote, mt.Server, claim)
}

// callMCP runs an MCP tool, writing the server's warnings, and caps its
// output like a built-in tool's. The images it returned go to the provider
// with the result; events and session records hold only the text, which
// names them.
func (r *runner) callMCP(ctx context.Context, c *call) (tools.Result, error) {
	res := r.cfg.Tools.mcp.Call(ctx, c.spec.Name, c.orig.Args)
	for _, w := range res.Warnings {
		if err := r.warn(streamjsonv2.WarningCodeMcpServer, w); err != nil {
			return tools.Result{}, err
		}
	}
	for _, im := range res.Images {
		c.images = append(c.images, provider.Image{MediaType: im.MimeType, Data: im.Data})
	}
	out := tools.Cap(res.Output)
	out.IsError = res.IsError
	return out, nil
}
