package acp

import (
	"os"
	"path/filepath"
	"sync"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/tools"
	"github.com/zeroproject/zero/rt"
)

// updates is the sink of one prompt's run: it turns the loop's events
// into session/update notifications.
type updates struct {
	s  *server
	st *sessionState
	// red is the Redactor of the run, which redacted the text and
	// reasoning deltas already.
	red   *redact.Redactor
	root  string
	mu    sync.Mutex
	calls map[string]*callState
}

// callState is what a tool call's later updates need.
type callState struct {
	name    string
	args    rt.Raw
	path    string // the absolute path of the file a file tool works on
	oldText *string
}

// update sends one session/update.
func (s *server) update(sessionID string, v acpv1.SessionUpdateValue) error {
	return s.out.send(&acpv1.SessionUpdateMessage{Params: acpv1.SessionNotification{SessionID: sessionID, Update: acpv1.SessionUpdate{Value: v}}})
}

func textBlock(s string) acpv1.ContentBlock {
	return acpv1.ContentBlock{Value: &acpv1.TextContent{Text: s}}
}

// Emit implements streamio.Sink.
func (u *updates) Emit(ev streamjsonv2.OutputValue) error {
	switch ev := ev.(type) {
	case *streamjsonv2.Text:
		return u.chunk(false, ev.Delta)
	case *streamjsonv2.Reasoning:
		return u.chunk(true, ev.Delta)
	case *streamjsonv2.ToolCall:
		return u.toolCall(ev)
	case *streamjsonv2.PermissionRequest:
		u.snapshot(string(ev.ID))
	case *streamjsonv2.ToolResult:
		return u.result(ev)
	case *streamjsonv2.Warning:
		return u.notice(ev)
	}
	return nil
}

// contextNotices are the warnings the editor's user sees, as a thought:
// what Zero did to the conversation to keep it within the model's window.
var contextNotices = map[string]bool{
	streamjsonv2.WarningCodeContextPruned:    true,
	streamjsonv2.WarningCodeContextCompacted: true,
	streamjsonv2.WarningCodeContextWindow:    true,
}

// notice sends a context warning as an agent_thought_chunk of its own
// line, redacted like every message.
func (u *updates) notice(ev *streamjsonv2.Warning) error {
	if !contextNotices[ev.Code] {
		return nil
	}
	return u.s.out.holdChunk(u.st.id, true, "\n[zero: "+string(ev.Message)+"]\n", false)
}

// chunk holds a text or reasoning (thought) chunk (see writer.holdChunk).
// Its text came redacted while the connection's Redactor is still the one
// the run redacts with; once a session added secrets, it is redacted again.
func (u *updates) chunk(thought bool, text string) error {
	redacted := u.red != nil && u.s.cfg.Redactor.Redactor() == u.red
	return u.s.out.holdChunk(u.st.id, thought, text, redacted)
}

// toolCall announces a call: its kind, title, locations and arguments.
func (u *updates) toolCall(ev *streamjsonv2.ToolCall) error {
	id, name := string(ev.ID), string(ev.Name)
	c := &callState{name: name, args: ev.Args}
	c.path = u.absPath(argPath(name, ev.Args))
	if u.st.files != nil && c.path != "" {
		u.st.files.forget(c.path)
	}
	u.mu.Lock()
	u.calls[id] = c
	u.mu.Unlock()
	up := &acpv1.ToolCallStarted{ToolCallID: id, Title: title(name, ev.Args, c.path),
		Name: rt.Some(rt.Nullable[string]{V: name, Valid: true}),
		Kind: rt.Some(kind(name)), Status: rt.Some(acpv1.ToolCallStatusPending), RawInput: ev.Args}
	if c.path != "" {
		up.Locations = rt.Some([]acpv1.ToolCallLocation{{Path: c.path}})
	}
	return u.s.update(u.st.id, up)
}

func (u *updates) call(id string) *callState {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.calls[id]
}

// snapshot keeps the text a write or edit is about to change, for the
// diff the client shows once it ran.
func (u *updates) snapshot(id string) {
	c := u.call(id)
	if c == nil || c.path == "" || (c.name != tools.NameWriteFile && c.name != tools.NameEditFile) || u.readsEditor() {
		return
	}
	if b, err := os.ReadFile(c.path); err == nil {
		s := string(b)
		c.oldText = &s
	}
}

// present is v as an optional, nullable field that is set and not null.
func present[T any](v T) rt.Opt[rt.Nullable[T]] {
	return rt.Some(rt.Nullable[T]{V: v, Valid: true})
}

// started marks a call as running (run.Config.OnToolStart).
func (u *updates) started(id string) {
	u.s.update(u.st.id, &acpv1.ToolCallProgress{ToolCallID: id, Status: present(acpv1.ToolCallStatusInProgress)})
}

// result reports a call's end: completed or failed (a refused call fails:
// ACP has no other status for it), with its output and, for a write or
// edit that ran, the diff.
func (u *updates) result(ev *streamjsonv2.ToolResult) error {
	status := acpv1.ToolCallStatusCompleted
	if ev.Status != streamjsonv2.ToolStatusOk {
		status = acpv1.ToolCallStatusFailed
	}
	content := []acpv1.ToolCallContent{{Value: &acpv1.Content{Content: textBlock(ev.Output)}}}
	id := string(ev.ID)
	if c := u.call(id); c != nil && ev.Status == streamjsonv2.ToolStatusOk && (c.name == tools.NameWriteFile || c.name == tools.NameEditFile) {
		if d := u.diff(c); d != nil {
			content = append(content, acpv1.ToolCallContent{Value: d})
		}
	}
	return u.s.update(u.st.id, &acpv1.ToolCallProgress{ToolCallID: id, Status: present(status),
		Content: rt.Some(rt.Nullable[[]acpv1.ToolCallContent]{V: content, Valid: true})})
}

// diff is the change a write or edit made: the texts the client read and
// was given when the tools go through it, else the disk's before and after.
func (u *updates) diff(c *callState) *acpv1.Diff {
	old := c.oldText
	if u.readsEditor() {
		old = u.st.files.lastRead(c.path)
	}
	var newText string
	if u.writesEditor() {
		t, ok := u.st.files.lastWritten(c.path)
		if !ok {
			return nil
		}
		newText = t
	} else {
		b, err := os.ReadFile(c.path)
		if err != nil {
			return nil
		}
		newText = string(b)
	}
	d := &acpv1.Diff{Path: c.path, NewText: newText, OldText: rt.Some(rt.Nullable[string]{})}
	if old != nil {
		d.OldText = rt.Some(rt.Nullable[string]{V: *old, Valid: true})
	}
	return d
}

func (u *updates) readsEditor() bool  { return u.st.files != nil && u.s.fs.ReadTextFile.V }
func (u *updates) writesEditor() bool { return u.st.files != nil && u.s.fs.WriteTextFile.V }

// absPath makes a tool's path argument absolute, inside the workspace.
func (u *updates) absPath(p string) string {
	if p == "" {
		return ""
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(u.root, p)
	}
	return filepath.Clean(p)
}

// kind is the ACP kind of a Zero tool.
func kind(name string) acpv1.ToolKind {
	switch name {
	case tools.NameReadFile, tools.NameListDirectory:
		return acpv1.ToolKindRead
	case tools.NameGlob, tools.NameGrep:
		return acpv1.ToolKindSearch
	case tools.NameWriteFile, tools.NameEditFile:
		return acpv1.ToolKindEdit
	case tools.NameBash:
		return acpv1.ToolKindExecute
	}
	return acpv1.ToolKindOther
}

// argPath returns the path argument of a file tool's call, "" when it has
// none or the arguments do not decode.
func argPath(name string, args rt.Raw) string {
	switch name {
	case tools.NameReadFile:
		var a toolsv1.ReadFileArgs
		if a.UnmarshalJSON(args) == nil {
			return a.Path
		}
	case tools.NameWriteFile:
		var a toolsv1.WriteFileArgs
		if a.UnmarshalJSON(args) == nil {
			return a.Path
		}
	case tools.NameEditFile:
		var a toolsv1.EditFileArgs
		if a.UnmarshalJSON(args) == nil {
			return a.Path
		}
	case tools.NameListDirectory:
		var a toolsv1.ListDirectoryArgs
		if a.UnmarshalJSON(args) == nil {
			return a.Path.V
		}
	}
	return ""
}

// title is what a call does, for people.
func title(name string, args rt.Raw, path string) string {
	if name == tools.NameBash {
		var a toolsv1.BashArgs
		if a.UnmarshalJSON(args) == nil {
			return "bash: " + a.Command
		}
	}
	if name == tools.NameGrep {
		var a toolsv1.GrepArgs
		if a.UnmarshalJSON(args) == nil {
			return "grep " + a.Pattern
		}
	}
	if name == tools.NameGlob {
		var a toolsv1.GlobArgs
		if a.UnmarshalJSON(args) == nil {
			return "glob " + a.Pattern
		}
	}
	if path != "" {
		return name + " " + path
	}
	return name
}
