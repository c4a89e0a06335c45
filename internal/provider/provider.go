// Package provider defines the vendor-neutral interface between Zero's run loop and the model
// providers, and the HTTP plumbing the vendor packages share.
//
// A Provider streams one model turn: the run loop builds a Request from the conversation so far
// (Messages, with the assistant's tool calls and the tools' results), calls Stream, and receives
// Events as they arrive: text and reasoning deltas immediately, each tool call once its arguments
// are complete, and token usage when the vendor reports it. Stream returns nil when the turn
// ended normally, ctx.Err() when the context was cancelled, the error emit returned, or an *Error
// for everything the provider did wrong.
//
// The vendor packages are:
//
//   - internal/provider/openai: Chat Completions, also for OpenAI-compatible servers (Ollama, vLLM,
//     llama.cpp, OpenRouter);
//   - internal/provider/anthropic: the Messages API.
//
// internal/provider/sse reads the Server-Sent Events both vendors stream, and
// internal/provider/providertest has scripted fake servers for tests. The data of each event is
// a vendor document with a schema of its own (schema/openai/v1/chunk.json,
// schema/anthropic/v1/event.json), decoded by its generated decoder in place, in the block
// the SSE reader read it into.
//
// Transport holds what the vendors share: retries with backoff before the stream starts (429, 5xx
// and connection errors, at most three tries), error messages extracted from the vendor's JSON
// body, an idle watchdog while streaming, and redaction of the API key from every error message.
// A caller that buffers its output gives Transport a function to call before each wait for more
// of the response (WithBeforeWait), and flushes there.
//
// The vendors' Stream methods read and decode the response on a goroutine of their own and
// emit its events on the caller's (Pipelined), so that the network and the decoding overlap
// with what the caller does with each event; the caller's function is then called on its own
// goroutine, whenever it has done every event so far and the next has not been decoded yet.
package provider

import (
	"context"
	"fmt"
)

// Role says who wrote a Message.
type Role string

// The roles of a conversation.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// ToolCall is one call of a tool by the model.
type ToolCall struct {
	ID   string
	Name string
	// Args is the raw JSON object text as the model produced it.
	Args []byte
}

// Message is one entry of the conversation sent to the model.
type Message struct {
	Role Role
	// Text is the user's text, the assistant's text, or the tool's result.
	Text string
	// Reasoning is the assistant's reasoning; providers do not send it back.
	Reasoning string
	// ToolCalls are the assistant's tool calls.
	ToolCalls []ToolCall
	// ToolCallID, for Role "tool", names the call this message answers.
	ToolCallID string
	// ToolName, for Role "tool", is the name of the tool that ran.
	ToolName string
	// IsError, for Role "tool", says the result is an error.
	IsError bool
	// Images, for Role "tool", are images the tool returned. Text already
	// names each one, so a provider whose API takes no images in tool
	// results (OpenAI's Chat Completions) sends the text alone.
	Images []Image
	// Summary, for Role "user", marks the summary Zero put in place of
	// earlier turns when it compacted the conversation; providers send it
	// as a user message like any other.
	Summary bool
}

// Image is an image a tool returned.
type Image struct {
	// MediaType is its MIME type, as in "image/png".
	MediaType string
	// Data is the image, base64-encoded (standard alphabet, padded).
	Data string
}

// ToolSpec describes a tool the model may call.
type ToolSpec struct {
	Name        string
	Description string
	// Parameters is a JSON Schema object for the call's arguments.
	Parameters []byte
}

// Request is one model turn.
type Request struct {
	// Model overrides the provider's configured model when not empty.
	Model    string
	System   string
	Messages []Message
	Tools    []ToolSpec
	// MaxTokens bounds the reply; 0 leaves the provider's default.
	MaxTokens int
}

// EventKind says what an Event carries.
type EventKind int

// The kinds of Event. The zero EventKind is none of them.
const (
	EventText EventKind = iota + 1
	EventReasoning
	EventToolCall
	EventUsage
	// EventStop says why the model stopped; a vendor sends it once per turn, after the turn's
	// text and tool calls.
	EventStop
)

// String returns the kind's name, as in "text".
func (k EventKind) String() string {
	switch k {
	case EventText:
		return "text"
	case EventReasoning:
		return "reasoning"
	case EventToolCall:
		return "tool_call"
	case EventUsage:
		return "usage"
	case EventStop:
		return "stop"
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Usage counts tokens. Usage events are cumulative for the turn: the last one wins.
type Usage struct {
	PromptTokens     int64
	CompletionTokens int64
	TotalTokens      int64
}

// Event is one piece of a streamed turn.
type Event struct {
	Kind EventKind
	// Delta is the new text for EventText and EventReasoning.
	Delta string
	// Call is the completed call for EventToolCall.
	Call ToolCall
	// Usage is set for EventUsage.
	Usage Usage
	// Stop is set for EventStop.
	Stop Stop
}

// Stop is why the model stopped a turn.
type Stop struct {
	// Reason is the vendor's own word, as in "stop", "length", "end_turn" or "max_tokens".
	Reason string
	// Truncated says the output-token limit cut the turn: its text, or its last tool call's
	// arguments, may be incomplete.
	Truncated bool
}

// Provider streams model turns from one vendor.
type Provider interface {
	// Name is the provider's name: "openai", "anthropic".
	Name() string
	// DefaultModel is the model used when neither the request nor the configuration names one.
	DefaultModel() string
	// Stream sends one model turn and calls emit for each event as it arrives (text and
	// reasoning deltas immediately, tool calls once complete, usage when known). It returns nil
	// when the turn ended normally, ctx.Err() when ctx was cancelled, an error emit returned
	// unchanged, and an *Error for provider failures. emit is called on the goroutine that
	// called Stream, and never after Stream returned.
	Stream(ctx context.Context, req Request, emit func(Event) error) error
}

// WindowReporter is a Provider whose server can say how long a model's context window is, as
// vLLM (max_model_len in /v1/models) and llama.cpp (n_ctx in /props) do.
type WindowReporter interface {
	// ContextWindow asks the server for model's context window in tokens; 0 when the server
	// does not say (or is the vendor's own API, which does not).
	ContextWindow(ctx context.Context, model string) int
}
