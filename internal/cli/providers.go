package cli

import (
	"cmp"
	"time"

	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/anthropic"
	"github.com/zeroproject/zero/internal/provider/openai"
	"github.com/zeroproject/zero/internal/provider/replay"
)

// Provider names.
const (
	providerOpenAI    = "openai"
	providerAnthropic = "anthropic"
	providerReplay    = "replay"
)

// choice is the provider a run will use, decided before anything is built.
type choice struct {
	name   string
	model  string // "" until built: the provider's default
	script *replayv1.ReplayScript
	idle   time.Duration // ZERO_IDLE_TIMEOUT; 0 means provider.DefaultIdleTimeout
}

// idleEnv sets how long a provider may stay silent: before its response
// starts, and then between any two bytes of the stream.
const idleEnv = "ZERO_IDLE_TIMEOUT"

// idleTimeout reads idleEnv: a Go duration ("90s", "1m30s", "500ms") or a
// number of seconds.
func idleTimeout(getenv func(string) string) (time.Duration, error) {
	return envDuration(getenv, idleEnv)
}

// chooseProvider picks the provider: --provider (or --replay), then
// ZERO_PROVIDER, then whichever API key is set, OpenAI first, then
// OPENAI_BASE_URL alone. It checks that
// the chosen vendor has a key (or a base URL, for keyless local servers).
func chooseProvider(f *execFlags, getenv func(string) string) (choice, error) {
	c := choice{name: f.provider, model: cmp.Or(f.model, getenv("ZERO_MODEL"))}
	if c.name == "" && f.replay != "" {
		c.name = providerReplay
	}
	if c.name == "" {
		c.name = getenv("ZERO_PROVIDER")
	}
	if c.name == "" {
		c.name = providerFromKeys(getenv)
	}
	idle, err := idleTimeout(getenv)
	if err != nil {
		return c, err
	}
	c.idle = idle
	switch c.name {
	case "":
		return c, configErrorf("%s", noProviderHelp)
	case providerOpenAI:
		return c, needKey(getenv, "OPENAI_API_KEY", "OPENAI_BASE_URL")
	case providerAnthropic:
		return c, needKey(getenv, "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL")
	case providerReplay:
		return c, c.loadScript(f.replay)
	}
	return c, configErrorf("ZERO_PROVIDER=%s is not a provider (want openai, anthropic or replay)", c.name)
}

// noProviderHelp is the error of a run no variable or flag chose a
// provider for: it names what fixes it.
const noProviderHelp = "no model provider is configured: set OPENAI_API_KEY or ANTHROPIC_API_KEY, " +
	"or OPENAI_BASE_URL for an OpenAI-compatible server that needs no key (such as Ollama); " +
	"choose among several with --provider or ZERO_PROVIDER; --provider replay tries Zero offline"

// providerFromKeys picks the vendor whose API key is set, OpenAI first;
// without keys, an OpenAI base URL alone selects a keyless
// OpenAI-compatible server.
func providerFromKeys(getenv func(string) string) string {
	switch {
	case getenv("OPENAI_API_KEY") != "":
		return providerOpenAI
	case getenv("ANTHROPIC_API_KEY") != "":
		return providerAnthropic
	case getenv("OPENAI_BASE_URL") != "":
		return providerOpenAI
	}
	return ""
}

// needKey requires the vendor's API key, unless a base URL points at a
// server that may need none.
func needKey(getenv func(string) string, key, baseURL string) error {
	if getenv(key) != "" || getenv(baseURL) != "" {
		return nil
	}
	return configErrorf("%s is not set: set it (or %s, for a server that needs no key), or use --provider replay to try Zero offline", key, baseURL)
}

// loadScript reads the replay script, or takes the built-in demo.
func (c *choice) loadScript(path string) error {
	if path == "" {
		c.script = replay.Demo()
		return nil
	}
	s, err := replay.Load(path)
	if err != nil {
		return inputErrorf("replay script: %v", err)
	}
	c.script = s
	return nil
}

// build makes the provider and settles the model name.
func (c *choice) build(getenv func(string) string) provider.Provider {
	var p provider.Provider
	switch c.name {
	case providerOpenAI:
		cfg := openai.FromEnv(getenv)
		cfg.Model, cfg.IdleTimeout = c.model, c.idle
		p = openai.New(cfg)
	case providerAnthropic:
		cfg := anthropic.FromEnv(getenv)
		cfg.Model, cfg.IdleTimeout = c.model, c.idle
		p = anthropic.New(cfg)
	default:
		p = replay.New(c.script)
	}
	c.model = cmp.Or(c.model, p.DefaultModel())
	return p
}

// displayModel is the model name to show before the provider is built.
func (c choice) displayModel() string {
	switch {
	case c.model != "":
		return c.model
	case c.name == providerOpenAI:
		return openai.DefaultModel
	case c.name == providerAnthropic:
		return anthropic.DefaultModel
	case c.script != nil && c.script.Model.Set:
		return c.script.Model.V
	case c.name == providerReplay:
		return replay.DemoModel
	}
	return "none"
}
