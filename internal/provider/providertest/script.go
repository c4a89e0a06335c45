package providertest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// Turn is what a scripted model says in one turn: reasoning first, then text, then tool calls.
type Turn struct {
	// Model is echoed in the stream; empty means a test model name.
	Model     string
	Reasoning []string // reasoning deltas
	Text      []string // text deltas
	Calls     []Call
	Usage     Usage
	// Truncated ends the turn as the output-token limit does: finish_reason "length" (OpenAI),
	// stop_reason "max_tokens" (Anthropic).
	Truncated bool
}

// Call is one scripted tool call; its arguments arrive in the given fragments.
type Call struct {
	ID   string
	Name string
	Args []string
}

// Usage is the token count a turn reports.
type Usage struct {
	Input  int
	Output int
}

// Text returns a turn that says the deltas.
func Text(deltas ...string) Turn { return Turn{Text: deltas} }

// ToolCalls returns a turn that makes the calls.
func ToolCalls(calls ...Call) Turn { return Turn{Calls: calls} }

// SplitArgs returns a call whose JSON arguments arrive in fragments of at most n bytes.
func SplitArgs(id, name, args string, n int) Call {
	c := Call{ID: id, Name: name}
	for len(args) > n {
		c.Args = append(c.Args, args[:n])
		args = args[n:]
	}
	if args != "" {
		c.Args = append(c.Args, args)
	}
	return c
}

// JSONError returns a response with the status and the JSON body.
func JSONError(status int, body string) Response {
	h := http.Header{"Content-Type": {"application/json"}}
	return Response{Status: status, Header: h, Chunks: []string{body}}
}

// RateLimited returns the dialect's 429 response with a Retry-After header (omitted when
// retryAfter is empty).
func RateLimited(d *Dialect, retryAfter string) Response {
	r := d.Error(http.StatusTooManyRequests, "Rate limit reached, please retry")
	if retryAfter != "" {
		r.Header.Set("Retry-After", retryAfter)
	}
	return r
}

// ServerErrorForever returns the dialect's 500 response for this and every later request.
func ServerErrorForever(d *Dialect) Response {
	return Forever(d.Error(http.StatusInternalServerError, "The server had an error while processing your request"))
}

// Forever makes r answer every later request too.
func Forever(r Response) Response {
	r.Repeat = true
	return r
}

// CutAfter keeps the first n chunks of r and then aborts the connection.
func CutAfter(r Response, n int) Response {
	r.Chunks = r.Chunks[:min(n, len(r.Chunks))]
	r.Cut = true
	return r
}

// Truncate keeps the first n chunks of r and then ends the body cleanly.
func Truncate(r Response, n int) Response {
	r.Chunks = r.Chunks[:min(n, len(r.Chunks))]
	return r
}

// HangAfter keeps the first n chunks of r and then sends nothing more, keeping the connection
// open.
func HangAfter(r Response, n int) Response {
	r = Truncate(r, n)
	r.Hang = true
	return r
}

// Slow waits d before each chunk of r.
func Slow(r Response, d time.Duration) Response {
	r.Delay = d
	return r
}

// Insert puts chunk before chunk number at of r.
func Insert(r Response, at int, chunk string) Response {
	at = min(at, len(r.Chunks))
	chunks := append([]string(nil), r.Chunks[:at]...)
	r.Chunks = append(append(chunks, chunk), r.Chunks[at:]...)
	return r
}

// Rechunk rewrites r's body as chunks of at most n bytes, splitting lines and events anywhere.
func Rechunk(r Response, n int) Response {
	body := strings.Join(r.Chunks, "")
	r.Chunks = nil
	for len(body) > n {
		r.Chunks = append(r.Chunks, body[:n])
		body = body[n:]
	}
	if body != "" {
		r.Chunks = append(r.Chunks, body)
	}
	return r
}

// marshal encodes v as compact JSON without HTML escaping, as the vendors send it.
func marshal(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("providertest: " + err.Error())
	}
	return strings.TrimSuffix(b.String(), "\n")
}
