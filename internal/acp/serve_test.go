package acp

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	replayv1 "github.com/zeroproject/zero/generated/replay/v1"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/provider/replay"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/session"
)

// peer is a client talking to an in-process Serve over pipes.
type peer struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	code  chan int
	log   *syncBuffer
	ws    string
	store *session.Store
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve starts Serve with a replay model playing script (JSON of a
// ReplayScript) for every session, in the default permission mode.
func serve(t *testing.T, script string) *peer {
	t.Helper()
	var sc replayv1.ReplayScript
	if err := sc.UnmarshalJSON([]byte(script)); err != nil {
		t.Fatalf("replay script: %v", err)
	}
	ws, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &peer{t: t, in: inW, lines: make(chan string, 256), code: make(chan int, 1), log: &syncBuffer{}, ws: ws,
		store: &session.Store{Dir: filepath.Join(t.TempDir(), "sessions")}}
	cfg := Config{In: inR, Out: outW, Log: p.log, Store: p.store, Redactor: redact.NewShared(redact.New()),
		NewProvider: func() (Model, error) {
			return Model{Provider: replay.New(&sc), Name: "replay", Model: "replay-demo"}, nil
		},
		Policy: permission.Policy{Mode: permission.ModeDefault}, MaxTurns: 5, Version: "test"}
	go func() {
		p.code <- Serve(context.Background(), cfg)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

func (p *peer) send(line string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.t.Fatal(err)
	}
}

// next returns the next message Zero wrote, decoded by the envelope codec.
func (p *peer) next() (string, *acpv1.Message) {
	p.t.Helper()
	select {
	case line, ok := <-p.lines:
		if !ok {
			p.t.Fatalf("zero acp closed its output; log:\n%s", p.log.String())
		}
		var m acpv1.Message
		if err := m.UnmarshalJSON([]byte(line)); err != nil {
			p.t.Fatalf("zero acp wrote a line the envelope codec refuses: %v\n%s", err, line)
		}
		return line, &m
	case <-time.After(10 * time.Second):
		p.t.Fatalf("no message from zero acp in 10 s; log:\n%s", p.log.String())
	}
	return "", nil
}

// response skips notifications up to the response to id, and returns it.
func (p *peer) response(id string) (string, *acpv1.Message) {
	p.t.Helper()
	for {
		line, m := p.next()
		if _, isCall := m.Method.Get(); !isCall && m.ID.Set && idText(m.ID.V) == id {
			return line, m
		}
	}
}

// request skips notifications up to the next request Zero sends.
func (p *peer) request(method string) (string, *acpv1.Message) {
	p.t.Helper()
	for {
		line, m := p.next()
		got, isCall := m.Method.Get()
		if isCall && m.ID.Set {
			if got != method {
				p.t.Fatalf("zero acp sent %s, want %s: %s", got, method, line)
			}
			return line, m
		}
		if !isCall {
			p.t.Fatalf("a response while waiting for %s: %s", method, line)
		}
	}
}

func (p *peer) newSession() string {
	p.t.Helper()
	p.send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":1}}`)
	p.response(`"init"`)
	p.send(`{"jsonrpc":"2.0","id":"new","method":"session/new","params":{"cwd":"` + p.ws + `","mcpServers":[]}}`)
	line, m := p.response(`"new"`)
	var r acpv1.NewSessionResponse
	if m.Error != nil || r.UnmarshalJSON(m.Result) != nil {
		p.t.Fatalf("session/new: %s", line)
	}
	return r.SessionID
}

func (p *peer) prompt(id, sessionID, text string) {
	p.send(`{"jsonrpc":"2.0","id":"` + id + `","method":"session/prompt","params":{"sessionId":"` + sessionID + `","prompt":[{"type":"text","text":"` + text + `"}]}}`)
}

// stopReason waits for the prompt's response and returns its stop reason.
func (p *peer) stopReason(id string) acpv1.StopReason {
	p.t.Helper()
	line, m := p.response(`"` + id + `"`)
	var r acpv1.PromptResponse
	if m.Error != nil || r.UnmarshalJSON(m.Result) != nil {
		p.t.Fatalf("prompt %s: %s", id, line)
	}
	return r.StopReason
}

func (p *peer) answer(m *acpv1.Message, outcome string) {
	p.send(`{"jsonrpc":"2.0","id":` + idText(m.ID.V) + `,"result":{"outcome":` + outcome + `}}`)
}

func (p *peer) close() int {
	p.t.Helper()
	p.in.Close()
	for range p.lines {
	}
	select {
	case c := <-p.code:
		return c
	case <-time.After(10 * time.Second):
		p.t.Fatal("Serve did not return after its input closed")
	}
	return -1
}

const writeScript = `{"schemaVersion":1,"turns":[
 {"steps":[{"type":"tool_call","id":"c1","name":"write_file","args":{"path":"a.txt","content":"A"}}]},
 {"steps":[{"type":"text","delta":"one"}]},
 {"steps":[{"type":"tool_call","id":"c2","name":"write_file","args":{"path":"b.txt","content":"B"}}]},
 {"steps":[{"type":"text","delta":"two"}]},
 {"steps":[{"type":"tool_call","id":"c3","name":"bash","args":{"command":"echo ran > c.txt"}}]},
 {"steps":[{"type":"text","delta":"three"}]},
 {"steps":[{"type":"tool_call","id":"c4","name":"bash","args":{"command":"echo ran > d.txt"}}]},
 {"steps":[{"type":"text","delta":"four"}]}
]}`

// TestPermissionRequestPath follows session/request_permission: the
// request's options and tool call, allow_always remembered (and stored
// with the session), a cancelled outcome and an option Zero did not offer
// both leaving the call unrun.
func TestPermissionRequestPath(t *testing.T) {
	p := serve(t, writeScript)
	sid := p.newSession()

	p.prompt("p1", sid, "write a")
	line, req := p.request("session/request_permission")
	var q acpv1.RequestPermissionRequest
	var pm acpv1.PermissionRequestMessage
	if err := pm.UnmarshalJSON([]byte(line)); err != nil {
		t.Fatalf("the permission request does not decode: %v\n%s", err, line)
	}
	q = pm.Params
	var kinds []string
	for _, o := range q.Options {
		kinds = append(kinds, string(o.Kind)+"="+o.OptionID)
	}
	if got := strings.Join(kinds, ","); got != "allow_once=allow_once,allow_always=allow_always,reject_once=reject_once,reject_always=reject_always" {
		t.Errorf("options %s", got)
	}
	if q.SessionID != sid || q.ToolCall.ToolCallID != "c1" || !strings.Contains(q.ToolCall.Title.V.V, "a.txt") {
		t.Errorf("the request's session or tool call: %s", line)
	}
	p.answer(req, `{"outcome":"selected","optionId":"allow_always"}`)
	if r := p.stopReason("p1"); r != acpv1.StopReasonEndTurn {
		t.Errorf("prompt 1: %s", r)
	}
	if b, err := os.ReadFile(filepath.Join(p.ws, "a.txt")); err != nil || string(b) != "A" {
		t.Errorf("a.txt after allow_always: %q %v", b, err)
	}

	// allow_always holds: no request for the second write.
	p.prompt("p2", sid, "write b")
	for {
		line, m := p.next()
		if method, ok := m.Method.Get(); ok && method == "session/request_permission" {
			t.Fatalf("asked again after allow_always: %s", line)
		}
		if idText(m.ID.V) == `"p2"` {
			break
		}
	}
	if _, err := os.Stat(filepath.Join(p.ws, "b.txt")); err != nil {
		t.Errorf("b.txt not written: %v", err)
	}

	// A cancelled outcome: the call does not run, the prompt goes on.
	p.prompt("p3", sid, "bash c")
	_, req = p.request("session/request_permission")
	p.answer(req, `{"outcome":"cancelled"}`)
	p.stopReason("p3")
	if _, err := os.Stat(filepath.Join(p.ws, "c.txt")); err == nil {
		t.Error("bash ran after a cancelled permission request")
	}

	// An option Zero did not offer: the call does not run.
	p.prompt("p4", sid, "bash d")
	_, req = p.request("session/request_permission")
	p.answer(req, `{"outcome":"selected","optionId":"allow_forever"}`)
	p.response(`"p4"`)
	if _, err := os.Stat(filepath.Join(p.ws, "d.txt")); err == nil {
		t.Error("bash ran after an option Zero did not offer")
	}
	if code := p.close(); code != 0 {
		t.Errorf("exit code %d", code)
	}

	s, _, err := p.store.Open(sid)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Grants()
	if err != nil || len(g) != 1 || !g["write_file"] {
		t.Errorf("stored grants %v (%v), want write_file allowed", g, err)
	}
}

// TestJSONRPCErrorMapping checks each malformed input's error code, id and
// data, and that notifications get no answer.
func TestJSONRPCErrorMapping(t *testing.T) {
	p := serve(t, `{"schemaVersion":1,"turns":[{"steps":[{"type":"text","delta":"unused"}]}]}`)
	cases := []struct {
		line, id string
		code     int64
		pointer  string // "" when data has none
	}{
		{`this is not json`, `null`, codeParseError, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"session/frobnicate","params":{}}`, `1`, codeMethodNotFound, ""},
		{`{"jsonrpc":"1.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`, `null`, codeInvalidRequest, "/jsonrpc"}, // the envelope did not decode: id unknown
		{`{"jsonrpc":"2.0","id":3}`, `3`, codeInvalidRequest, ""},
		{`{"jsonrpc":"2.0","id":4,"method":"session/new","params":{"cwd":42,"mcpServers":[]}}`, `4`, codeInvalidParams, "/params/cwd"},
		{`{"jsonrpc":"2.0","id":5,"method":"session/new","params":{"cwd":"relative","mcpServers":[]}}`, `5`, codeInvalidParams, "/params/cwd"},
		{`{"jsonrpc":"2.0","id":6,"method":"session/new","params":{"cwd":"` + p.ws + `","mcpServers":[{"type":"sse","name":"s","url":"http://x","headers":[]}]}}`, `6`, codeInvalidParams, "/params/mcpServers/0/type"},
		{`{"jsonrpc":"2.0","id":7,"method":"session/new","params":{"cwd":"` + p.ws + `","mcpServers":[{"name":"a b","command":"x","args":[],"env":[]}]}}`, `7`, codeInvalidParams, "/params/mcpServers/0/name"},
		{`{"jsonrpc":"2.0","id":8,"method":"session/new","params":{"cwd":"` + p.ws + `","mcpServers":[{"name":"ok","args":[],"env":[]}]}}`, `8`, codeInvalidParams, "/params/mcpServers/0"},
		{`{"jsonrpc":"2.0","id":9,"method":"session/new","params":{"cwd":"` + p.ws + `","mcpServers":[{"type":"http","name":"h","url":"http://x","headers":[{"name":1,"value":"v"}]}]}}`, `9`, codeInvalidParams, "/params/mcpServers/0"}, // anyOf: no branch, so the item
		{`{"jsonrpc":"2.0","method":"session/frobnicate","params":{}}`, "", 0, ""},
		{`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"zero_nope"}}`, "", 0, ""},
		{`{"jsonrpc":"2.0","method":"session/cancel","params":42}`, "", 0, ""},
		{`{"jsonrpc":"2.0","id":10,"method":"session/prompt","params":{"sessionId":"zero_nope","prompt":[]}}`, `10`, codeNotFound, ""},
		{`{"jsonrpc":"2.0","id":11,"method":"session/set_mode","params":{"sessionId":"zero_nope","modeId":"default"}}`, `11`, codeNotFound, ""},
	}
	for _, c := range cases {
		p.send(c.line)
		if c.id == "" {
			continue // a notification: no answer, checked by the order below
		}
		line, m := p.next()
		if m.Error == nil || idText(m.ID.V) != c.id || m.Error.Code != c.code {
			t.Errorf("%s\n  got %s\n  want id %s, code %d", c.line, line, c.id, c.code)
			continue
		}
		if c.pointer != "" && !strings.Contains(string(m.Error.Data), `"pointer":"`+c.pointer) {
			t.Errorf("%s\n  got data %s, want pointer %s", c.line, m.Error.Data, c.pointer)
		}
	}
	if code := p.close(); code != 0 {
		t.Errorf("exit code %d after the malformed inputs, want 0", code)
	}
}
