package run

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
)

// TestErrorResultsAreBounded checks that results quoting what the model
// sent (an unknown tool's name, an argument error naming a field) stay
// short however long the model's input was.
func TestErrorResultsAreBounded(t *testing.T) {
	long := strings.Repeat("é", 1<<20)
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall("call_1", "tool_"+long, `{}`), toolCall("call_2", "read_file", `{"path":"README.md","`+long+`":1}`)},
		{text("ok")},
	}}
	cfg, evs, _, _ := setup(t, p, "")
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	for _, ev := range *evs {
		r, ok := ev.(*streamjsonv2.ToolResult)
		if !ok {
			continue
		}
		// The result may be short because the decoder already clipped
		// what it quoted, or cut here (then marked truncated).
		if r.Status != "error" || len(r.Output) > maxErrorOutput+len("…") || !utf8.ValidString(r.Output) {
			t.Errorf("%s: %d bytes, status %s, truncated %v", r.ID, len(r.Output), r.Status, r.Truncated)
		}
	}
	for _, m := range p.reqs[1].Messages[2:] {
		if len(m.Text) > maxErrorOutput+len("…") {
			t.Errorf("the model got a result of %d bytes", len(m.Text))
		}
	}
}

// TestSecretIDsAndKeysAreReplaced: ids and object keys are written
// without the redaction hook, so a call whose id or argument keys hold a
// secret gets call_N and its arguments as a (redacted) JSON string; the
// provider still gets its own id back.
func TestSecretIDsAndKeysAreReplaced(t *testing.T) {
	const key = "sk-proj-FAKEfake0000Test1111KeyDoNotUse2222abcdEFGH3333ijkl"
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall(key, "read_file", `{"path":"README.md"}`),
			toolCall("call_ok", "read_file", `{"path":"README.md","nested":[{"`+key+`":1}]}`),
			toolCall("call_fine", "read_file", `{"path":"README.md","apiKey":"`+key+`"}`)},
		{text("ok")},
	}}
	cfg, evs, recs, _ := setup(t, p, "")
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	var calls []*streamjsonv2.ToolCall
	for _, ev := range *evs {
		if c, ok := ev.(*streamjsonv2.ToolCall); ok {
			calls = append(calls, c)
		}
	}
	if calls[0].ID != "call_1" || calls[1].ID != "call_ok" || calls[2].ID != "call_fine" {
		t.Errorf("ids %s %s %s", calls[0].ID, calls[1].ID, calls[2].ID)
	}
	if string(calls[1].Args) != `"{\"path\":\"README.md\",\"nested\":[{\"`+key+`\":1}]}"` {
		t.Errorf("args with a secret key = %s", calls[1].Args)
	}
	if string(calls[2].Args) != `{"path":"README.md","apiKey":"`+key+`"}` {
		t.Errorf("args with a secret value (left to the hook) = %s", calls[2].Args)
	}
	if got := p.reqs[1].Messages[2].ToolCallID; got != key {
		t.Errorf("the provider got the result for %q, want its own id", got)
	}
	for _, rec := range *recs {
		if tr, ok := rec.(*sessionv1.ToolResultRecord); ok && tr.ID == key {
			t.Error("the session records the secret id")
		}
	}
}

// TestSecretSplitAroundTheOtherChannel: a key split across two text deltas
// with a reasoning delta between them (and the other way round) used to
// go out in two pieces, because the reasoning delta flushed the text held
// back; the concatenated deltas then held the whole key.
func TestSecretSplitAroundTheOtherChannel(t *testing.T) {
	const key = "sk-proj-FAKEfake0000Test1111KeyDoNotUse2222abcdEFGH3333ijkl"
	reasoning := func(s string) provider.Event { return provider.Event{Kind: provider.EventReasoning, Delta: s} }
	p := &fakeProvider{turns: [][]provider.Event{{
		text("key: " + key[:20]), reasoning("hmm " + key[:10]), text(key[20:] + " done"), reasoning(key[10:] + " ok"),
	}}}
	cfg, evs, _, _ := setup(t, p, "")
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	var textOut, reasoningOut, final string
	for _, ev := range *evs {
		switch e := ev.(type) {
		case *streamjsonv2.Text:
			textOut += e.Delta
		case *streamjsonv2.Reasoning:
			reasoningOut += e.Delta
		case *streamjsonv2.Final:
			final = e.Text
		}
	}
	if textOut != "key: [REDACTED:openai] done" || redact.New().String("text", final) != textOut { // the sink's hook redacts final
		t.Errorf("text deltas %q, final %q", textOut, final)
	}
	if reasoningOut != "hmm [REDACTED:openai] ok" {
		t.Errorf("reasoning deltas %q", reasoningOut)
	}
}
