// Package providertest has in-process fake model servers for tests: a scripted HTTP server that
// answers each request with the next scripted Response and records what it was sent, and Dialects
// that write the vendors' streams (OpenAI Chat Completions chunks, Anthropic Messages events) as
// the vendors' API references show them.
//
// A test scripts the turns it wants and points a provider at the server:
//
//	srv := providertest.NewServer(
//		providertest.RateLimited(providertest.OpenAI, "0"),
//		providertest.OpenAI.Stream(providertest.Text("Hello", ", world")),
//	)
//	defer srv.Close()
//	p := openai.New(openai.Config{BaseURL: srv.URL + "/v1", APIKey: "test"})
//	// ... p.Stream(ctx, req, emit) ...
//	reqs := srv.Requests() // two requests: the 429 and the retry
//
// End-to-end tests of the zero binary start a server the same way and pass its address in
// OPENAI_BASE_URL (srv.URL + "/v1") or ANTHROPIC_BASE_URL (srv.URL). Nothing here needs a
// *testing.T.
package providertest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Response is one scripted answer.
type Response struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	Header http.Header
	// Wait is waited before the status line and headers are sent.
	Wait time.Duration
	// Chunks are written and flushed one at a time.
	Chunks []string
	// Write, when set, writes the body after Chunks, in as few writes as it likes, and the
	// body is flushed once at its end. Bulk uses it for streams too long to hold as chunks.
	Write func(w io.Writer) error
	// Delay is waited before each chunk.
	Delay time.Duration
	// Hang keeps the response open after the chunks until the client goes away or the server
	// is closed.
	Hang bool
	// Cut aborts the connection after the chunks, so the client sees a broken body rather
	// than its clean end.
	Cut bool
	// Repeat answers every later request with this response too.
	Repeat bool
	// Reply, when set, is called with the request and its answer is served instead: a fake
	// model that decides from what it was sent. With Repeat it answers every later request.
	Reply func(req Request) Response
}

// Request is what the server received.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   []byte
	// JSON is the body decoded, or nil when it is not JSON.
	JSON map[string]any
}

// Server is a scripted fake model server. Its embedded httptest.Server gives the URL.
type Server struct {
	*httptest.Server
	done chan struct{}

	mu       sync.Mutex
	script   []Response
	requests []Request
	gets     map[string]string // path -> JSON body of a GET answer
	probes   []string          // the paths of the GET requests
}

// NewServer starts a server that answers the n-th request with the n-th response. After the
// script runs out it repeats a response marked Repeat, or answers 500 with a JSON error.
func NewServer(script ...Response) *Server {
	s := &Server{done: make(chan struct{}), script: script}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Close stops hanging responses and shuts the server down.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	s.mu.Unlock()
	s.Server.Close()
}

// Requests returns the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// AnswerGet makes the server answer GET path with the JSON body, as servers answer
// /v1/models; other GET requests get 404. GET requests take no turn of the script and are
// not among Requests: Probes lists them.
func (s *Server) AnswerGet(path, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gets == nil {
		s.gets = map[string]string{}
	}
	s.gets[path] = body
}

// Probes returns the paths of the GET requests received so far, in order.
func (s *Server) Probes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.probes...)
}

// get answers a GET request.
func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.probes = append(s.probes, r.URL.Path)
	body, ok := s.gets[r.URL.Path]
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		body = `{"error":{"message":"not found"}}`
	}
	io.WriteString(w, body)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.get(w, r)
		return
	}
	req := record(r)
	resp := s.next(req)
	if resp.Reply != nil {
		resp = resp.Reply(req)
	}
	if !s.wait(r.Context(), resp.Wait) {
		return
	}
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(cmp.Or(resp.Status, http.StatusOK))
	flush(w)
	for _, chunk := range resp.Chunks {
		if !s.wait(r.Context(), resp.Delay) {
			return
		}
		io.WriteString(w, chunk)
		flush(w)
	}
	if resp.Write != nil {
		if resp.Write(w) != nil {
			return
		}
		flush(w)
	}
	s.end(r.Context(), resp)
}

// end hangs or cuts the response as scripted.
func (s *Server) end(ctx context.Context, resp Response) {
	if resp.Hang {
		select {
		case <-ctx.Done():
		case <-s.done:
		}
	}
	if resp.Cut {
		panic(http.ErrAbortHandler)
	}
}

// next records req and picks its response.
func (s *Server) next(req Request) Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.requests)
	s.requests = append(s.requests, req)
	if n < len(s.script) {
		return s.script[n]
	}
	if k := len(s.script); k > 0 && s.script[k-1].Repeat {
		return s.script[k-1]
	}
	return JSONError(http.StatusInternalServerError,
		fmt.Sprintf(`{"error":{"message":"providertest: no response scripted for request %d"}}`, n+1))
}

// wait sleeps for d unless the client or the server goes away first.
func (s *Server) wait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-s.done:
	}
	return false
}

func record(r *http.Request) Request {
	body, _ := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	dec := json.NewDecoder(bytes.NewReader(body))
	if dec.Decode(&req.JSON) != nil {
		req.JSON = nil
	}
	return req
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
