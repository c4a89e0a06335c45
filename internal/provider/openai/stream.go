package openai

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/sse"
)

// chunk is the part of a chat.completion.chunk object Zero reads. Compatible servers may leave
// out id, send usage as null, send empty choices, or report an error in the stream.
type chunk struct {
	Choices []choice    `json:"choices"`
	Usage   *chunkUsage `json:"usage"`
	Error   *chunkError `json:"error"`
}

type choice struct {
	Delta        delta  `json:"delta"`
	FinishReason string `json:"finish_reason"`
}

type delta struct {
	Content          string          `json:"content"`
	ReasoningContent string          `json:"reasoning_content"`
	Reasoning        string          `json:"reasoning"`
	ToolCalls        []toolCallDelta `json:"tool_calls"`
}

type toolCallDelta struct {
	Index    *int   `json:"index"`
	ID       string `json:"id"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type chunkUsage struct {
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	TotalTokens      int64 `json:"total_tokens"`
}

type chunkError struct {
	Message string `json:"message"`
}

// stream turns one response's chunks into events.
type stream struct {
	t       *provider.Transport
	emit    func(provider.Event) error
	calls   []*pendingCall // in order of their first fragment
	byIndex map[int]*pendingCall
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
	return &stream{t: t, emit: emit, byIndex: map[int]*pendingCall{}}
}

// handle reads one SSE event: a chunk, or [DONE] which ends the turn.
func (s *stream) handle(ev sse.Event) (done bool, err error) {
	data := strings.TrimSpace(ev.Data)
	switch data {
	case "":
		return false, nil
	case "[DONE]":
		return true, s.flush()
	}
	var c chunk
	if err := json.Unmarshal([]byte(data), &c); err != nil {
		return false, s.t.Errorf(false, "malformed chunk: %v", err)
	}
	return false, s.chunk(c)
}

func (s *stream) chunk(c chunk) error {
	if c.Error != nil {
		return s.t.Errorf(true, "error in stream: %s", c.Error.Message)
	}
	for _, ch := range c.Choices {
		if err := s.choice(ch); err != nil {
			return err
		}
	}
	if c.Usage == nil {
		return nil
	}
	return s.emit(provider.Event{Kind: provider.EventUsage, Usage: usageOf(c.Usage)})
}

// choice emits the delta's reasoning and text, gathers its tool-call fragments, and emits the
// completed calls when the choice finishes.
func (s *stream) choice(ch choice) error {
	d := ch.Delta
	if r := d.ReasoningContent + d.Reasoning; r != "" {
		if err := s.emit(provider.Event{Kind: provider.EventReasoning, Delta: r}); err != nil {
			return err
		}
	}
	if d.Content != "" {
		if err := s.emit(provider.Event{Kind: provider.EventText, Delta: d.Content}); err != nil {
			return err
		}
	}
	for _, tc := range d.ToolCalls {
		s.fragment(tc)
	}
	if ch.FinishReason != "" {
		return s.finish(ch.FinishReason)
	}
	return nil
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
func (s *stream) fragment(tc toolCallDelta) {
	c := s.slot(tc)
	if c.id == "" {
		c.id = tc.ID
	}
	if c.name == "" {
		c.name = tc.Function.Name
	}
	c.args.WriteString(tc.Function.Arguments)
}

// slot finds the call a fragment belongs to: by index, starting a new call when the fragment
// brings a different id (some servers reuse index 0), or when it has no index but an id.
func (s *stream) slot(tc toolCallDelta) *pendingCall {
	var c *pendingCall
	switch {
	case tc.Index != nil:
		c = s.byIndex[*tc.Index]
	case tc.ID == "" && len(s.calls) > 0:
		c = s.calls[len(s.calls)-1]
	}
	if c != nil && (tc.ID == "" || c.id == "" || c.id == tc.ID) {
		return c
	}
	c = &pendingCall{}
	s.calls = append(s.calls, c)
	if tc.Index != nil {
		s.byIndex[*tc.Index] = c
	}
	return c
}

// flush emits the gathered tool calls in order.
func (s *stream) flush() error {
	calls := s.calls
	s.calls, s.byIndex = nil, map[int]*pendingCall{}
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

func usageOf(u *chunkUsage) provider.Usage {
	total := u.TotalTokens
	if total == 0 {
		total = u.PromptTokens + u.CompletionTokens
	}
	return provider.Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: total}
}
