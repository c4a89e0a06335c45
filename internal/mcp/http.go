package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sync"
	"time"

	"github.com/zeroproject/zero/internal/provider/sse"
)

// streamable speaks MCP's Streamable HTTP transport: every message is a
// POST; the answer is one JSON message or an SSE stream of messages.
type streamable struct {
	url     string
	headers map[string]string
	hc      *http.Client
	handle  func([]byte)
	logf    func(string, ...any)

	mu      sync.Mutex
	session string // Mcp-Session-Id, once the server gave one
	version string

	streams sync.WaitGroup
	ctx     context.Context // ends every open stream at close
	stop    context.CancelFunc
}

func newStreamable(sc ServerConfig, handle func([]byte), logf func(string, ...any)) *streamable {
	ctx, stop := context.WithCancel(context.Background())
	return &streamable{url: sc.URL, headers: sc.Headers, hc: &http.Client{}, handle: handle, logf: logf, ctx: ctx, stop: stop}
}

// httpStatusError is an HTTP answer that is not a success.
type httpStatusError struct {
	status int
	body   string
}

func (e *httpStatusError) Error() string {
	if e.body == "" {
		return fmt.Sprintf("HTTP %d", e.status)
	}
	return fmt.Sprintf("HTTP %d: %s", e.status, e.body)
}

func isHTTPStatus(err error) bool {
	var e *httpStatusError
	return errors.As(err, &e)
}

func (s *streamable) send(ctx context.Context, msg []byte) error {
	rctx, release := mergeDone(ctx, s.ctx)
	streaming := false
	defer func() {
		if !streaming {
			release()
		}
	}()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, s.url, bytes.NewReader(msg))
	if err != nil {
		return err
	}
	s.setHeaders(req)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		s.mu.Lock()
		s.session = id
		s.mu.Unlock()
	}
	if resp.StatusCode/100 != 2 {
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return &httpStatusError{status: resp.StatusCode, body: clip(string(bytes.TrimSpace(body)), 300)}
	}
	if resp.StatusCode == http.StatusAccepted {
		resp.Body.Close()
		return nil
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt == "text/event-stream" {
		streaming = true
		s.streams.Add(1)
		go func() {
			defer release()
			s.readStream(resp.Body)
		}()
		return nil
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxLine+1))
	if err != nil {
		return err
	}
	if len(body) > maxLine {
		return fmt.Errorf("the answer is over %d MiB", maxLine>>20)
	}
	if len(bytes.TrimSpace(body)) > 0 {
		s.handle(body)
	}
	return nil
}

func (s *streamable) setHeaders(req *http.Request) {
	for k, v := range s.headers {
		req.Header.Set(k, v)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.session != "" {
		req.Header.Set("Mcp-Session-Id", s.session)
	}
	if s.version != "" {
		req.Header.Set("MCP-Protocol-Version", s.version)
	}
}

// readStream hands every event of an SSE answer to the handler.
func (s *streamable) readStream(body io.ReadCloser) {
	defer s.streams.Done()
	defer body.Close()
	r := sse.NewReaderSize(body, maxLine)
	for {
		ev, err := r.Next()
		if err != nil {
			if err != io.EOF && s.ctx.Err() == nil {
				s.logf("the event stream ended: %v", err)
			}
			return
		}
		if ev.Type == "message" && len(ev.Data) != 0 {
			s.handle(append([]byte(nil), ev.Data...)) // ev.Data is the reader's buffer
		}
	}
}

func (s *streamable) setVersion(v string) {
	s.mu.Lock()
	s.version = v
	s.mu.Unlock()
}

func (s *streamable) done() <-chan struct{} { return nil }
func (s *streamable) cause() error          { return nil }

// close ends the session (DELETE, as the transport asks) and every open
// stream.
func (s *streamable) close() {
	s.mu.Lock()
	session := s.session
	s.mu.Unlock()
	if session != "" {
		ctx, stop := context.WithTimeout(context.Background(), time.Second)
		if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, s.url, nil); err == nil {
			s.setHeaders(req)
			if resp, err := s.hc.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		stop()
	}
	s.stop()
	s.streams.Wait()
	s.hc.CloseIdleConnections()
}

// mergeDone returns a context that ends when either a or b does, with a's
// values, and the function that releases it.
func mergeDone(a, b context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(a)
	stopAfter := context.AfterFunc(b, cancel)
	return ctx, func() {
		stopAfter()
		cancel()
	}
}
