package acp

import (
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// replay sends the stored conversation of st as session/update
// notifications, as it happened: the user's messages, the model's
// reasoning and answers, and each tool call with its result.
func (s *server) replay(st *sessionState) error {
	u := &updates{s: s, st: st, root: st.ws.Root(), calls: map[string]*callState{}}
	for _, rec := range st.store.History() {
		if err := u.replayRecord(rec.Value); err != nil {
			return err
		}
	}
	return nil
}

func (u *updates) replayRecord(v sessionv1.SessionRecordValue) error {
	switch r := v.(type) {
	case *sessionv1.UserRecord:
		return u.s.update(u.st.id, &acpv1.UserMessageChunk{Content: textBlock(string(r.Content))})
	case *sessionv1.AssistantRecord:
		return u.replayAssistant(r)
	case *sessionv1.ToolResultRecord:
		status := acpv1.ToolCallStatusCompleted
		if r.Status != sessionv1.ToolStatusOk {
			status = acpv1.ToolCallStatusFailed
		}
		return u.s.update(u.st.id, &acpv1.ToolCallProgress{ToolCallID: string(r.ID), Status: present(status),
			Content: rt.Some(rt.Nullable[[]acpv1.ToolCallContent]{V: []acpv1.ToolCallContent{{Value: &acpv1.Content{Content: textBlock(r.Output)}}}, Valid: true})})
	}
	return nil
}

func (u *updates) replayAssistant(r *sessionv1.AssistantRecord) error {
	if r.Reasoning.Set && r.Reasoning.V != "" {
		if err := u.s.update(u.st.id, &acpv1.AgentThoughtChunk{Content: textBlock(r.Reasoning.V)}); err != nil {
			return err
		}
	}
	if r.Text != "" {
		if err := u.s.update(u.st.id, &acpv1.AgentMessageChunk{Content: textBlock(r.Text)}); err != nil {
			return err
		}
	}
	for _, c := range r.ToolCalls {
		name := string(c.Name)
		path := u.absPath(argPath(name, c.Args))
		up := &acpv1.ToolCallStarted{ToolCallID: string(c.ID), Title: title(name, c.Args, path),
			Name: rt.Some(rt.Nullable[string]{V: name, Valid: true}), Kind: rt.Some(kind(name)),
			Status: rt.Some(acpv1.ToolCallStatusPending), RawInput: jsonOrNull(c.Args)}
		if path != "" {
			up.Locations = rt.Some([]acpv1.ToolCallLocation{{Path: path}})
		}
		if err := u.s.update(u.st.id, up); err != nil {
			return err
		}
	}
	return nil
}
