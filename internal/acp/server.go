package acp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/compact"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/rt"
)

// ProtocolVersion is the ACP version Zero speaks.
const ProtocolVersion = 1

// Model is the provider a prompt uses, as NewProvider builds it.
type Model struct {
	Provider provider.Provider
	Name     string // the provider's name (openai, anthropic, replay)
	Model    string // the model's name
	// Context keeps the session's conversation within the model's context
	// window; the session's prompts share it, and what it learned.
	Context *compact.Meter
}

// Config is what Serve needs from the command line.
type Config struct {
	In    io.Reader
	Out   io.Writer
	Log   io.Writer // diagnostics (standard error)
	Store *session.Store
	// Redactor redacts everything Zero writes; the values of the env and
	// headers of the MCP servers a client passes are added to it when its
	// session starts them. The Store's hook should be its String.
	Redactor *redact.Shared
	// NewProvider builds the provider of a session; an error is a
	// configuration problem (no key), reported to the client.
	NewProvider func() (Model, error)
	// AuthMethods, when set, are sent in initialize: the ways to configure
	// a provider when none is configured.
	AuthMethods []acpv1.AuthMethod
	// Policy is the permission policy every session starts with; its mode
	// is the session's first mode.
	Policy          permission.Policy
	BashEnv         []string
	MaxTurns        int
	MaxOutputTokens int
	Version         string
	// MCPServers are the servers of --mcp-config; every session connects
	// them, together with the ones its client passes.
	MCPServers []mcp.ServerConfig
	// StartMCP starts a session's servers; nil connects none.
	StartMCP MCPStarter
	// Sandbox returns the sandbox of the bash commands of a prompt, given
	// the session's workspace and policy; nil (or a nil sandbox) leaves
	// them unconfined.
	Sandbox func(root string, p permission.Policy) *sandbox.Sandbox
	// RedactModelInput redacts the tool results sent to the model with the
	// Known form of the Redactor in effect when a prompt starts: the
	// provider keys and every MCP credential learned so far.
	RedactModelInput bool
}

// server is one connection.
type server struct {
	cfg  Config
	out  *writer
	in   *lineReader
	ctx  context.Context
	fs   acpv1.FileSystemCapabilities // what the client advertised
	wg   sync.WaitGroup               // running prompts
	mu   sync.Mutex
	sess map[string]*sessionState
	// pending are the requests Zero sent, by id, waiting for responses.
	pending map[int64]chan *acpv1.Message
	nextID  int64
}

// Serve runs the agent until the input ends, and returns the exit code:
// 0 when the input ended (every session saved), 1 on an internal failure,
// 3 when the output failed.
func Serve(ctx context.Context, cfg Config) int {
	s := &server{cfg: cfg, out: newWriter(cfg.Out, cfg.Redactor.Memo().String, cfg.Log), in: newLineReader(cfg.In), ctx: ctx,
		sess: map[string]*sessionState{}, pending: map[int64]chan *acpv1.Message{}}
	err := s.readLoop()
	s.shutdown()
	switch {
	case err == nil || errors.Is(err, io.EOF):
		return streamjsonv2.ExitCodeSuccess
	case s.out.err != nil:
		return streamjsonv2.ExitCodeRuntime
	}
	fmt.Fprintf(cfg.Log, "zero acp: %s\n", cfg.Redactor.String("", err.Error()))
	return streamjsonv2.ExitCodeRuntime
}

// readLoop handles each input line until the input ends.
func (s *server) readLoop() error {
	for {
		line, err := s.in.next()
		switch {
		case errors.Is(err, errLineTooLong):
			s.replyError(acpv1.RequestID{}, &rpcError{code: codeInvalidRequest, msg: fmt.Sprintf("line %d is longer than %d bytes", s.in.n, maxLine), line: s.in.n})
			continue
		case err != nil:
			return err
		case blank(line):
			continue
		}
		s.handle(line)
		if s.out.err != nil {
			return s.out.err
		}
	}
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// handle reads one message and acts on it.
func (s *server) handle(line []byte) {
	var m acpv1.Message
	if err := m.UnmarshalJSON(line); err != nil {
		s.replyError(acpv1.RequestID{}, envelopeError(err, s.in.n))
		return
	}
	method, isCall := m.Method.Get()
	switch {
	case isCall && !m.ID.Set:
		s.notification(method, m.Params)
	case isCall:
		s.request(m.ID.V, method, m.Params)
	case m.ID.Set && (m.Result != nil || m.Error != nil):
		s.response(&m)
	default:
		s.replyError(m.ID.V, &rpcError{code: codeInvalidRequest, msg: "invalid request: a message needs a method, or an id with a result or an error", line: s.in.n})
	}
}

// envelopeError classifies a line the envelope decoder refused: -32700
// when it is not JSON, else -32600 with the pointer of the problem.
func envelopeError(err error, line int) *rpcError {
	var re *rt.Error
	if errors.As(err, &re) && (re.Keyword == "syntax" || re.Keyword == "depth" || re.Keyword == "duplicate") {
		return &rpcError{code: codeParseError, msg: fmt.Sprintf("parse error on line %d: %v", line, err), line: line}
	}
	e := &rpcError{code: codeInvalidRequest, msg: fmt.Sprintf("invalid request on line %d: %v", line, err), line: line}
	if re != nil {
		e.pointer = re.Pointer
	}
	return e
}

// request runs one request. session/prompt runs on its own goroutine, so
// that session/cancel and the answers to permission requests are read
// while it runs; the other methods answer at once.
func (s *server) request(id acpv1.RequestID, method string, params rt.Raw) {
	h, ok := s.handlers()[method]
	if !ok {
		s.replyError(id, &rpcError{code: codeMethodNotFound, msg: "method not found: " + method})
		return
	}
	h(id, params)
}

// notification acts on a notification; notifications get no response,
// even when they are unknown or invalid.
func (s *server) notification(method string, params rt.Raw) {
	if method != "session/cancel" {
		return
	}
	var p acpv1.CancelNotification
	if err := decodeParams(params, &p); err != nil {
		fmt.Fprintf(s.cfg.Log, "zero acp: ignoring session/cancel: %v\n", err)
		return
	}
	if st := s.session(p.SessionID); st != nil {
		st.cancelPrompt()
	}
}

// response hands the response to a request Zero sent to its waiter.
func (s *server) response(m *acpv1.Message) {
	id, ok := requestNumber(m.ID.V)
	s.mu.Lock()
	ch := s.pending[id]
	delete(s.pending, id)
	s.mu.Unlock()
	if !ok || ch == nil {
		fmt.Fprintf(s.cfg.Log, "zero acp: ignoring a response to no pending request (id %s)\n", idText(m.ID.V))
		return
	}
	ch <- m
}

// requestNumber reads an id Zero chose: a whole number.
func requestNumber(id acpv1.RequestID) (int64, bool) {
	return id.Int, id.Kind == rt.Number && id.Int >= 0
}

// idText is id as JSON, for logs.
func idText(id acpv1.RequestID) string {
	switch id.Kind {
	case rt.String:
		return string(rt.AppendString(nil, id.String))
	case rt.Number:
		return strconv.FormatInt(id.Int, 10)
	}
	return "null"
}

// call sends a request and waits for its response, or for ctx.
func (s *server) call(ctx context.Context, send func(id acpv1.RequestID) encodable) (*acpv1.Message, error) {
	ch := make(chan *acpv1.Message, 1)
	s.mu.Lock()
	id := s.nextID
	s.nextID++
	s.pending[id] = ch
	s.mu.Unlock()
	forget := func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
	}
	if err := s.out.send(send(acpv1.RequestIDOfInt(id))); err != nil {
		forget()
		return nil, err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, fmt.Errorf("the client answered with error %d: %s", m.Error.Code, m.Error.Message)
		}
		return m, nil
	case <-ctx.Done():
		forget()
		return nil, ctx.Err()
	}
}

// reply sends a result message.
func (s *server) reply(v encodable) { s.out.send(v) }

// replyError answers id (null when unknown) with err.
func (s *server) replyError(id acpv1.RequestID, err error) { s.out.send(errorMessage(id, err)) }

// errorMessage is the error response to id (null when unknown).
func errorMessage(id acpv1.RequestID, err error) encodable {
	var re *rpcError
	if !errors.As(err, &re) {
		re = internalError(err.Error())
	}
	if id.Kind == rt.Invalid {
		id.Kind = rt.Null
	}
	return &acpv1.ErrorResponse{ID: id, Error: re.wire()}
}

// decodeParams decodes a method's params strictly, following ACP's
// lenient marks (see lenient.go).
func decodeParams(params rt.Raw, v decoder) error {
	if params == nil {
		params = rt.Raw("null")
	}
	if err := decodeLenient(params, v); err != nil {
		return invalidParams(err)
	}
	return nil
}

// shutdown cancels the running prompts (no one is left to answer them),
// waits for them to end, and closes every session, saving it.
func (s *server) shutdown() {
	s.mu.Lock()
	for _, st := range s.sess {
		st.cancelPrompt()
	}
	s.mu.Unlock()
	s.wg.Wait()
	for _, st := range s.sess {
		st.close(s.cfg.Log)
	}
}
