package acp

import (
	"context"
	"strings"
	"time"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/rt"
)

// prompt starts the prompt's run on its own goroutine; its response is
// sent when the run ends.
func (s *server) prompt(id acpv1.RequestID, params rt.Raw) {
	var p acpv1.PromptRequest
	if err := decodeParams(params, &p); err != nil {
		s.replyError(id, err)
		return
	}
	st := s.session(p.SessionID)
	if st == nil {
		s.replyError(id, notFound("no session "+p.SessionID))
		return
	}
	text, err := promptText(p.Prompt)
	if err != nil {
		s.replyError(id, err)
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	if err := st.startPrompt(cancel); err != nil {
		cancel()
		s.replyError(id, err)
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		answer := s.runPrompt(ctx, id, st, text)
		// The session is free before the client reads the answer, so that
		// its next prompt is never refused as concurrent.
		st.endPrompt()
		s.reply(answer)
	}()
}

// runPrompt runs the loop on the prompt and returns the answer: its stop
// reason, or an error.
func (s *server) runPrompt(ctx context.Context, id acpv1.RequestID, st *sessionState, text string) encodable {
	tb, err := run.NewToolbox(st.ws, s.policy(st), s.cfg.BashEnv)
	if err != nil {
		return errorMessage(id, internalError(err.Error()))
	}
	if s.cfg.Sandbox != nil {
		tb.SetSandbox(s.cfg.Sandbox(st.ws.Root(), s.policy(st)))
	}
	if st.mcp != nil {
		if err := tb.AddMCP(st.mcp); err != nil {
			return errorMessage(id, internalError(err.Error()))
		}
	}
	red := s.cfg.Redactor.Redactor()
	u := &updates{s: s, st: st, red: red, root: st.ws.Root(), calls: map[string]*callState{}}
	cfg := run.Config{
		Start: run.Start{RunID: run.NewRunID(time.Now()), SessionID: st.id, Cwd: st.ws.Root(),
			Provider: st.model.Name, Model: st.model.Model, APIModel: st.model.Model},
		Provider: st.model.Provider, Tools: tb, MaxTurns: s.cfg.MaxTurns, System: systemPrompt(st.ws.Root()),
		History: session.ToMessages(st.store.History()), Prompt: text, Sink: u, Recorder: st.store,
		Redactor: red, MaxOutputTokens: s.cfg.MaxOutputTokens,
		Asker: &asker{s: s, st: st, u: u}, OnToolStart: u.started,
		LimitHint: "the limit is zero acp's --max-turns",
		Flush:     func() { s.out.flush() },
		Context:   st.model.Context,
	}
	if s.cfg.RedactModelInput {
		cfg.ModelRedactor = red.Known()
	}
	if m := st.model.Context; m != nil {
		m.Remember(session.Window(st.store.History(), st.model.Model))
	}
	out := run.Run(ctx, cfg)
	reason, rerr := stopReason(ctx, out)
	if rerr != nil {
		return errorMessage(id, rerr)
	}
	return &acpv1.PromptResult{ID: id, Result: acpv1.PromptResponse{StopReason: reason}}
}

// policy is the session's policy: the configured one in the session's
// current mode, asking the editor for what it leaves to a person.
func (s *server) policy(st *sessionState) permission.Policy {
	p := s.cfg.Policy
	p.Mode, p.Interactive = st.currentMode(), true
	return p
}

// stopReason maps how the run ended to ACP's stop reason; a failure that
// is none of them (a provider error) answers the prompt with an error.
func stopReason(ctx context.Context, out run.Outcome) (acpv1.StopReason, error) {
	if out.ExitCode == streamjsonv2.ExitCodeSuccess {
		return acpv1.StopReasonEndTurn, nil
	}
	switch {
	case ctx.Err() != nil:
		return acpv1.StopReasonCancelled, nil
	case out.Failure == nil:
		return "", internalError("the run failed")
	case out.Failure.Code == streamjsonv2.ErrorCodeTurnLimit:
		return acpv1.StopReasonMaxTurnRequests, nil
	case out.Failure.Code == streamjsonv2.ErrorCodeMaxOutputTokens:
		return acpv1.StopReasonMaxTokens, nil
	}
	return "", internalError(out.Failure.Message)
}

// promptText turns the prompt's content blocks into the text the model
// reads: text as it is, a resource link as its name and URI, an embedded
// text resource inside <file> tags. Images and audio are refused, as
// initialize said.
func promptText(blocks []acpv1.ContentBlock) (string, error) {
	var b strings.Builder
	for i, blk := range blocks {
		if i > 0 {
			b.WriteString("\n\n")
		}
		switch v := blk.Value.(type) {
		case *acpv1.TextContent:
			b.WriteString(v.Text)
		case *acpv1.ResourceLink:
			b.WriteString("[" + v.Name + "](" + v.URI + ")")
		case *acpv1.EmbeddedResource:
			if err := embedded(&b, v, i); err != nil {
				return "", err
			}
		default:
			return "", &rpcError{code: codeInvalidParams, msg: "Zero takes text, resource links and embedded text resources in prompts, not images or audio",
				pointer: "/params/prompt/" + itoa(i)}
		}
	}
	return b.String(), nil
}

func embedded(b *strings.Builder, v *acpv1.EmbeddedResource, i int) error {
	var r acpv1.TextResourceContents
	if err := r.UnmarshalJSON(v.Resource); err != nil {
		return &rpcError{code: codeInvalidParams, msg: "Zero takes embedded text resources, not binary ones",
			pointer: "/params/prompt/" + itoa(i) + "/resource"}
	}
	b.WriteString("<file uri=\"" + r.URI + "\">\n" + r.Text + "\n</file>")
	return nil
}

func itoa(n int) string { return string(appendInt(nil, n)) }

// systemPrompt is the system prompt of a session in cwd: as for zero
// exec, except that someone is there to approve what needs approval.
func systemPrompt(cwd string) string {
	return "You are Zero, a coding agent working for a person in an editor, in the working directory " + cwd +
		". Use the tools to inspect and change files there; relative paths are relative to that directory, and " +
		"tools cannot reach outside it. Some tool calls need the person's approval, which the editor asks for; a " +
		"rejected call returns an error result. End with a concise answer to the person's request."
}
