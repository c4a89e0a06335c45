// Package openai streams model turns from the OpenAI Chat Completions API and from servers that
// speak it (Ollama, vLLM, llama.cpp, OpenRouter).
//
//	p := openai.New(openai.Config{APIKey: os.Getenv("OPENAI_API_KEY")})
//	err := p.Stream(ctx, provider.Request{Messages: msgs, Tools: tools}, emit)
//
// Stream posts {BaseURL}/chat/completions with stream: true and stream_options.include_usage,
// and turns the chat.completion.chunk objects into provider events: delta.content as text,
// delta.reasoning_content or delta.reasoning as reasoning, tool-call fragments assembled per
// index and emitted once the choice finishes (or at [DONE]), the finish_reason as a stop event
// ("length" marks the answer as cut by the token limit), and the last chunk's usage. A stream
// that sent a finish_reason and then closes without "data: [DONE]" is complete, as the official
// clients accept it; one that closes before any finish_reason is an error.
//
// For a local server set BaseURL, for example "http://localhost:11434/v1" for Ollama; the API
// key may then be empty, and no Authorization header is sent.
package openai

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"

	"github.com/zeroproject/zero/internal/provider"
)

// DefaultBaseURL is the OpenAI API's base URL.
const DefaultBaseURL = "https://api.openai.com/v1"

// DefaultModel is the model used when neither the request nor the Config names one.
const DefaultModel = "gpt-5"

// Config configures a Provider: the endpoint's settings, whose empty
// BaseURL and Model mean DefaultBaseURL and DefaultModel.
type Config = provider.Endpoint

// FromEnv returns the Config that OPENAI_API_KEY and OPENAI_BASE_URL describe.
func FromEnv(getenv func(string) string) Config {
	return Config{APIKey: getenv("OPENAI_API_KEY"), BaseURL: getenv("OPENAI_BASE_URL")}
}

// Provider streams turns from a Chat Completions endpoint.
type Provider struct {
	cfg       Config
	endpoint  string
	transport provider.Transport
}

var _ provider.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	return &Provider{cfg: cfg, endpoint: cfg.URL(DefaultBaseURL, "/chat/completions"), transport: cfg.Transport("openai")}
}

// Name returns "openai".
func (p *Provider) Name() string { return "openai" }

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
		err := p.transport.Stream(ctx, p.newRequest(body), s.handle)
		if s.finished && provider.EndedEarly(err) {
			return s.flush() // a finish_reason came: a missing [DONE] loses nothing
		}
		return err
	})
}

// newRequest builds the HTTP request for each attempt.
func (p *Provider) newRequest(body []byte) provider.NewRequest {
	return provider.PostJSON(p.endpoint, body, func(h http.Header) {
		if p.cfg.APIKey != "" {
			h.Set("Authorization", "Bearer "+p.cfg.APIKey)
		}
	})
}
