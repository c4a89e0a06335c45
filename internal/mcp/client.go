package mcp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	"github.com/zeroproject/zero/rt"
)

// transport carries JSON-RPC messages to one server. Messages from the
// server are handed to the handler the transport was made with.
type transport interface {
	// send writes one message. For HTTP it also reads the answer, handing
	// its messages to the handler (after send returns, for a stream).
	send(ctx context.Context, msg []byte) error
	// setVersion tells the transport the negotiated protocol version (HTTP
	// sends it as a header).
	setVersion(v string)
	// done is closed when the connection is gone for good (a stdio server
	// exited); nil for transports that have no such moment.
	done() <-chan struct{}
	// cause says why done was closed.
	cause() error
	// close ends the connection and stops the server; it returns when the
	// server is gone.
	close()
}

// reply is the answer to one request.
type reply struct {
	result rt.Raw
	err    *mcpv1.ErrorObject
}

// client is one JSON-RPC session with a server.
type client struct {
	name    string
	t       transport
	info    mcpv1.Implementation
	nextID  atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan reply
	version string // the negotiated protocol version
	logf    func(format string, args ...any)
}

func newClient(name string, info mcpv1.Implementation, logf func(string, ...any)) *client {
	return &client{name: name, info: info, pending: map[int64]chan reply{}, logf: logf}
}

// errDied is returned for requests that were in flight when the
// connection ended.
var errDied = errors.New("the server stopped")

// RPCError is an error answer of a server.
type RPCError struct {
	Code    int64
	Message string
}

func (e *RPCError) Error() string { return fmt.Sprintf("%s (JSON-RPC error %d)", e.Message, e.Code) }

// meta is the _meta of every request: version 2026-07-28 needs it, earlier
// versions ignore it.
func (c *client) meta(version string) mcpv1.RequestMeta {
	info := c.info
	return mcpv1.RequestMeta{ProtocolVersion: version,
		ClientInfo: &info}
}

// request sends the message build makes for a new id and waits for the
// answer. When ctx ends first, the server is told with
// notifications/cancelled (cancel false skips that, for the handshake).
func (c *client) request(ctx context.Context, build func(id int64) ([]byte, error), cancel bool) (rt.Raw, error) {
	id := c.nextID.Add(1)
	ch := make(chan reply, 1)
	c.mu.Lock()
	c.pending[id] = ch
	c.mu.Unlock()
	defer c.forget(id)
	msg, err := build(id)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	if err := c.t.send(ctx, msg); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	select {
	case r := <-ch:
		if r.err != nil {
			return nil, &RPCError{Code: r.err.Code, Message: r.err.Message}
		}
		return r.result, nil
	case <-ctx.Done():
		if cancel {
			c.cancelled(id, context.Cause(ctx))
		}
		return nil, ctx.Err()
	case <-c.t.done():
		return nil, fmt.Errorf("%w: %v", errDied, c.t.cause())
	}
}

func (c *client) forget(id int64) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
}

// cancelled tells the server that the request id is no longer wanted.
func (c *client) cancelled(id int64, why error) {
	reason := "cancelled by the client"
	if why != nil {
		reason = why.Error()
	}
	n := mcpv1.CancelledNotification{Params: mcpv1.CancelledParams{
		RequestID: requestID(id), Reason: rt.Some(reason)}}
	b, err := n.MarshalJSON()
	if err != nil {
		return
	}
	ctx, stop := context.WithTimeout(context.Background(), cancelSendTimeout)
	defer stop()
	if err := c.t.send(ctx, b); err != nil {
		c.logf("could not send notifications/cancelled for request %d: %v", id, err)
	}
}

// notify sends a notification.
func (c *client) notify(ctx context.Context, msg []byte) error { return c.t.send(ctx, msg) }

// handle takes one message from the server.
func (c *client) handle(line []byte) {
	var m mcpv1.Message
	if err := m.UnmarshalJSON(line); err != nil {
		c.logf("ignored a message that is not JSON-RPC 2.0 (%v): %s", err, clip(string(line), 200))
		return
	}
	switch {
	case m.Method.Set && m.ID.Set:
		c.answerServer(m)
	case m.Method.Set:
		// Notifications (progress, logging, list changes) need no answer;
		// Zero does not act on them yet.
	default:
		c.deliver(m)
	}
}

// deliver hands a response to the request waiting for it.
func (c *client) deliver(m mcpv1.Message) {
	if !m.ID.Set || m.ID.V.Kind != rt.Number {
		c.logf("ignored a response with an id Zero never sent: %s", clip(idText(m.ID.V), 100))
		return
	}
	id := m.ID.V.Int
	c.mu.Lock()
	ch := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if ch == nil {
		return // the request was cancelled or timed out
	}
	if m.Error == nil && m.Result == nil {
		m.Error = &mcpv1.ErrorObject{Code: -32603, Message: "the response has neither result nor error"}
	}
	ch <- reply{result: m.Result, err: m.Error}
}

// answerServer answers a request the server sent: ping succeeds, anything
// else (roots, sampling, elicitation) is a method Zero does not offer.
func (c *client) answerServer(m mcpv1.Message) {
	var b []byte
	if m.Method.V == "ping" {
		b = append(appendID([]byte(`{"jsonrpc":"2.0","id":`), m.ID.V), `,"result":{}}`...)
	} else {
		resp := mcpv1.ErrorResponse{ID: m.ID, Error: mcpv1.ErrorObject{Code: -32601,
			Message: "Zero does not offer " + m.Method.V}}
		var err error
		if b, err = resp.MarshalJSON(); err != nil {
			return
		}
	}
	ctx, stop := context.WithTimeout(context.Background(), cancelSendTimeout)
	defer stop()
	_ = c.t.send(ctx, b)
}

// clip shortens s to at most n bytes for a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
