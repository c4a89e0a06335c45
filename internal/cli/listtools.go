package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/internal/tools"
)

// listTools reports the tools the run would offer, as the answer of a run
// that needs no provider and records no session: run_start, final (the
// table) and run_end.
func (x *execution) listTools(ctx context.Context) int {
	name, model := "none", "none"
	if c, err := chooseProvider(x.f, x.env.Getenv); err == nil {
		name, model = c.name, c.displayModel()
	}
	m, warns, err := x.startMCP(ctx, x.absCwd())
	if err != nil {
		return x.fail(err)
	}
	defer m.Close()
	runID := streamjsonv2.ID(x.runID)
	events := []streamjsonv2.OutputValue{
		&streamjsonv2.RunStart{RunID: runID, SessionID: streamio.NoSession, Cwd: streamjsonv2.NonEmptyString(x.absCwd()),
			Provider: streamjsonv2.NonEmptyString(name), Model: streamjsonv2.NonEmptyString(model), APIModel: streamjsonv2.NonEmptyString(model)},
	}
	for _, w := range append(append(warns, mcpUnmatched(x.f.policy, m)...), mcpWithheld(x.f.policy, m)...) {
		events = append(events, &streamjsonv2.Warning{RunID: runID, Code: w.Code, Message: streamjsonv2.NonEmptyString(w.Message)})
	}
	events = append(events,
		&streamjsonv2.Final{RunID: runID, Text: toolTable(x.f.policy, m) + "\n" + x.agentsNote() + x.sandboxNote()},
		&streamjsonv2.RunEnd{RunID: runID, Status: streamjsonv2.RunStatusSuccess, ExitCode: streamjsonv2.ExitCodeSuccess})
	for _, ev := range events {
		if err := x.sink.Emit(ev); err != nil {
			x.errorf("%v", err)
			return streamjsonv2.ExitCodeRuntime
		}
	}
	return streamjsonv2.ExitCodeSuccess
}

// agentsNote says whether the workspace's AGENTS.md joins the system
// prompt.
func (x *execution) agentsNote() string {
	if info, err := os.Stat(filepath.Join(x.absCwd(), agentsFile)); err == nil && info.Mode().IsRegular() {
		return "system prompt: Zero's own, then " + agentsFile + " from the workspace root"
	}
	return "system prompt: Zero's own (no " + agentsFile + " at the workspace root to add)"
}

// toolTable lists the tools the policy makes visible, the MCP servers'
// after the built-in ones. The PERMISSION column is what the run does
// with a call: "allow" for a tool that needs no approval, "granted by"
// and the flag for one the flags grant.
func toolTable(p permission.Policy, m *mcp.Manager) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	w.Write([]byte("TOOL\tSIDE EFFECT\tPERMISSION\tREASON\n"))
	specs := tools.Specs()
	if m != nil {
		for _, t := range m.Tools() {
			specs = append(specs, run.MCPSpec(t))
		}
	}
	for _, s := range p.Visible(specs) {
		w.Write([]byte(s.Name + "\t" + s.SideEffect + "\t" + permissionCell(p.Decide(s)) + "\t" + s.Reason + "\n"))
	}
	w.Flush()
	switch p.Mode {
	case permission.ModeUnsafe:
		b.WriteString("permission mode unsafe: tools marked prompt are granted without asking\n")
	case permission.ModeAcceptEdits:
		b.WriteString("permission mode accept-edits: tools that only change files in the workspace are granted without asking\n")
	}
	for _, s := range p.Withheld(tools.Specs()) {
		b.WriteString(withheldNote(s) + "\n")
	}
	if note := protectedNote(p); note != "" {
		b.WriteString(note + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// sandboxNote says which sandbox bash gets, when the run offers bash.
func (x *execution) sandboxNote() string {
	box := newSandbox(&x.f.sandboxFlags, x.f.policy, x.env, x.absCwd(), x.bashEnv())
	if box == nil {
		return ""
	}
	return "\n" + box.Describe()
}

// permissionCell is the PERMISSION column of a visible tool: "allow",
// "granted by FLAG", or the action itself (a tool left to a prompt).
func permissionCell(d permission.Decision) string {
	if d.Granted() && d.By != "" {
		return "granted by " + d.By
	}
	return string(d.Action)
}

// protectedNote says, when the run grants a file-writing tool, whether it
// may write the protected places, and if not what would allow it.
func protectedNote(p permission.Policy) string {
	var writers []string
	granted := false
	for _, s := range p.Visible(tools.Specs()) {
		if s.SideEffect == tools.SideEffectWrite && p.Decide(s).Granted() {
			writers = append(writers, s.Name)
			granted = p.DecideProtected(s, tools.Protection{}).Granted()
		}
	}
	places := "protected places (" + strings.Join(tools.ProtectedNames(), ", ") + ", git directories, the directory core.hooksPath names)"
	switch {
	case len(writers) == 0:
		return ""
	case granted:
		return places + ": writable, since this run grants bash"
	case p.BashConfined && p.Decide(bashSpec()).Granted():
		return places + ": read-only, since bash runs in a sandbox that keeps them so; --sandbox danger-full-access makes them writable"
	}
	return strings.Join(writers, " and ") + " do not write " + places +
		", where a write can run commands, unless the run grants bash: --allowed-tools bash or --permission-mode unsafe"
}

// bashSpec returns the registry entry of bash.
func bashSpec() tools.Spec {
	for _, s := range tools.Specs() {
		if s.Name == tools.NameBash {
			return s
		}
	}
	return tools.Spec{Name: tools.NameBash}
}
