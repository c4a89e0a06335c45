// Package anthropic streams model turns from the Anthropic Messages API.
//
//	p := anthropic.New(anthropic.Config{APIKey: os.Getenv("ANTHROPIC_API_KEY")})
//	err := p.Stream(ctx, provider.Request{System: sys, Messages: msgs, Tools: tools}, emit)
//
// Stream posts {BaseURL}/v1/messages with stream: true and turns the event stream into provider
// events: text_delta as text, thinking_delta as reasoning, each tool_use block's input_json_delta
// fragments emitted as one tool call when the block stops, usage (input tokens from
// message_start, output tokens from message_delta) at each message_delta, and the
// message_delta's stop_reason as a stop event ("max_tokens" marks the answer as cut). An "error" event in
// the stream becomes an *provider.Error.
//
// Conversations are sent as the Messages API wants them: the assistant's text and tool_use
// blocks, tool results as tool_result blocks of a user message, consecutive messages of one role
// merged. Reasoning is not sent back.
package anthropic

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"

	"github.com/zeroproject/zero/internal/provider"
)

// DefaultBaseURL is the Anthropic API's base URL.
const DefaultBaseURL = "https://api.anthropic.com"

// DefaultModel is the model used when neither the request nor the Config names one.
const DefaultModel = "claude-sonnet-4-5"

// DefaultMaxTokens is max_tokens when neither the request nor the Config sets it.
const DefaultMaxTokens = 8192

// APIVersion is sent as the anthropic-version header.
const APIVersion = "2023-06-01"

// Config configures a Provider. Zero fields take defaults; the endpoint's
// empty BaseURL and Model mean DefaultBaseURL and DefaultModel.
type Config struct {
	provider.Endpoint
	// MaxTokens is max_tokens for requests that set none; default DefaultMaxTokens.
	MaxTokens int
}

// FromEnv returns the Config that ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL describe.
func FromEnv(getenv func(string) string) Config {
	return Config{Endpoint: provider.Endpoint{APIKey: getenv("ANTHROPIC_API_KEY"), BaseURL: getenv("ANTHROPIC_BASE_URL")}}
}

// Provider streams turns from the Messages API.
type Provider struct {
	cfg       Config
	endpoint  string
	transport provider.Transport
}

var _ provider.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	return &Provider{cfg: cfg, endpoint: cfg.URL(DefaultBaseURL, "/v1/messages"), transport: cfg.Transport("anthropic")}
}

// Name returns "anthropic".
func (p *Provider) Name() string { return "anthropic" }

// DefaultModel returns the configured model, or DefaultModel.
func (p *Provider) DefaultModel() string { return cmp.Or(p.cfg.Model, DefaultModel) }

// Stream sends one turn and emits its events; see provider.Provider.
func (p *Provider) Stream(ctx context.Context, req provider.Request, emit func(provider.Event) error) error {
	wire, err := p.wireRequest(req)
	if err != nil {
		return p.transport.Errorf(false, "%v", err)
	}
	body, err := json.Marshal(wire)
	if err != nil {
		return p.transport.Errorf(false, "encode request: %v", err)
	}
	return provider.Pipelined(ctx, emit, func(ctx context.Context, emit func(provider.Event) error) error {
		s := newStream(&p.transport, emit)
		return p.transport.Stream(ctx, p.newRequest(body), s.handle)
	})
}

// newRequest builds the HTTP request for each attempt.
func (p *Provider) newRequest(body []byte) provider.NewRequest {
	return provider.PostJSON(p.endpoint, body, func(h http.Header) {
		h.Set("Anthropic-Version", APIVersion)
		if p.cfg.APIKey != "" {
			h.Set("X-Api-Key", p.cfg.APIKey)
		}
	})
}
