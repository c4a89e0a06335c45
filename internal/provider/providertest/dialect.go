package providertest

import "net/http"

// Dialect writes one vendor's wire format.
type Dialect struct {
	name      string
	header    func() http.Header
	events    func(Turn) []string
	errorBody func(status int, message string) string
	broken    string
	stop      func(Turn) string
	tooLong   func(window, used int) string
}

// StopReason returns the vendor's stop reason for the turn: why the model stopped.
func (d *Dialect) StopReason(t Turn) string { return d.stop(t) }

// Name is the provider's name: "openai", "anthropic".
func (d *Dialect) Name() string { return d.name }

// Events returns the SSE events of a complete turn, each ending in its blank line.
func (d *Dialect) Events(t Turn) []string { return d.events(t) }

// Stream returns a 200 response streaming the turn, one event per chunk.
func (d *Dialect) Stream(t Turn) Response {
	return Response{Status: http.StatusOK, Header: d.header(), Chunks: d.events(t)}
}

// Error returns an error response with the vendor's JSON error body.
func (d *Dialect) Error(status int, message string) Response {
	return JSONError(status, d.errorBody(status, message))
}

// ContextExceeded returns the vendor's answer to a request of used tokens for a model whose
// context window is window tokens: HTTP 400 with OpenAI's context_length_exceeded error, or
// Anthropic's invalid_request_error "prompt is too long", worded as the vendors word them.
func (d *Dialect) ContextExceeded(window, used int) Response {
	return JSONError(http.StatusBadRequest, d.tooLong(window, used))
}

// Malformed returns the turn's stream with an event of broken JSON as its second event.
func (d *Dialect) Malformed(t Turn) Response {
	return Insert(d.Stream(t), 1, d.broken)
}

// ByName returns the dialect of the named provider, or nil.
func ByName(name string) *Dialect {
	switch name {
	case OpenAI.name:
		return OpenAI
	case Anthropic.name:
		return Anthropic
	}
	return nil
}

func sseHeader(extra ...string) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	for i := 0; i+1 < len(extra); i += 2 {
		h.Set(extra[i], extra[i+1])
	}
	return h
}
