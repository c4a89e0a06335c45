package provider

import (
	"cmp"
	"net/http"
	"strings"
	"time"
)

// Endpoint is the configuration every HTTP vendor shares: where requests
// go, with which key and client, the default model, and how patiently
// failures are retried. Zero fields take defaults.
type Endpoint struct {
	APIKey string
	// BaseURL is the API's base URL, with or without a trailing slash; ""
	// means the vendor's default.
	BaseURL string
	// HTTPClient sends the requests; default http.DefaultClient.
	HTTPClient *http.Client
	// Model is the default model; "" means the vendor's default.
	Model string
	// Backoff is the delay before the first retry; default DefaultBackoff.
	Backoff time.Duration
	// MaxBackoff caps retry delays; default DefaultMaxBackoff.
	MaxBackoff time.Duration
	// IdleTimeout bounds the wait for each byte of the response; default
	// DefaultIdleTimeout.
	IdleTimeout time.Duration
}

// URL is path below the base URL, or below defaultBase when none is set.
func (e Endpoint) URL(defaultBase, path string) string {
	return strings.TrimRight(cmp.Or(e.BaseURL, defaultBase), "/") + path
}

// Transport is the Transport of vendor's requests to e.
func (e Endpoint) Transport(vendor string) Transport {
	return Transport{Vendor: vendor, Client: e.HTTPClient, Secret: e.APIKey,
		Backoff: e.Backoff, MaxBackoff: e.MaxBackoff, IdleTimeout: e.IdleTimeout}
}
