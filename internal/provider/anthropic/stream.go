package anthropic

import (
	"strings"

	anthropicv1 "github.com/zeroproject/zero/generated/anthropic/v1"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/sse"
	"github.com/zeroproject/zero/rt"
)

// The events are decoded by the generated decoder of schema/anthropic/v1/event.json, whose
// objects are open (members Zero does not read are skipped without allocating) and whose
// members may all be null. A value absent or null reads as its zero value through val.

// val returns the value of an optional, nullable member, or the zero value when the member
// is absent or null.
func val[T any](o rt.Opt[rt.Nullable[T]]) T { return o.V.V }

// stream turns one response's events into provider events.
type stream struct {
	t      *provider.Transport
	emit   func(provider.Event) error
	blocks map[int64]*toolUse
	usage  provider.Usage
	dec    rt.Decoder
	e      anthropicv1.StreamEvent
}

// toolUse is a tool_use block whose input is still arriving.
type toolUse struct {
	id, name string
	start    rt.Raw // the input given in content_block_start
	args     strings.Builder
}

func newStream(t *provider.Transport, emit func(provider.Event) error) *stream {
	return &stream{t: t, emit: emit, blocks: map[int64]*toolUse{}}
}

// handle reads one SSE event; message_stop ends the turn.
func (s *stream) handle(ev sse.Event) (done bool, err error) {
	// The data never changes (see sse.Event.Data): the decoder reads it in place, and the
	// strings it decodes share its memory, without the copy Reset would make.
	s.dec.ResetString(ev.Text())
	if err := s.e.DecodeJSON(&s.dec); err != nil {
		return false, s.t.Errorf(false, "malformed event %s: %v", ev.Type, err)
	}
	e := &s.e
	typ := val(e.Type)
	if typ == "" {
		typ = ev.Type
	}
	switch typ {
	case "message_start":
		s.start(e)
	case "content_block_start":
		return false, s.blockStart(e)
	case "content_block_delta":
		return false, s.blockDelta(e)
	case "content_block_stop":
		return false, s.blockStop(e)
	case "message_delta":
		return false, s.messageDelta(e)
	case "message_stop":
		return true, nil
	case "error":
		return false, s.streamError(e)
	}
	return false, nil // ping, and event types added later
}

func (s *stream) start(e *anthropicv1.StreamEvent) {
	if u := val(e.Message).Usage.V; u.Valid {
		s.usage.PromptTokens = promptTokens(&u.V)
		s.usage.CompletionTokens = val(u.V.OutputTokens)
	}
}

// blockStart begins a tool_use block, or emits text or thinking a block starts with.
func (s *stream) blockStart(e *anthropicv1.StreamEvent) error {
	b := val(e.ContentBlock)
	switch val(b.Type) {
	case "tool_use":
		s.blocks[val(e.Index)] = &toolUse{id: val(b.ID), name: val(b.Name), start: b.Input}
	case "text":
		return s.emitDelta(provider.EventText, val(b.Text))
	case "thinking":
		return s.emitDelta(provider.EventReasoning, val(b.Thinking))
	}
	return nil
}

func (s *stream) blockDelta(e *anthropicv1.StreamEvent) error {
	d := val(e.Delta)
	switch val(d.Type) {
	case "text_delta":
		return s.emitDelta(provider.EventText, val(d.Text))
	case "thinking_delta":
		return s.emitDelta(provider.EventReasoning, val(d.Thinking))
	case "input_json_delta":
		b, ok := s.blocks[val(e.Index)]
		if !ok {
			return s.t.Errorf(false, "malformed stream: input_json_delta for content block %d, which is no tool_use", val(e.Index))
		}
		b.args.WriteString(val(d.PartialJSON))
	}
	return nil // signature_delta, and delta types added later
}

// blockStop emits a completed tool call.
func (s *stream) blockStop(e *anthropicv1.StreamEvent) error {
	index := val(e.Index)
	b, ok := s.blocks[index]
	if !ok {
		return nil
	}
	delete(s.blocks, index)
	call := provider.ToolCall{ID: b.id, Name: b.name, Args: b.input()}
	return s.emit(provider.Event{Kind: provider.EventToolCall, Call: call})
}

// input is the streamed JSON, or the start's input when nothing streamed, or {}.
func (b *toolUse) input() []byte {
	if args := b.args.String(); strings.TrimSpace(args) != "" {
		return []byte(args)
	}
	if start := strings.TrimSpace(string(b.start)); start != "" && start != "null" {
		return []byte(start)
	}
	return []byte("{}")
}

// messageDelta emits the cumulative usage and the stop reason.
func (s *stream) messageDelta(e *anthropicv1.StreamEvent) error {
	if r := val(val(e.Delta).StopReason); r != "" {
		stop := provider.Stop{Reason: r, Truncated: truncatedBy(r)}
		if err := s.emit(provider.Event{Kind: provider.EventStop, Stop: stop}); err != nil {
			return err
		}
	}
	return s.messageUsage(e)
}

// truncatedBy says a stop reason means a limit cut the answer short.
func truncatedBy(reason string) bool {
	return reason == "max_tokens" || reason == "model_context_window_exceeded"
}

// messageUsage takes the cumulative usage of a message_delta and emits it.
func (s *stream) messageUsage(e *anthropicv1.StreamEvent) error {
	u := e.Usage.V
	if !u.Valid {
		return nil
	}
	s.usage.CompletionTokens = val(u.V.OutputTokens)
	if p := promptTokens(&u.V); p > 0 {
		s.usage.PromptTokens = p
	}
	s.usage.TotalTokens = s.usage.PromptTokens + s.usage.CompletionTokens
	return s.emit(provider.Event{Kind: provider.EventUsage, Usage: s.usage})
}

// streamError reports an error event; overloaded and server-side errors may pass on retry.
func (s *stream) streamError(e *anthropicv1.StreamEvent) error {
	if !e.Error.V.Valid {
		return s.t.Errorf(true, "error in stream")
	}
	typ, msg := val(e.Error.V.V.Type), val(e.Error.V.V.Message)
	switch typ {
	case "overloaded_error", "api_error", "rate_limit_error", "timeout_error":
		return s.t.Errorf(true, "error in stream: %s: %s", typ, msg)
	}
	return s.t.Errorf(false, "error in stream: %s: %s", typ, msg)
}

func (s *stream) emitDelta(kind provider.EventKind, text string) error {
	if text == "" {
		return nil
	}
	return s.emit(provider.Event{Kind: kind, Delta: text})
}

// promptTokens counts all input tokens, cached or not.
func promptTokens(u *anthropicv1.Usage) int64 {
	return val(u.InputTokens) + val(u.CacheCreationInputTokens) + val(u.CacheReadInputTokens)
}
