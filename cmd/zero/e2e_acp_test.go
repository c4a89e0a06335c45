package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestACPWithOfficialSDK drives `zero acp` with the official ACP
// TypeScript SDK as the client (clients/js/acp-e2e.mjs) against a fake
// OpenAI server, checking every message in both directions with ajv
// against the official ACP schema shipped in the SDK package. The server's
// answers follow the order of the script's steps. It needs node and
// clients/js/node_modules (make test-js installs them; or run
// 'npm ci' in clients/js).
func TestACPWithOfficialSDK(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPING the ACP end-to-end test: node is not on PATH; install Node 20+ and run 'npm ci' in clients/js")
	}
	jsDir, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js"))
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules", "@agentclientprotocol", "sdk")); err != nil {
		t.Skip("SKIPPING the ACP end-to-end test: clients/js/node_modules lacks @agentclientprotocol/sdk; run 'npm ci' in clients/js")
	}
	z := newZeroEnv(t)
	o := pt.OpenAI
	slow := o.Stream(pt.Text("one ", "two ", "three ", "four"))
	slow.Delay, slow.Hang = 300*time.Millisecond, true
	srv := z.serve(o,
		// 1: reasoning, text, read_file; then an answer holding the key.
		o.Stream(pt.Turn{Reasoning: []string{"thinking"}, Text: []string{"Let me read."},
			Calls: []pt.Call{{ID: "call_1", Name: "read_file", Args: []string{`{"path":"README.md"}`}}}}),
		o.Stream(pt.Text("It says hello. Your key is sk-test-", "openai-fake.")),
		// 2: a write the user rejects.
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_2", Name: "write_file", Args: []string{`{"path":"out.txt","content":"no"}`}})),
		o.Stream(pt.Text("Not written.")),
		// 3: the same write, allowed always.
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_3", Name: "write_file", Args: []string{`{"path":"out.txt","content":"yes\n"}`}})),
		o.Stream(pt.Text("Written.")),
		// 4: another write, no question.
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_4", Name: "write_file", Args: []string{`{"path":"two.txt","content":"2"}`}})),
		o.Stream(pt.Text("Again.")),
		// 5: bash that the client cancels.
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_5", Name: "bash", Args: []string{`{"command":"sleep 30"}`}})),
		// 6: a slow answer the client cancels.
		slow,
		// 7: accept-edits: edit_file runs without asking.
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_7", Name: "edit_file", Args: []string{`{"path":"out.txt","old_string":"yes","new_string":"YES"}`}})),
		o.Stream(pt.Text("Edited.")),
		// after session/load
		o.Stream(pt.Text("loaded")),
	)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(jsDir, "acp-e2e.mjs"))
	cmd.Dir = jsDir
	cmd.Env = append(z.environ(), "ZERO_BIN="+zeroBin, "ZERO_ACP_WS="+z.ws)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("acp-e2e.mjs: %v\n%s", err, out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))
	reqs := srv.Requests()
	if len(reqs) != 13 {
		t.Fatalf("the fake server got %d requests, want 13", len(reqs))
	}
	last := string(reqs[len(reqs)-1].Body)
	for _, want := range []string{"What does the README say?", "Zero test workspace", "After loading"} {
		if !strings.Contains(last, want) {
			t.Errorf("the prompt after session/load does not send the history (%q missing)", want)
		}
	}
}
