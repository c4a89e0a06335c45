package anthropic

import (
	"testing"
	"time"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

func newTestProvider(srv *providertest.Server, idle time.Duration) provider.Provider {
	return New(Config{Endpoint: provider.Endpoint{
		APIKey:      providertest.Secret,
		BaseURL:     srv.URL + "/",
		Backoff:     time.Millisecond,
		IdleTimeout: idle,
	}})
}

func TestConformance(t *testing.T) {
	providertest.Conformance(t, providertest.Anthropic, newTestProvider)
}
