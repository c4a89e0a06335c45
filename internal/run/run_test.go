package run

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/internal/tools"
)

// fakeProvider answers the n-th Stream call with the n-th turn of events,
// or with err when the turn is nil.
type fakeProvider struct {
	turns [][]provider.Event
	errs  []error
	reqs  []provider.Request
}

func (p *fakeProvider) Name() string         { return "fake" }
func (p *fakeProvider) DefaultModel() string { return "fake-1" }

func (p *fakeProvider) Stream(ctx context.Context, req provider.Request, emit func(provider.Event) error) error {
	n := len(p.reqs)
	p.reqs = append(p.reqs, req)
	if n < len(p.errs) && p.errs[n] != nil {
		return p.errs[n]
	}
	if n >= len(p.turns) {
		return &provider.Error{Code: provider.CodeProviderError, Message: "fake: no turn scripted"}
	}
	for _, ev := range p.turns[n] {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := emit(ev); err != nil {
			return err
		}
	}
	return nil
}

func text(s string) provider.Event { return provider.Event{Kind: provider.EventText, Delta: s} }
func toolCall(id, name, args string) provider.Event {
	return provider.Event{Kind: provider.EventToolCall, Call: provider.ToolCall{ID: id, Name: name, Args: []byte(args)}}
}

// events is a sink that keeps the events.
type events []streamjsonv2.OutputValue

// Emit keeps a copy of the reused delta events, as a Sink that keeps events
// must.
func (e *events) Emit(ev streamjsonv2.OutputValue) error {
	switch v := ev.(type) {
	case *streamjsonv2.Text:
		c := *v
		ev = &c
	case *streamjsonv2.Reasoning:
		c := *v
		ev = &c
	}
	*e = append(*e, ev)
	return nil
}

func (e events) types() string {
	var ts []string
	for _, ev := range e {
		ts = append(ts, ev.(interface{ Type() string }).Type())
	}
	return strings.Join(ts, ",")
}

// records is a Recorder that keeps the records.
type records []sessionv1.SessionRecordValue

func (r *records) Append(rec *sessionv1.SessionRecord) error { *r = append(*r, rec.Value); return nil }

// setup returns a config over a temp workspace holding README.md.
func setup(t *testing.T, p provider.Provider, mode permission.Mode) (Config, *events, *records, string) {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("# Zero\n"), 0o644)
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	tb, err := NewToolbox(ws, permission.Policy{Mode: mode}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var evs events
	var recs records
	cfg := Config{
		Start:    Start{RunID: "run_1", SessionID: "s_1", Cwd: dir, Provider: "fake", Model: "m", APIModel: "m"},
		Provider: p, Tools: tb, Prompt: "hi", Sink: &evs, Recorder: &recs,
	}
	return cfg, &evs, &recs, dir
}

func TestTextOnly(t *testing.T) {
	p := &fakeProvider{turns: [][]provider.Event{{text("Hello"), text(", world"), {Kind: provider.EventUsage, Usage: provider.Usage{PromptTokens: 3, CompletionTokens: 2}}}}}
	cfg, evs, recs, _ := setup(t, p, "")
	out := Run(context.Background(), cfg)
	if out.ExitCode != 0 || out.Text != "Hello, world" {
		t.Fatalf("outcome = %+v", out)
	}
	if got := evs.types(); !strings.HasPrefix(got, "run_start,text") || !strings.HasSuffix(got, "usage,final,run_end") {
		t.Errorf("events = %s", got)
	}
	u := (*evs)[len(*evs)-3].(*streamjsonv2.Usage)
	if u.TotalTokens != 5 {
		t.Errorf("usage = %+v", u)
	}
	if len(*recs) != 5 {
		t.Errorf("records = %d, want run_start, user, assistant, usage, run_end", len(*recs))
	}
	if len(p.reqs[0].Tools) != 4 {
		t.Errorf("default mode offers %d tools, want the 4 allow tools", len(p.reqs[0].Tools))
	}
}

func TestToolCallsAndPermissions(t *testing.T) {
	p := &fakeProvider{turns: [][]provider.Event{
		{text("Looking."), toolCall("call_1", "read_file", `{"path":"README.md"}`),
			toolCall("call_2", "write_file", `{"path":"x","content":"y"}`),
			toolCall("call_3", "read_file", `{"path":""}`),
			toolCall("call_4", "read_file", `{"path":"../etc/passwd"}`),
			toolCall("call_5", "nope", `not json`)},
		{text("Done.")},
	}}
	cfg, evs, _, dir := setup(t, p, "")
	out := Run(context.Background(), cfg)
	if out.ExitCode != 0 || out.Text != "Looking.\n\nDone." {
		t.Fatalf("outcome = %+v", out)
	}
	want := "run_start,text,tool_call,tool_call,tool_call,tool_call,tool_call," +
		"tool_result,permission_request,tool_result,tool_result,tool_result,tool_result,text,final,run_end"
	if got := evs.types(); got != want {
		t.Errorf("events =\n%s\nwant\n%s (a prompt nobody can answer gets no permission_decision)", got, want)
	}
	req := (*evs)[8].(*streamjsonv2.PermissionRequest)
	if req.Action != streamjsonv2.PermissionActionPrompt || req.Permission != streamjsonv2.PermissionPrompt ||
		req.PermissionMode != streamjsonv2.PermissionModeAsk || req.Block == nil ||
		req.Block.Code != streamjsonv2.BlockCodePermissionDenied || req.Block.Action != streamjsonv2.PermissionActionPrompt {
		t.Errorf("permission_request = %+v, block %+v", req, req.Block)
	}
	results := map[string]*streamjsonv2.ToolResult{}
	for _, ev := range *evs {
		if r, ok := ev.(*streamjsonv2.ToolResult); ok {
			results[string(r.ID)] = r
		}
	}
	check := func(id string, status streamjsonv2.ToolStatus, contains string) {
		t.Helper()
		r := results[id]
		if r == nil || r.Status != status || !strings.Contains(r.Output, contains) {
			t.Errorf("%s: result %+v, want %s containing %q", id, r, status, contains)
		}
	}
	check("call_1", "ok", "# Zero")
	check("call_2", "error", "permission denied")
	check("call_3", "error", "invalid arguments for read_file: /path: minLength")
	check("call_4", "error", "escapes the workspace")
	check("call_5", "error", "unknown tool")
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Error("write_file ran without permission")
	}
	if msgs := p.reqs[1].Messages; len(msgs) != 7 || msgs[2].ToolCallID != "call_1" {
		t.Errorf("second request has %d messages, want user, assistant and 5 tool results", len(msgs))
	}
}

func TestSkipPermissionsWrites(t *testing.T) {
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall("call_1", "write_file", `{"path":"x","content":"y"}`)}, {text("ok")},
	}}
	cfg, evs, _, dir := setup(t, p, permission.ModeUnsafe)
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "x")); err != nil || string(b) != "y" {
		t.Errorf("file x = %q, %v", b, err)
	}
	if got := evs.types(); !strings.Contains(got, "permission_request,permission_decision,tool_result") {
		t.Errorf("events = %s", got)
	}
	req, dec := (*evs)[2].(*streamjsonv2.PermissionRequest), (*evs)[3].(*streamjsonv2.PermissionDecision)
	if req.Action != streamjsonv2.PermissionActionAllow || req.PermissionMode != streamjsonv2.PermissionModeUnsafe || req.Block != nil {
		t.Errorf("permission_request = %+v", req)
	}
	if dec.Action != streamjsonv2.PermissionActionAllow || !dec.PermissionGranted || !strings.Contains(string(dec.DecisionReason.V), "--permission-mode unsafe") {
		t.Errorf("permission_decision = %+v", dec)
	}
}

// TestDecisionsByFlag checks the permission events of calls the policy
// decides: accept-edits grants write_file (mode "auto") but leaves bash
// waiting for a prompt, and a disabled tool is denied with a decision.
func TestDecisionsByFlag(t *testing.T) {
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall("call_1", "write_file", `{"path":"x","content":"y"}`), toolCall("call_2", "bash", `{"command":"true"}`),
			toolCall("call_3", "grep", `{"pattern":"x"}`)},
		{text("ok")},
	}}
	cfg, evs, _, dir := setup(t, p, permission.ModeAcceptEdits)
	tb, err := NewToolbox(cfg.Tools.Workspace(), permission.Policy{Mode: permission.ModeAcceptEdits, Disabled: []string{"grep"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Tools = tb
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); err != nil {
		t.Errorf("write_file did not run under accept-edits: %v", err)
	}
	want := "run_start,tool_call,tool_call,tool_call,permission_request,permission_decision,tool_result," +
		"permission_request,tool_result,permission_request,permission_decision,tool_result,text,final,run_end"
	if got := evs.types(); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	actions := ""
	for _, ev := range *evs {
		switch e := ev.(type) {
		case *streamjsonv2.PermissionRequest:
			actions += "req:" + string(e.Action) + "/" + string(e.PermissionMode) + " "
		case *streamjsonv2.PermissionDecision:
			actions += "dec:" + string(e.Action) + " "
		}
	}
	if want := "req:allow/auto dec:allow req:prompt/auto req:deny/auto dec:deny "; actions != want {
		t.Errorf("actions = %q, want %q", actions, want)
	}
}

func TestTurnLimit(t *testing.T) {
	loop := []provider.Event{toolCall("c", "list_directory", `{}`)}
	p := &fakeProvider{turns: [][]provider.Event{loop, loop, loop}}
	cfg, evs, _, _ := setup(t, p, "")
	cfg.MaxTurns = 2
	out := Run(context.Background(), cfg)
	if out.ExitCode != streamjsonv2.ExitCodeIncomplete || out.Failure.Code != streamjsonv2.ErrorCodeTurnLimit || len(p.reqs) != 2 {
		t.Fatalf("outcome = %+v after %d requests", out, len(p.reqs))
	}
	if got := evs.types(); !strings.HasSuffix(got, "tool_result,error,run_end") {
		t.Errorf("events = %s", got)
	}
}

func TestProviderError(t *testing.T) {
	p := &fakeProvider{errs: []error{&provider.Error{Code: "provider_error", Message: "openai: 500", Recoverable: true}}}
	cfg, evs, _, _ := setup(t, p, "")
	out := Run(context.Background(), cfg)
	if out.ExitCode != streamjsonv2.ExitCodeRuntime || out.Failure.Code != streamjsonv2.ErrorCodeProviderError || !out.Failure.Recoverable {
		t.Fatalf("outcome = %+v", out)
	}
	if got := evs.types(); got != "run_start,error,run_end" {
		t.Errorf("events = %s", got)
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("interrupted by SIGINT"))
	p := &fakeProvider{turns: [][]provider.Event{{text("x")}}}
	cfg, evs, recs, _ := setup(t, p, "")
	out := Run(ctx, cfg)
	if out.ExitCode != streamjsonv2.ExitCodeInterrupted || out.Failure.Message != "interrupted by SIGINT" {
		t.Fatalf("outcome = %+v", out)
	}
	if got := evs.types(); got != "run_start,error,run_end" {
		t.Errorf("events = %s", got)
	}
	if _, ok := (*recs)[len(*recs)-1].(*sessionv1.RunEndRecord); !ok {
		t.Error("run_end not recorded")
	}
}

func TestSecretSplitAcrossDeltas(t *testing.T) {
	key := "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
	p := &fakeProvider{turns: [][]provider.Event{{text("the key is " + key[:12]), text(key[12:] + " ok")}}}
	cfg, evs, _, _ := setup(t, p, "")
	cfg.Redactor = redact.New(key)
	var sb strings.Builder
	cfg.Sink = sinkFunc(func(ev streamjsonv2.OutputValue) error {
		if tx, ok := ev.(*streamjsonv2.Text); ok {
			sb.WriteString(tx.Delta)
		}
		return evs.Emit(ev)
	})
	Run(context.Background(), cfg)
	if strings.Contains(sb.String(), key[:12]) || !strings.HasSuffix(sb.String(), " ok") {
		t.Errorf("streamed text %q leaks the key", sb.String())
	}
}

type sinkFunc func(streamjsonv2.OutputValue) error

func (f sinkFunc) Emit(ev streamjsonv2.OutputValue) error { return f(ev) }

var _ streamio.Sink = (*events)(nil)

func TestToolParametersStripped(t *testing.T) {
	for _, name := range tools.Names() {
		b, err := ToolParameters(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{`"$schema"`, `"$id"`, `"title"`, `"examples"`} {
			if strings.Contains(string(b), k) {
				t.Errorf("%s: parameters keep %s: %s", name, k, b)
			}
		}
		if !strings.Contains(string(b), `"properties"`) {
			t.Errorf("%s: %s", name, b)
		}
	}
}

// TestToolOutputNotUTF8 reads a file whose bytes are not UTF-8: the result
// carries U+FFFD in their place, so that the event and the record it
// makes validate and encode (the generated encoders refuse invalid UTF-8).
func TestToolOutputNotUTF8(t *testing.T) {
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall("call_1", "read_file", `{"path":"bin.txt"}`)},
		{text("Done.")},
	}}
	cfg, evs, recs, dir := setup(t, p, "")
	if err := os.WriteFile(filepath.Join(dir, "bin.txt"), []byte("a\xffb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	var res *streamjsonv2.ToolResult
	for _, ev := range *evs {
		if r, ok := ev.(*streamjsonv2.ToolResult); ok {
			res = r
		}
	}
	if res == nil || !strings.Contains(res.Output, "a\uFFFDb") {
		t.Fatalf("tool_result = %+v", res)
	}
	if err := res.Validate(); err != nil {
		t.Errorf("the tool_result does not validate: %v", err)
	}
	for _, rec := range *recs {
		if r, ok := rec.(*sessionv1.ToolResultRecord); ok && !strings.Contains(r.Output, "a\uFFFDb") {
			t.Errorf("record = %+v", r)
		}
	}
}
