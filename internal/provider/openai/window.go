package openai

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/zeroproject/zero/internal/provider"
)

// windowTimeout bounds each question ContextWindow asks.
const windowTimeout = 5 * time.Second

// maxWindowBody bounds how much of an answer ContextWindow reads.
const maxWindowBody = 1 << 20

var _ provider.WindowReporter = (*Provider)(nil)

// ContextWindow asks an OpenAI-compatible server for model's context window: vLLM states it
// as max_model_len in GET {BaseURL}/models, llama.cpp as n_ctx in GET /props at the server's
// root. It returns 0 when neither says, and always for OpenAI's own API, whose model list
// states no windows.
func (p *Provider) ContextWindow(ctx context.Context, model string) int {
	if p.officialAPI() {
		return 0
	}
	model = cmp.Or(model, p.DefaultModel())
	var list struct {
		Data []struct {
			ID          string `json:"id"`
			MaxModelLen int    `json:"max_model_len"`
		} `json:"data"`
	}
	if p.getJSON(ctx, p.cfg.URL(DefaultBaseURL, "/models"), &list) {
		for _, m := range list.Data {
			if m.ID == model && m.MaxModelLen > 0 {
				return m.MaxModelLen
			}
		}
	}
	var props struct {
		NCtx     int `json:"n_ctx"`
		Settings struct {
			NCtx int `json:"n_ctx"`
		} `json:"default_generation_settings"`
	}
	root := strings.TrimSuffix(strings.TrimRight(p.cfg.URL(DefaultBaseURL, ""), "/"), "/v1")
	if p.getJSON(ctx, root+"/props", &props) {
		return cmp.Or(props.Settings.NCtx, props.NCtx)
	}
	return 0
}

// getJSON GETs url and decodes a 200 answer into v; false when that fails.
func (p *Provider) getJSON(ctx context.Context, url string, v any) bool {
	ctx, cancel := context.WithTimeout(ctx, windowTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	if p.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+p.cfg.APIKey)
	}
	client := p.cfg.HTTPClient
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false
	}
	return json.NewDecoder(io.LimitReader(resp.Body, maxWindowBody)).Decode(v) == nil
}
