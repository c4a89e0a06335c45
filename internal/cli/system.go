package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/tools"
)

// agentsFile is the file of project instructions read from the workspace
// root into the system prompt, the convention Codex and other agents share.
const agentsFile = "AGENTS.md"

// maxAgentsBytes bounds what is read of agentsFile.
const maxAgentsBytes = 64 << 10

// systemPrompt builds the run's system prompt: --system-prompt or Zero's
// own, then the workspace's AGENTS.md, then --append-system-prompt, parts
// separated by a blank line. Problems with AGENTS.md are warnings.
func (x *execution) systemPrompt(ws *tools.Workspace) (string, []run.Warning) {
	base := x.f.system
	if strings.TrimSpace(base) == "" {
		base = run.SystemPrompt(ws.Root())
	}
	parts := []string{base}
	agents, warns := readAgents(ws)
	if agents != "" {
		parts = append(parts, "The project's instructions, from "+agentsFile+" at the workspace root:\n\n"+agents)
	}
	if s := strings.TrimSpace(x.f.appendSystem); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, "\n\n"), warns
}

// readAgents reads AGENTS.md from the workspace root: "" when there is
// none, at most maxAgentsBytes, and never through a link that leaves the
// workspace.
func readAgents(ws *tools.Workspace) (string, []run.Warning) {
	warn := func(format string, args ...any) []run.Warning {
		return []run.Warning{{Code: streamjsonv2.WarningCodeAgentsFile, Message: fmt.Sprintf(format, args...)}}
	}
	real, err := ws.Resolve(agentsFile)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		return "", warn("%s was not read: %v", agentsFile, err)
	}
	f, err := os.Open(real)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", warn("%s was not read: %v", agentsFile, pathError(err))
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return "", warn("%s was not read: not a regular file", agentsFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxAgentsBytes+1))
	if err != nil {
		return "", warn("%s was not read: %v", agentsFile, err)
	}
	text := strings.TrimSpace(string(b[:min(len(b), maxAgentsBytes)]))
	if len(b) > maxAgentsBytes {
		return text, warn("%s is longer than %d KiB: only its first %d KiB are in the system prompt", agentsFile, maxAgentsBytes>>10, maxAgentsBytes>>10)
	}
	return text, nil
}
