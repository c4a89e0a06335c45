package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
	"github.com/zeroproject/zero/rt"
)

// Default limits, and the variables that change them.
const (
	DefaultStartupTimeout = 30 * time.Second
	DefaultCallTimeout    = 120 * time.Second
	EnvStartupTimeout     = "ZERO_MCP_STARTUP_TIMEOUT"
	EnvCallTimeout        = "ZERO_MCP_CALL_TIMEOUT"
)

// Options are the settings of a Manager.
type Options struct {
	// ClientName and ClientVersion name Zero in the handshake.
	ClientName, ClientVersion string
	// StartupTimeout bounds the start of each server (handshake and tool
	// list); CallTimeout each call. Zero means the default.
	StartupTimeout, CallTimeout time.Duration
	// Environ is Zero's environment; stdio servers get its safe part.
	Environ []string
	// Cwd is the working directory of stdio servers without their own.
	Cwd string
	// Stderr receives the servers' stderr lines, each prefixed with the
	// server's name; nil discards them.
	Stderr io.Writer
	// Redact, when set, is applied to every stderr line first.
	Redact func(string) string
}

// Warning is something a run should report: a server that did not start,
// a tool that is not offered, a server that stopped.
type Warning struct {
	Server  string
	Message string
}

// Tool is one tool of one server, as the model is offered it.
type Tool struct {
	Name        string // mcp__SERVER__TOOL
	Server      string
	Remote      string // the tool's name on its server
	Title       string
	Description string
	// Parameters is the tool's inputSchema as the provider receives it
	// (without $schema).
	Parameters []byte
	// ReadOnlyHint is what the server says; nil when it says nothing. It is
	// shown, never trusted.
	ReadOnlyHint *bool
	schema       *jsonschema.Schema
}

// Result is the outcome of one call.
type Result struct {
	Output  string
	IsError bool
	Images  []Image
	// Warnings are about the server (it stopped, it was restarted).
	Warnings []string
}

// Manager owns the MCP servers of a run.
type Manager struct {
	opts    Options
	servers map[string]*server
	tools   []*Tool
	byName  map[string]*Tool
	logMu   sync.Mutex
}

// server is one configured server and its current connection.
type server struct {
	cfg       ServerConfig
	mu        sync.Mutex
	c         *client // nil when not running
	restarted bool
}

// Start starts every server in parallel and lists their tools. A server
// that cannot be started, answers garbage or does not finish within the
// startup timeout is left out with a warning. ctx ending stops the start.
// Two tools that map to one name are an error (a *CollisionError): the
// servers are stopped again and no Manager is returned.
func Start(ctx context.Context, cfgs []ServerConfig, opts Options) (*Manager, []Warning, error) {
	if opts.StartupTimeout <= 0 {
		opts.StartupTimeout = DefaultStartupTimeout
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	m := &Manager{opts: opts, servers: map[string]*server{}, byName: map[string]*Tool{}}
	lists := make([][]mcpv1.Tool, len(cfgs))
	warns := make([][]Warning, len(cfgs))
	var wg sync.WaitGroup
	for i, cfg := range cfgs {
		s := &server{cfg: cfg}
		m.servers[cfg.Name] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			lists[i], warns[i] = m.startServer(ctx, s)
		}()
	}
	wg.Wait()
	var out []Warning
	for i, cfg := range cfgs {
		out = append(out, warns[i]...)
		w, err := m.addTools(cfg.Name, enabledTools(cfg, lists[i]))
		if err != nil {
			m.Close()
			return nil, nil, err
		}
		out = append(out, w...)
	}
	return m, out, nil
}

// enabledTools leaves out of list the tools cfg disables.
func enabledTools(cfg ServerConfig, list []mcpv1.Tool) []mcpv1.Tool {
	return slices.DeleteFunc(list, func(t mcpv1.Tool) bool { return slices.Contains(cfg.DisabledTools, t.Name) })
}

// startServer connects to s and lists its tools. The warnings start with
// the notes of its configuration.
func (m *Manager) startServer(ctx context.Context, s *server) ([]mcpv1.Tool, []Warning) {
	var notes []Warning
	for _, n := range s.cfg.Notes {
		notes = append(notes, Warning{s.cfg.Name, n})
	}
	tools, warns := m.connectServer(ctx, s)
	return tools, append(notes, warns...)
}

// connectServer connects to s, unless it is disabled or speaks SSE, and
// lists its tools.
func (m *Manager) connectServer(ctx context.Context, s *server) ([]mcpv1.Tool, []Warning) {
	switch {
	case s.cfg.Disabled:
		return nil, []Warning{{s.cfg.Name, fmt.Sprintf("MCP server %s is disabled in %s (\"disabled\": true), so it is not started and its tools are not offered", s.cfg.Name, s.cfg.Source)}}
	case s.cfg.Transport == TransportSSE:
		return nil, []Warning{{s.cfg.Name, fmt.Sprintf("MCP server %s uses the legacy SSE transport, which Zero does not speak; "+
			"its tools are not available (servers that speak Streamable HTTP take type \"http\")", s.cfg.Name)}}
	}
	ctx, cancel := context.WithTimeoutCause(ctx, m.opts.StartupTimeout,
		fmt.Errorf("no answer within %s (%s)", m.opts.StartupTimeout, EnvStartupTimeout))
	defer cancel()
	c, err := m.connect(ctx, s.cfg)
	var tools []mcpv1.Tool
	if err == nil {
		tools, err = c.listTools(ctx)
		if err != nil {
			c.t.close()
		}
	}
	if err != nil {
		msg := fmt.Sprintf("MCP server %s did not start: %v; the run goes on without its tools", s.cfg.Name, startError(ctx, err))
		if s.cfg.ImpliedHTTP {
			msg += " (its url has no type, so Zero spoke Streamable HTTP; a server that speaks only the legacy SSE transport cannot be used)"
		}
		return nil, []Warning{{s.cfg.Name, msg}}
	}
	s.c = c
	return tools, nil
}

// startError prefers the timeout's own words to "context deadline exceeded".
func startError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		if cause := context.Cause(ctx); cause != nil {
			return cause
		}
	}
	return err
}

// connect starts the transport of cfg and runs the handshake.
func (m *Manager) connect(ctx context.Context, cfg ServerConfig) (*client, error) {
	info := mcpv1.Implementation{Name: m.opts.ClientName, Version: m.opts.ClientVersion}
	logf := func(format string, args ...any) { m.logLine(cfg.Name, fmt.Sprintf(format, args...)) }
	c := newClient(cfg.Name, info, logf)
	switch cfg.Transport {
	case TransportHTTP:
		c.t = newStreamable(cfg, c.handle, logf)
	default:
		if cfg.Cwd == "" {
			cfg.Cwd = m.opts.Cwd
		}
		t, err := startStdio(cfg, ServerEnv(m.opts.Environ, cfg.Env), c.handle, func(l string) { m.logLine(cfg.Name, l) })
		if err != nil {
			return nil, err
		}
		c.t = t
	}
	if _, err := c.handshake(ctx); err != nil {
		c.t.close()
		return nil, err
	}
	return c, nil
}

// logLine writes one line of a server to Zero's stderr.
func (m *Manager) logLine(server, line string) {
	if m.opts.Stderr == nil {
		return
	}
	if m.opts.Redact != nil {
		line = m.opts.Redact(line)
	}
	m.logMu.Lock()
	defer m.logMu.Unlock()
	fmt.Fprintf(m.opts.Stderr, "[mcp %s] %s\n", server, line)
}

// CollisionError says that two MCP tools map to one name. Sanitizing keeps
// distinct names apart by a hash, so this takes tools whose names differ
// only where the hash cannot help (a server listing one name twice, or a
// name that spells another's sanitized form).
type CollisionError struct {
	Name           string // the name both map to
	Server, Tool   string // the first tool, on its server
	Server2, Tool2 string // the second
}

func (e *CollisionError) Error() string {
	return fmt.Sprintf("MCP tool %q of server %s and MCP tool %q of server %s both map to the tool name %s, "+
		"so Zero could not tell which one the model calls; leave one server out of --mcp-config or rename one tool on its server",
		e.Tool, e.Server, e.Tool2, e.Server2, e.Name)
}

// addTools names and checks the tools of one server. A tool whose schema
// is unusable is left out with a warning; a name already taken is a
// *CollisionError.
func (m *Manager) addTools(server string, list []mcpv1.Tool) ([]Warning, error) {
	var warns []Warning
	for _, t := range list {
		tool, err := newTool(server, t)
		if err != nil {
			warns = append(warns, Warning{server, fmt.Sprintf("tool %s of MCP server %s is not offered: %v", t.Name, server, err)})
			continue
		}
		if prev, dup := m.byName[tool.Name]; dup {
			return nil, &CollisionError{Name: tool.Name, Server: prev.Server, Tool: prev.Remote, Server2: server, Tool2: t.Name}
		}
		m.tools = append(m.tools, tool)
		m.byName[tool.Name] = tool
	}
	return warns, nil
}

// newTool checks that t's inputSchema is a usable object schema and
// compiles it.
func newTool(server string, t mcpv1.Tool) (*Tool, error) {
	raw, err := t.InputSchema.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("its inputSchema cannot be encoded: %v", err)
	}
	c := jsonschema.NewCompiler()
	url := "mcp://" + server + "/" + t.Name + "/inputSchema.json"
	if err := c.AddResource(url, bytes.NewReader(raw)); err != nil {
		return nil, fmt.Errorf("its inputSchema is not a usable JSON Schema: %v", err)
	}
	compiled, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("its inputSchema does not compile: %v", err)
	}
	params := t.InputSchema
	params.Schema = rt.Opt[string]{}
	pb, err := params.MarshalJSON()
	if err != nil {
		return nil, err
	}
	tool := &Tool{Name: ToolName(server, t.Name), Server: server, Remote: t.Name, Title: t.Title.V,
		Description: t.Description.V, Parameters: pb, schema: compiled}
	if t.Annotations != nil {
		if t.Annotations.ReadOnlyHint.Set {
			v := t.Annotations.ReadOnlyHint.V
			tool.ReadOnlyHint = &v
		}
		if tool.Title == "" {
			tool.Title = t.Annotations.Title.V
		}
	}
	return tool, nil
}

// Tools returns the tools of every server that started, by server in
// configuration order, each server's in its own order.
func (m *Manager) Tools() []*Tool { return m.tools }

// Servers returns the names of the configured servers.
func (m *Manager) Servers() []string {
	var out []string
	for name := range m.servers {
		out = append(out, name)
	}
	return out
}

// Tool returns the tool offered as name.
func (m *Manager) Tool(name string) (*Tool, bool) {
	t, ok := m.byName[name]
	return t, ok
}

// Call runs the tool offered as name with args (a JSON object; empty means
// {}). Every failure is an error Result the model can read; ctx ending
// (Ctrl-C) cancels the call on the server.
func (m *Manager) Call(ctx context.Context, name string, args []byte) Result {
	t, ok := m.byName[name]
	if !ok {
		return errResult("unknown MCP tool %s", name)
	}
	if len(bytes.TrimSpace(args)) == 0 {
		args = []byte("{}")
	}
	if err := t.validate(args); err != nil {
		return errResult("invalid arguments for %s: %v", name, err)
	}
	s := m.servers[t.Server]
	c := s.current()
	if c == nil {
		return errResult("MCP server %s is not running, so %s cannot be called", t.Server, name)
	}
	cctx, cancel := context.WithTimeoutCause(ctx, m.opts.CallTimeout,
		fmt.Errorf("timed out after %s (%s)", m.opts.CallTimeout, EnvCallTimeout))
	defer cancel()
	res, err := c.callTool(cctx, t.Remote, rt.Raw(args))
	switch {
	case err == nil:
		out, images := render(res)
		return Result{Output: out, IsError: res.IsError.V, Images: images}
	case errors.Is(err, errDied):
		return m.died(ctx, s, name, err)
	case ctx.Err() != nil:
		return errResult("%s was interrupted; the server was asked to cancel it", name)
	case cctx.Err() != nil:
		return errResult("%s %v; the server was asked to cancel it", name, context.Cause(cctx))
	}
	var rpc *RPCError
	if errors.As(err, &rpc) {
		return errResult("MCP server %s refused the call of %s: %v", t.Server, t.Remote, rpc)
	}
	return errResult("%s failed: %v", name, err)
}

// validate checks args against the tool's inputSchema.
func (t *Tool) validate(args []byte) error {
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	if d.More() {
		return errors.New("more than one JSON value")
	}
	if _, ok := v.(map[string]any); !ok {
		return errors.New("the arguments must be a JSON object")
	}
	if err := t.schema.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return errors.New(strings.TrimSpace(describe(ve)))
		}
		return err
	}
	return nil
}

// describe lists the leaf failures of a validation error, one per line.
func describe(ve *jsonschema.ValidationError) string {
	if len(ve.Causes) == 0 {
		loc := ve.InstanceLocation
		if loc == "" {
			loc = "/"
		}
		return loc + ": " + ve.Message + "\n"
	}
	var b strings.Builder
	for _, c := range ve.Causes {
		b.WriteString(describe(c))
	}
	return b.String()
}

// current returns the server's client, nil when it is not running.
func (s *server) current() *client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c
}

// died handles a server that stopped during a call: the call fails, and
// the server is restarted once per run.
func (m *Manager) died(ctx context.Context, s *server, name string, err error) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.c
	s.c = nil
	if old != nil {
		old.t.close()
	}
	r := errResult("MCP server %s stopped during the call of %s (%v)", s.cfg.Name, name, err)
	warn := fmt.Sprintf("MCP server %s stopped during a call (%v)", s.cfg.Name, err)
	switch {
	case s.restarted:
		r.Output += "; it was already restarted once in this run, so its tools are unavailable from now on"
		warn += "; it is not restarted again"
	default:
		s.restarted = true
		sctx, cancel := context.WithTimeout(ctx, m.opts.StartupTimeout)
		c, rerr := m.connect(sctx, s.cfg)
		cancel()
		if rerr != nil {
			r.Output += "; restarting it failed, so its tools are unavailable from now on"
			warn += fmt.Sprintf("; restarting it failed: %v", rerr)
		} else {
			s.c = c
			r.Output += "; it was restarted: the call did not complete and may be made again"
			warn += "; it was restarted"
		}
	}
	r.Warnings = append(r.Warnings, warn)
	return r
}

func errResult(format string, args ...any) Result {
	return Result{Output: fmt.Sprintf(format, args...), IsError: true}
}

// Close stops every server, in parallel, and returns when all are gone.
func (m *Manager) Close() {
	if m == nil {
		return
	}
	var wg sync.WaitGroup
	for _, s := range m.servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.mu.Lock()
			c := s.c
			s.c = nil
			s.mu.Unlock()
			if c != nil {
				c.t.close()
			}
		}()
	}
	wg.Wait()
}
