package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// conversation renders the messages of an OpenAI request after its system
// message, one line each: "user: TEXT", "assistant: TEXT [ID NAME ARGS]..."
// and "tool ID: TEXT".
func conversation(t *testing.T, req pt.Request) []string {
	t.Helper()
	var body struct {
		Messages []struct {
			Role      string  `json:"role"`
			Content   *string `json:"content"`
			ToolCalls []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
			ToolCallID string `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatalf("request body: %v\n%s", err, req.Body)
	}
	if len(body.Messages) == 0 || body.Messages[0].Role != "system" {
		t.Fatalf("the request does not start with the system message:\n%s", req.Body)
	}
	var out []string
	for _, m := range body.Messages[1:] {
		line := m.Role
		if m.ToolCallID != "" {
			line += " " + m.ToolCallID
		}
		line += ":"
		if m.Content != nil {
			line += " " + *m.Content
		}
		for _, c := range m.ToolCalls {
			line += " [" + c.ID + " " + c.Function.Name + " " + c.Function.Arguments + "]"
		}
		out = append(out, line)
	}
	return out
}

// checkConversations checks that request i of reqs carried exactly
// want[i], naming the prompt of each request.
func checkConversations(t *testing.T, reqs []pt.Request, want [][]string, names []string) {
	t.Helper()
	if len(reqs) != len(want) {
		t.Fatalf("the fake model got %d requests, want %d", len(reqs), len(want))
	}
	for i, r := range reqs {
		if diff := cmp.Diff(want[i], conversation(t, r)); diff != "" {
			t.Errorf("request %d (%s) carried another conversation (-want +got):\n%s", i+1, names[i], diff)
		}
	}
}

// talk builds the conversations a session's requests carry: each request
// carries every message so far.
type talk struct {
	msgs  []string
	want  [][]string
	names []string
}

// user adds a prompt, and the request that sends it.
func (c *talk) user(prompt string) { c.send(prompt, "user: "+prompt) }

// send adds messages and then a request carrying everything so far.
func (c *talk) send(name string, msgs ...string) {
	c.msgs = append(c.msgs, msgs...)
	c.want = append(c.want, append([]string(nil), c.msgs...))
	c.names = append(c.names, name)
}

// add adds messages without a request: a model's answer.
func (c *talk) add(msgs ...string) { c.msgs = append(c.msgs, msgs...) }

// fork returns a copy of c's conversation with no requests, for a fork.
func (c *talk) fork() *talk { return &talk{msgs: append([]string(nil), c.msgs...)} }

const (
	readmeCall   = `[call_read read_file {"path":"README.md"}]`
	readmeResult = "tool call_read:      1\t# Zero test workspace\n"
	// noResult is the result Zero supplies for a call that never ran.
	noResult = "tool call_guide: Error: the tool call has no result: the run that made it ended before it finished"
)

// TestACPConversationRemembered holds one chat of ten prompts with `zero
// acp` (clients/js/acp-conversation-e2e.mjs), once with the official SDK
// and once with the older client library editors still ship, against a
// fake OpenAI server, and checks the conversation every request carried:
// each earlier prompt and answer, a tool call with its result, the partial
// answer of a prompt cancelled mid-stream, and a cancelled turn's calls
// (bash interrupted, a call that never ran answered by Zero), both before
// and after session/load in the same process and in a new one. The script
// checks that the replays of both loads show every prompt, and that a third
// zero acp loading the session the second one holds gets -32050 naming
// that process.
//
//	(cd clients/js && npm ci) && go test ./cmd/zero -run TestACPConversationRemembered
func TestACPConversationRemembered(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPING the ACP conversation test: node is not on PATH; install Node 20+ and run 'npm ci' in clients/js")
	}
	jsDir, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js"))
	for _, lib := range []string{"sdk", "legacy"} {
		t.Run(lib, func(t *testing.T) {
			pkg := map[string]string{"sdk": "@agentclientprotocol/sdk", "legacy": "acp-legacy"}[lib]
			if _, err := os.Stat(filepath.Join(jsDir, "node_modules", pkg)); err != nil {
				t.Skipf("SKIPPING the ACP conversation test: clients/js/node_modules lacks %s; run 'npm ci' in clients/js", pkg)
			}
			acpConversation(t, node, jsDir, lib)
		})
	}
}

func acpConversation(t *testing.T, node, jsDir, lib string) {
	z := newZeroEnv(t)
	o := pt.OpenAI
	srv := z.serve(o,
		o.Stream(pt.Text("Nice to meet you, ", "Ada.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_read", Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		o.Stream(pt.Text("It says: Zero test workspace.")),
		o.Stream(pt.Text("Your name is Ada.")),
		// The role chunk and one text chunk, then nothing until the client
		// cancels.
		pt.HangAfter(o.Stream(pt.Text("Once upon a time", ", there was")), 2),
		o.Stream(pt.Text("You were telling a story.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_sleep", Name: "bash", Args: []string{`{"command":"sleep 30"}`}},
			pt.Call{ID: "call_guide", Name: "read_file", Args: []string{`{"path":"docs/guide.txt"}`}})),
		o.Stream(pt.Text("No, it was cancelled.")),
		o.Stream(pt.Text("Still here.")),
		o.Stream(pt.Text("Loaded.")),
		o.Stream(pt.Text("Once more.")),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(jsDir, "acp-conversation-e2e.mjs"), lib)
	cmd.Dir = jsDir
	cmd.Env = append(z.environ(), "ZERO_BIN="+zeroBin, "ZERO_ACP_WS="+z.ws)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("acp-conversation-e2e.mjs %s: %v\n%s", lib, err, out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))

	var c talk
	c.user("my name is Ada")
	c.add("assistant: Nice to meet you, Ada.")
	c.user("read the readme")
	c.send("read the readme, after the tool call", "assistant: "+readmeCall, readmeResult)
	c.add("assistant: It says: Zero test workspace.")
	c.user("what is my name?")
	c.add("assistant: Your name is Ada.")
	c.user("tell me a long story")
	c.add("assistant: Once upon a time") // cancelled mid-stream
	c.user("where were we?")
	c.add("assistant: You were telling a story.")
	c.user("run the slow command")
	c.add(`assistant: [call_sleep bash {"command":"sleep 30"}] [call_guide read_file {"path":"docs/guide.txt"}]`,
		"tool call_sleep: Error: [canceled; the command and its child processes were killed]", noResult) // cancelled while bash ran
	c.user("did it finish?")
	c.add("assistant: No, it was cancelled.")
	c.user("after loading in the same process")
	c.add("assistant: Still here.")
	c.user("after loading in a new process")
	c.add("assistant: Loaded.")
	c.user("and once more")
	checkConversations(t, srv.Requests(), c.want, c.names)
}

// TestExecResumeConversation chains three zero exec runs with --resume and
// checks that each request carried the whole conversation: every earlier
// prompt and answer, a tool call with its result, and the partial answer
// of a run interrupted (SIGINT) mid-stream.
func TestExecResumeConversation(t *testing.T) {
	z := newZeroEnv(t)
	o := pt.OpenAI
	srv := z.serve(o,
		o.Stream(pt.Text("Nice to meet you, Ada.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_read", Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		o.Stream(pt.Text("It says: Zero test workspace.")),
		o.Stream(pt.Text("Your name is Ada.")),
		pt.HangAfter(o.Stream(pt.Text("Once upon a time", ", there was")), 2),
		o.Stream(pt.Text("You were telling a story.")),
	)
	evs, _ := z.streamV2(0, "my name is Ada")
	id := sessionID(evs)
	z.streamV2(0, "--resume", id, "read the readme")
	z.streamV2(0, "--resume", id, "what is my name?")
	p := z.start(strings.NewReader(""), "exec", "-o", "stream-json", "--resume", id, "tell me a long story")
	p.waitFor(`"type":"text"`)
	if _, code := p.signal(syscall.SIGINT); code == 0 {
		t.Errorf("the interrupted run exited 0")
	}
	z.streamV2(0, "--resume", id, "where were we?")

	var c talk
	c.user("my name is Ada")
	c.add("assistant: Nice to meet you, Ada.")
	c.user("read the readme")
	c.send("read the readme, after the tool call", "assistant: "+readmeCall, readmeResult)
	c.add("assistant: It says: Zero test workspace.")
	c.user("what is my name?")
	c.add("assistant: Your name is Ada.")
	c.user("tell me a long story")
	c.add("assistant: Once upon a time")
	c.user("where were we?")
	checkConversations(t, srv.Requests(), c.want, c.names)
}

// TestExecForkConversation forks a session, resumes the fork, and forks
// the fork, checking that each request carried the parent's whole
// conversation and the fork's own turns, and nothing of a sibling: the
// parent resumed after the forks carries none of theirs.
func TestExecForkConversation(t *testing.T) {
	z := newZeroEnv(t)
	o := pt.OpenAI
	srv := z.serve(o,
		o.Stream(pt.Text("Nice to meet you, Ada.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_read", Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		o.Stream(pt.Text("It says: Zero test workspace.")),
		o.Stream(pt.Text("Forked once.")),
		o.Stream(pt.Text("Still the fork.")),
		o.Stream(pt.Text("Forked twice.")),
		o.Stream(pt.Text("Your name is Ada.")),
	)
	evs, _ := z.streamV2(0, "my name is Ada")
	parent := sessionID(evs)
	z.streamV2(0, "--resume", parent, "read the readme")
	evs, _ = z.streamV2(0, "--fork", parent, "fork one")
	child := sessionID(evs)
	z.streamV2(0, "--resume", child, "fork two")
	evs, _ = z.streamV2(0, "--fork", child, "fork three")
	if grandchild := sessionID(evs); grandchild == child || grandchild == parent || child == parent {
		t.Fatalf("sessions %s, %s, %s are not distinct", parent, child, grandchild)
	}
	z.streamV2(0, "--resume", parent, "what is my name?")

	var p talk
	p.user("my name is Ada")
	p.add("assistant: Nice to meet you, Ada.")
	p.user("read the readme")
	p.send("read the readme, after the tool call", "assistant: "+readmeCall, readmeResult)
	p.add("assistant: It says: Zero test workspace.")
	f := p.fork()
	f.user("fork one")
	f.add("assistant: Forked once.")
	f.user("fork two")
	f.add("assistant: Still the fork.")
	g := f.fork()
	g.user("fork three")
	p.user("what is my name?")

	want := append(append(append(p.want[:3:3], f.want...), g.want...), p.want[3:]...)
	names := append(append(append(p.names[:3:3], f.names...), g.names...), p.names[3:]...)
	checkConversations(t, srv.Requests(), want, names)
}

// acpProc is a zero acp process spoken to in raw JSON-RPC lines.
type acpProc struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	ids     int
	stopped bool
}

func (z *zeroEnv) startACP() *acpProc {
	z.t.Helper()
	p := &acpProc{t: z.t, cmd: z.command(context.Background(), "", "acp")}
	p.cmd.Stdin = nil
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		z.t.Fatal(err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		z.t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		z.t.Fatal(err)
	}
	z.t.Cleanup(p.stop)
	p.out = bufio.NewScanner(stdout)
	p.out.Buffer(nil, 1<<20)
	return p
}

// rpcAnswer is a JSON-RPC response.
type rpcAnswer struct {
	ID     int             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// call sends a request and returns its answer, skipping notifications.
func (p *acpProc) call(method, params string) rpcAnswer {
	p.t.Helper()
	p.ids++
	fmt.Fprintf(p.in, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", p.ids, method, params)
	for p.out.Scan() {
		var a rpcAnswer
		if err := json.Unmarshal(p.out.Bytes(), &a); err != nil {
			p.t.Fatalf("zero acp wrote %q: %v", p.out.Text(), err)
		}
		if a.ID == p.ids && (a.Result != nil || a.Error != nil) {
			return a
		}
	}
	p.t.Fatalf("zero acp ended without answering %s", method)
	return rpcAnswer{}
}

// stop closes stdin, as an editor that goes away, reads the rest of
// stdout and waits for the exit, which must be clean and prompt.
func (p *acpProc) stop() {
	if p.stopped {
		return
	}
	p.stopped = true
	p.in.Close()
	timer := time.AfterFunc(15*time.Second, func() { p.cmd.Process.Kill() })
	for p.out.Scan() {
	}
	err := p.cmd.Wait()
	switch {
	case !timer.Stop():
		p.t.Errorf("zero acp did not exit after stdin closed")
	case err != nil:
		p.t.Errorf("zero acp: %v", err)
	}
}

// TestACPLoadOfSessionInUse: a zero acp loading the session another zero
// acp has open is answered -32050 with a message naming that process, not
// an internal error; once the holder exits, the same connection loads it.
func TestACPLoadOfSessionInUse(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI)
	holder := z.startACP()
	holder.call("initialize", `{"protocolVersion":1}`)
	a := holder.call("session/new", fmt.Sprintf(`{"cwd":%q,"mcpServers":[]}`, z.ws))
	var created struct {
		SessionID string `json:"sessionId"`
	}
	if err := json.Unmarshal(a.Result, &created); err != nil || created.SessionID == "" {
		t.Fatalf("session/new: %s %v", a.Result, err)
	}
	other := z.startACP()
	other.call("initialize", `{"protocolVersion":1}`)
	load := fmt.Sprintf(`{"sessionId":%q,"cwd":%q,"mcpServers":[]}`, created.SessionID, z.ws)
	a = other.call("session/load", load)
	want := fmt.Sprintf("session %s is in use by another zero process (zero acp, pid %d)", created.SessionID, holder.cmd.Process.Pid)
	if a.Error == nil || a.Error.Code != -32050 || !strings.HasPrefix(a.Error.Message, want) {
		t.Fatalf("session/load of a session in use: %+v %s, want -32050 %q", a.Error, a.Result, want)
	}
	holder.stop()
	if a = other.call("session/load", load); a.Error != nil {
		t.Errorf("session/load after the holder exited: %+v", a.Error)
	}
}
