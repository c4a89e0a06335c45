package anthropic

import (
	"encoding/json"
	"strings"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/sse"
)

// event is the part of a Messages stream event Zero reads.
type event struct {
	Type         string        `json:"type"`
	Index        int           `json:"index"`
	Message      *startMessage `json:"message"`
	ContentBlock contentBlock  `json:"content_block"`
	Delta        eventDelta    `json:"delta"`
	Usage        *usage        `json:"usage"`
	Error        *apiError     `json:"error"`
}

type startMessage struct {
	Usage *usage `json:"usage"`
}

type contentBlock struct {
	Type     string          `json:"type"`
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Text     string          `json:"text"`
	Thinking string          `json:"thinking"`
	Input    json.RawMessage `json:"input"`
}

type eventDelta struct {
	Type        string `json:"type"`
	Text        string `json:"text"`
	Thinking    string `json:"thinking"`
	PartialJSON string `json:"partial_json"`
	StopReason  string `json:"stop_reason"`
}

type usage struct {
	InputTokens              int64 `json:"input_tokens"`
	OutputTokens             int64 `json:"output_tokens"`
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
}

type apiError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// stream turns one response's events into provider events.
type stream struct {
	t      *provider.Transport
	emit   func(provider.Event) error
	blocks map[int]*toolUse
	usage  provider.Usage
}

// toolUse is a tool_use block whose input is still arriving.
type toolUse struct {
	id, name string
	start    json.RawMessage // the input given in content_block_start
	args     strings.Builder
}

func newStream(t *provider.Transport, emit func(provider.Event) error) *stream {
	return &stream{t: t, emit: emit, blocks: map[int]*toolUse{}}
}

// handle reads one SSE event; message_stop ends the turn.
func (s *stream) handle(ev sse.Event) (done bool, err error) {
	var e event
	if err := json.Unmarshal([]byte(ev.Data), &e); err != nil {
		return false, s.t.Errorf(false, "malformed event %s: %v", ev.Type, err)
	}
	if e.Type == "" {
		e.Type = ev.Type
	}
	switch e.Type {
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

func (s *stream) start(e event) {
	if e.Message != nil && e.Message.Usage != nil {
		s.usage.PromptTokens = promptTokens(e.Message.Usage)
		s.usage.CompletionTokens = e.Message.Usage.OutputTokens
	}
}

// blockStart begins a tool_use block, or emits text or thinking a block starts with.
func (s *stream) blockStart(e event) error {
	b := e.ContentBlock
	switch b.Type {
	case "tool_use":
		s.blocks[e.Index] = &toolUse{id: b.ID, name: b.Name, start: b.Input}
	case "text":
		return s.emitDelta(provider.EventText, b.Text)
	case "thinking":
		return s.emitDelta(provider.EventReasoning, b.Thinking)
	}
	return nil
}

func (s *stream) blockDelta(e event) error {
	switch e.Delta.Type {
	case "text_delta":
		return s.emitDelta(provider.EventText, e.Delta.Text)
	case "thinking_delta":
		return s.emitDelta(provider.EventReasoning, e.Delta.Thinking)
	case "input_json_delta":
		b, ok := s.blocks[e.Index]
		if !ok {
			return s.t.Errorf(false, "malformed stream: input_json_delta for content block %d, which is no tool_use", e.Index)
		}
		b.args.WriteString(e.Delta.PartialJSON)
	}
	return nil // signature_delta, and delta types added later
}

// blockStop emits a completed tool call.
func (s *stream) blockStop(e event) error {
	b, ok := s.blocks[e.Index]
	if !ok {
		return nil
	}
	delete(s.blocks, e.Index)
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
func (s *stream) messageDelta(e event) error {
	if r := e.Delta.StopReason; r != "" {
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
func (s *stream) messageUsage(e event) error {
	if e.Usage == nil {
		return nil
	}
	s.usage.CompletionTokens = e.Usage.OutputTokens
	if p := promptTokens(e.Usage); p > 0 {
		s.usage.PromptTokens = p
	}
	s.usage.TotalTokens = s.usage.PromptTokens + s.usage.CompletionTokens
	return s.emit(provider.Event{Kind: provider.EventUsage, Usage: s.usage})
}

// streamError reports an error event; overloaded and server-side errors may pass on retry.
func (s *stream) streamError(e event) error {
	if e.Error == nil {
		return s.t.Errorf(true, "error in stream")
	}
	switch e.Error.Type {
	case "overloaded_error", "api_error", "rate_limit_error", "timeout_error":
		return s.t.Errorf(true, "error in stream: %s: %s", e.Error.Type, e.Error.Message)
	}
	return s.t.Errorf(false, "error in stream: %s: %s", e.Error.Type, e.Error.Message)
}

func (s *stream) emitDelta(kind provider.EventKind, text string) error {
	if text == "" {
		return nil
	}
	return s.emit(provider.Event{Kind: kind, Delta: text})
}

// promptTokens counts all input tokens, cached or not.
func promptTokens(u *usage) int64 {
	return u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
}
