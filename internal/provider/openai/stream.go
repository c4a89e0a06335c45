package openai

import (
	"fmt"
	"strings"

	openaiv1 "github.com/zeroproject/zero/generated/openai/v1"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/sse"
	"github.com/zeroproject/zero/rt"
)

// The chunks are decoded by the generated decoder of schema/openai/v1/chunk.json, whose
// objects are open (members Zero does not read are skipped without allocating) and whose
// members may all be null, as compatible servers send them. A value absent or null reads as
// its zero value through val.

// val returns the value of an optional, nullable member, or the zero value when the member
// is absent or null.
func val[T any](o rt.Opt[rt.Nullable[T]]) T { return o.V.V }

// stream turns one response's chunks into events.
type stream struct {
	t       *provider.Transport
	emit    func(provider.Event) error
	dec     rt.Decoder
	c       openaiv1.ChatCompletionChunk
	calls   []*pendingCall // in order of their first fragment
	byIndex map[int64]*pendingCall
	// finished says a choice carried a finish_reason: the answer is complete even if the
	// server closes the stream without "data: [DONE]", as some compatible servers do.
	finished bool
}

// pendingCall is a tool call whose fragments are still arriving.
type pendingCall struct {
	id, name string
	args     strings.Builder
}

func newStream(t *provider.Transport, emit func(provider.Event) error) *stream {
	return &stream{t: t, emit: emit, byIndex: map[int64]*pendingCall{}}
}

// handle reads one SSE event: a chunk, or [DONE] which ends the turn.
func (s *stream) handle(ev sse.Event) (done bool, err error) {
	data := strings.TrimSpace(ev.Text())
	switch data {
	case "":
		return false, nil
	case "[DONE]":
		return true, s.flush()
	}
	// The data never changes (see sse.Event.Data): the decoder reads it in place, and the
	// strings it decodes share its memory, without the copy Reset would make.
	s.dec.ResetString(data)
	if err := s.c.DecodeJSON(&s.dec); err != nil {
		return false, s.t.Errorf(false, "malformed chunk: %v", err)
	}
	return false, s.chunk(&s.c)
}

func (s *stream) chunk(c *openaiv1.ChatCompletionChunk) error {
	if e := c.Error.V; e.Valid {
		return s.t.Errorf(true, "error in stream: %s", val(e.V.Message))
	}
	choices := val(c.Choices)
	for i := range choices {
		if err := s.choice(&choices[i].V); err != nil {
			return err
		}
	}
	if u := c.Usage.V; u.Valid {
		return s.emit(provider.Event{Kind: provider.EventUsage, Usage: usageOf(&u.V)})
	}
	return nil
}

// choice emits the delta's reasoning and text, gathers its tool-call fragments, and emits the
// completed calls when the choice finishes.
func (s *stream) choice(ch *openaiv1.ChunkChoice) error {
	d := &ch.Delta.V.V // the members of an absent or null delta are unset
	if r := reasoningOf(d); r != "" {
		if err := s.emit(provider.Event{Kind: provider.EventReasoning, Delta: r}); err != nil {
			return err
		}
	}
	if text := val(d.Content); text != "" {
		if err := s.emit(provider.Event{Kind: provider.EventText, Delta: text}); err != nil {
			return err
		}
	}
	calls := val(d.ToolCalls)
	for i := range calls {
		s.fragment(&calls[i].V)
	}
	if reason := val(ch.FinishReason); reason != "" {
		return s.finish(reason)
	}
	return nil
}

// reasoningOf returns the delta's reasoning text, from whichever member carries it; a server
// sends one of the two, and both are joined. It runs for every chunk: the common cases return
// without a call to join strings.
func reasoningOf(d *openaiv1.ChunkDelta) string {
	a, b := val(d.ReasoningContent), val(d.Reasoning)
	switch {
	case b == "":
		return a
	case a == "":
		return b
	}
	return a + b
}

// finish emits the gathered tool calls and the stop reason; "length" means the token limit
// cut the answer.
func (s *stream) finish(reason string) error {
	s.finished = true
	if err := s.flush(); err != nil {
		return err
	}
	stop := provider.Stop{Reason: reason, Truncated: reason == "length"}
	return s.emit(provider.Event{Kind: provider.EventStop, Stop: stop})
}

// fragment adds one tool-call fragment to its call.
func (s *stream) fragment(tc *openaiv1.ToolCallDelta) {
	c := s.slot(tc)
	fn := val(tc.Function)
	if c.id == "" {
		c.id = val(tc.ID)
	}
	if c.name == "" {
		c.name = val(fn.Name)
	}
	c.args.WriteString(val(fn.Arguments))
}

// slot finds the call a fragment belongs to: by index, starting a new call when the fragment
// brings a different id (some servers reuse index 0), or when it has no index but an id.
func (s *stream) slot(tc *openaiv1.ToolCallDelta) *pendingCall {
	var c *pendingCall
	index, hasIndex := tc.Index.V.V, tc.Index.V.Valid
	id := val(tc.ID)
	switch {
	case hasIndex:
		c = s.byIndex[index]
	case id == "" && len(s.calls) > 0:
		c = s.calls[len(s.calls)-1]
	}
	if c != nil && (id == "" || c.id == "" || c.id == id) {
		return c
	}
	c = &pendingCall{}
	s.calls = append(s.calls, c)
	if hasIndex {
		s.byIndex[index] = c
	}
	return c
}

// flush emits the gathered tool calls in order.
func (s *stream) flush() error {
	calls := s.calls
	s.calls, s.byIndex = nil, map[int64]*pendingCall{}
	for i, c := range calls {
		if err := s.emit(provider.Event{Kind: provider.EventToolCall, Call: c.toolCall(i)}); err != nil {
			return err
		}
	}
	return nil
}

// toolCall completes the call; a call without an id gets one from its position, and a call
// without arguments gets "{}".
func (c *pendingCall) toolCall(i int) provider.ToolCall {
	id := c.id
	if id == "" {
		id = fmt.Sprintf("call_%d", i)
	}
	args := c.args.String()
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	return provider.ToolCall{ID: id, Name: c.name, Args: []byte(args)}
}

func usageOf(u *openaiv1.ChunkUsage) provider.Usage {
	prompt, completion, total := val(u.PromptTokens), val(u.CompletionTokens), val(u.TotalTokens)
	if total == 0 {
		total = prompt + completion
	}
	return provider.Usage{PromptTokens: prompt, CompletionTokens: completion, TotalTokens: total}
}
