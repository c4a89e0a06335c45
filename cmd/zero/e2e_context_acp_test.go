package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/zeroproject/zero/acpclient"
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// editorProc is one `zero acp` process driven by acpclient, with the text of
// the updates it sent.
type editorProc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *strings.Builder
	c      *acpclient.Client

	mu              sync.Mutex
	answer, thought strings.Builder
}

func (z *zeroEnv) startEditor(args ...string) *editorProc {
	z.t.Helper()
	p := &editorProc{t: z.t, stderr: &strings.Builder{}}
	p.cmd = exec.Command(zeroBin, append([]string{"acp"}, args...)...)
	p.cmd.Dir, p.cmd.Env, p.cmd.Stderr = z.ws, z.environ(), p.stderr
	p.stdin, _ = p.cmd.StdinPipe()
	stdout, _ := p.cmd.StdoutPipe()
	if err := p.cmd.Start(); err != nil {
		z.t.Fatal(err)
	}
	p.c = acpclient.New(stdout, p.stdin)
	p.c.OnUpdate = func(n acpv1.SessionNotification) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch u := n.Update.Value.(type) {
		case *acpv1.AgentMessageChunk:
			if tx, ok := u.Content.Value.(*acpv1.TextContent); ok {
				p.answer.WriteString(tx.Text)
			}
		case *acpv1.AgentThoughtChunk:
			if tx, ok := u.Content.Value.(*acpv1.TextContent); ok {
				p.thought.WriteString(tx.Text)
			}
		}
	}
	if _, err := p.c.Initialize(acpv1.ClientCapabilities{}); err != nil {
		z.t.Fatalf("initialize: %v\n%s", err, p.stderr)
	}
	return p
}

// prompt sends text and checks the stop reason; it returns the answer's
// text and the thoughts streamed meanwhile.
func (p *editorProc) prompt(id, text string, want acpv1.StopReason) (string, string) {
	p.t.Helper()
	p.mu.Lock()
	p.answer.Reset()
	p.thought.Reset()
	p.mu.Unlock()
	reason, err := p.c.Prompt(id, text)
	if err != nil || reason != want {
		p.t.Fatalf("prompt %q: %v %v, want %v\nstderr: %s", text, reason, err, want, p.stderr)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answer.String(), p.thought.String()
}

// close ends the process as an editor does, by closing its stdin.
func (p *editorProc) close() {
	p.t.Helper()
	p.stdin.Close()
	if err := p.cmd.Wait(); err != nil {
		p.t.Errorf("zero acp: %v\n%s", err, p.stderr)
	}
}

// TestContextLongTaskACP runs the long task as an editor chat on both
// vendors: the window comes from the server's /v1/models (a vLLM-like
// OpenAI-compatible server) or from Anthropic's first refusal. The first
// prompt is cancelled by the editor right after the first compaction
// notice; the next prompt finishes the task from the compacted state with
// the right result.txt; a question is answered from the summary; then a
// new process loads the session and answers another question, its first
// request starting from the compacted conversation. Every request carries
// the task and at most one is over the window.
func TestContextLongTaskACP(t *testing.T) {
	for _, tc := range []struct {
		d       *pt.Dialect
		model   string
		probe   bool
		refused int
	}{
		{pt.OpenAI, "qwen-test-ctx", true, 0},
		{pt.Anthropic, "claude-test-ctx", false, 1},
	} {
		t.Run(tc.d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			writeCtxFiles(t, z.ws)
			v, srv := serveCtx(z, tc.d, ctxWindow)
			if tc.probe {
				srv.AnswerGet("/v1/models", fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","owned_by":"vllm","max_model_len":%d}]}`, tc.model, ctxWindow))
			}
			args := []string{"--provider", tc.d.Name(), "--model", tc.model, "--max-turns", "80", "--permission-mode", "accept-edits"}
			p := z.startEditor(args...)
			id, err := p.c.NewSession(z.ws)
			if err != nil {
				t.Fatal(err)
			}
			cancelled := false
			update := p.c.OnUpdate
			p.c.OnUpdate = func(n acpv1.SessionNotification) {
				update(n)
				if u, ok := n.Update.Value.(*acpv1.AgentThoughtChunk); ok && !cancelled {
					if tx, ok := u.Content.Value.(*acpv1.TextContent); ok && strings.Contains(tx.Text, "with a summary the model wrote") {
						cancelled = true
						p.c.Cancel(id)
					}
				}
			}
			_, thought := p.prompt(id, ctxTask, acpv1.StopReasonCancelled)
			if !strings.Contains(thought, "[zero: the conversation neared the model's context window") {
				t.Errorf("no context notice among the thoughts:\n%s", thought)
			}
			if _, err := os.Stat(filepath.Join(z.ws, "result.txt")); err == nil {
				t.Fatal("result.txt exists after the cancelled prompt")
			}
			p.c.OnUpdate = update
			p.prompt(id, "Go on with the task.", acpv1.StopReasonEndTurn)
			got, err := os.ReadFile(filepath.Join(z.ws, "result.txt"))
			if err != nil || string(got) != ctxResult() {
				t.Fatalf("result.txt: %v\n%s", err, got)
			}
			answer, _ := p.prompt(id, "QUESTION: what is the value of file 3?", acpv1.StopReasonEndTurn)
			if want := "File 3 has the value " + ctxValue(3) + "."; answer != want {
				t.Errorf("answer %q, want %q", answer, want)
			}
			p.close()
			f := checkCtxRequests(t, v, 0, tc.refused)

			before := len(v.requests())
			p = z.startEditor(args...)
			if err := p.c.LoadSession(id, z.ws); err != nil {
				t.Fatalf("session/load: %v\n%s", err, p.stderr)
			}
			answer, _ = p.prompt(id, "QUESTION: what is the value of file 54?", acpv1.StopReasonEndTurn)
			if want := "File 54 has the value " + ctxValue(54) + "."; answer != want {
				t.Errorf("after load: answer %q, want %q", answer, want)
			}
			p.close()
			first := v.requests()[before].body
			if !strings.Contains(first, "compacted to fit the model") || strings.Contains(first, "filler line 30 of file 01") {
				t.Errorf("the loaded session does not start from the compacted conversation")
			}
			checkCtxRequests(t, v, before, 0)
			typs, _ := z.sessionRecords(id)
			t.Logf("%s acp: %s; %d compaction records; asked the server %q", tc.d.Name(), f, countOf(typs, "compaction"), srv.Probes())
			if countOf(typs, "compaction") != f.summaries || f.summaries == 0 {
				t.Errorf("%d compaction records for %d summarizing calls", countOf(typs, "compaction"), f.summaries)
			}
			if tc.probe && len(srv.Probes()) != 1 {
				t.Errorf("asked the server %q; want /v1/models once: the loading process takes the window from the session", srv.Probes())
			}
		})
	}
}
