// Package acpclient is a small Agent Client Protocol client written on the
// ACP types zerogen generates (generated/acp/v1): it drives `zero acp` (or
// any ACP agent) over the agent's standard input and output, one JSON-RPC
// message per line. It shows Go users how to talk to Zero from an editor
// or a tool; it is synchronous and sends one request at a time.
//
//	cmd := exec.Command("zero", "acp")
//	stdin, _ := cmd.StdinPipe()
//	stdout, _ := cmd.StdoutPipe()
//	cmd.Start()
//	c := acpclient.New(stdout, stdin)
//	c.OnUpdate = func(n acpv1.SessionNotification) { ... }
//	c.Initialize(acpv1.ClientCapabilities{})
//	id, _ := c.NewSession("/abs/project")
//	reason, _ := c.Prompt(id, "What does the README say?")
//	stdin.Close() // zero acp saves its sessions and exits 0
package acpclient

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/rt"
)

// maxLine is the longest message the client reads.
const maxLine = 16 << 20

// Client is one connection to an agent. Its callbacks run on the goroutine
// that called the request being answered.
type Client struct {
	in  *bufio.Scanner
	out io.Writer
	id  int64

	// OnUpdate receives every session/update notification.
	OnUpdate func(acpv1.SessionNotification)
	// OnPermission answers session/request_permission with the id of the
	// chosen option; "" answers that the request was cancelled. Without
	// it, every request is answered cancelled (the call does not run).
	OnPermission func(acpv1.RequestPermissionRequest) string
}

// RPCError is an error response of the agent.
type RPCError struct {
	Code    int64
	Message string
	Data    rt.Raw // the error's data (Zero puts a JSON Pointer there), or nil
}

func (e *RPCError) Error() string { return fmt.Sprintf("error %d: %s", e.Code, e.Message) }

// New returns a client reading the agent's output from r and writing its
// input to w.
func New(r io.Reader, w io.Writer) *Client {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	return &Client{in: sc, out: w}
}

// Initialize negotiates protocol version 1, advertising caps.
func (c *Client) Initialize(caps acpv1.ClientCapabilities) (acpv1.InitializeResponse, error) {
	var res acpv1.InitializeResponse
	err := c.call("initialize", acpv1.InitializeRequest{ProtocolVersion: 1, ClientCapabilities: &caps}, &res)
	return res, err
}

// NewSession starts a session working in cwd (an absolute directory) and
// returns its id.
func (c *Client) NewSession(cwd string) (string, error) {
	var res acpv1.NewSessionResponse
	err := c.call("session/new", acpv1.NewSessionRequest{Cwd: cwd, McpServers: []rt.Raw{}}, &res)
	return res.SessionID, err
}

// Prompt sends text to the session and returns why the turn stopped; the
// updates of the turn reach OnUpdate before it returns.
func (c *Client) Prompt(sessionID, text string) (acpv1.StopReason, error) {
	var res acpv1.PromptResponse
	req := acpv1.PromptRequest{SessionID: sessionID, Prompt: []acpv1.ContentBlock{{Value: &acpv1.TextContent{Text: text}}}}
	err := c.call("session/prompt", req, &res)
	return res.StopReason, err
}

// LoadSession opens the saved session id, working in cwd; the agent
// replays its conversation to OnUpdate before it answers.
func (c *Client) LoadSession(id, cwd string) error {
	var res acpv1.LoadSessionResponse
	return c.call("session/load", acpv1.LoadSessionRequest{SessionID: id, Cwd: cwd, McpServers: []rt.Raw{}}, &res)
}

// Cancel asks the agent to stop the session's running prompt. It sends a
// notification and returns at once; the prompt then ends with the stop
// reason cancelled. Call it from OnUpdate or OnPermission while a prompt
// runs.
func (c *Client) Cancel(sessionID string) error {
	var e rt.Encoder
	if err := (acpv1.CancelNotification{SessionID: sessionID}).EncodeJSON(&e); err != nil {
		return err
	}
	return c.send(acpv1.Message{Method: rt.Some("session/cancel"), Params: rt.Raw(e.Buf)})
}

type encoder interface{ EncodeJSON(e *rt.Encoder) error }

type decoder interface{ UnmarshalJSON([]byte) error }

// call sends a request and reads messages until its response, handling
// the notifications and requests of the agent meanwhile.
func (c *Client) call(method string, params encoder, result decoder) error {
	c.id++
	id := rt.Some(acpv1.RequestIDOfInt(c.id))
	var e rt.Encoder
	if err := params.EncodeJSON(&e); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	if err := c.send(acpv1.Message{ID: id, Method: rt.Some(method), Params: rt.Raw(e.Buf)}); err != nil {
		return err
	}
	for {
		m, line, err := c.read()
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if _, isCall := m.Method.Get(); isCall {
			if err := c.serve(m, line); err != nil {
				return err
			}
			continue
		}
		if m.ID != id {
			return fmt.Errorf("%s: a response to an unknown request %s", method, idText(m.ID))
		}
		if m.Error != nil {
			return &RPCError{Code: m.Error.Code, Message: m.Error.Message, Data: m.Error.Data}
		}
		if err := result.UnmarshalJSON(m.Result); err != nil {
			return fmt.Errorf("%s: the result does not decode: %w", method, err)
		}
		return nil
	}
}

// read decodes the next line's envelope.
func (c *Client) read() (*acpv1.Message, []byte, error) {
	if !c.in.Scan() {
		if err := c.in.Err(); err != nil {
			return nil, nil, err
		}
		return nil, nil, io.ErrUnexpectedEOF
	}
	line := c.in.Bytes()
	var m acpv1.Message
	if err := m.UnmarshalJSON(line); err != nil {
		return nil, nil, fmt.Errorf("the agent wrote an invalid message: %w", err)
	}
	return &m, line, nil
}

// serve handles a notification or request of the agent.
func (c *Client) serve(m *acpv1.Message, line []byte) error {
	method, _ := m.Method.Get()
	switch method {
	case "session/update":
		var u acpv1.SessionUpdateMessage
		if err := u.UnmarshalJSON(line); err != nil {
			return fmt.Errorf("session/update: %w", err)
		}
		if c.OnUpdate != nil {
			c.OnUpdate(u.Params)
		}
		return nil
	case "session/request_permission":
		var q acpv1.PermissionRequestMessage
		if err := q.UnmarshalJSON(line); err != nil {
			return fmt.Errorf("session/request_permission: %w", err)
		}
		out := acpv1.RequestPermissionResponse{Outcome: acpv1.RequestPermissionOutcome{Value: &acpv1.PermissionCancelled{}}}
		if c.OnPermission != nil {
			if opt := c.OnPermission(q.Params); opt != "" {
				out.Outcome.Value = &acpv1.PermissionSelected{OptionID: opt}
			}
		}
		return c.reply(m.ID, out)
	}
	if !m.ID.Set {
		return nil // an unknown notification is ignored
	}
	return c.send(acpv1.Message{ID: m.ID, Error: &acpv1.Error{Code: -32601, Message: "method not found: " + method}})
}

// reply answers the agent's request id with result.
func (c *Client) reply(id rt.Opt[acpv1.RequestID], result encoder) error {
	var e rt.Encoder
	if err := result.EncodeJSON(&e); err != nil {
		return err
	}
	return c.send(acpv1.Message{ID: id, Result: rt.Raw(e.Buf)})
}

// send writes one message as one line.
func (c *Client) send(m acpv1.Message) error {
	var e rt.Encoder
	if err := m.EncodeJSON(&e); err != nil {
		return err
	}
	_, err := c.out.Write(append(e.Buf, '\n'))
	return err
}

// idText is a message's id as JSON, for errors.
func idText(id rt.Opt[acpv1.RequestID]) string {
	switch {
	case !id.Set:
		return "(none)"
	case id.V.Kind == rt.String:
		return string(rt.AppendString(nil, id.V.String))
	case id.V.Kind == rt.Number:
		return strconv.FormatInt(id.V.Int, 10)
	}
	return "null"
}
