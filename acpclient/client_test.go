package acpclient_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeroproject/zero/acpclient"
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
)

const script = `{"schemaVersion":1,"model":"replay-demo","turns":[
 {"steps":[{"type":"reasoning","delta":"Look first."},{"type":"text","delta":"Listing. "},
  {"type":"tool_call","id":"call_1","name":"list_directory","args":{"path":"."}}]},
 {"steps":[{"type":"tool_call","id":"call_2","name":"write_file","args":{"path":"notes.txt","content":"hi\n"}}]},
 {"steps":[{"type":"text","delta":"Done: "},{"type":"text","delta":"one file."}]}
]}`

// TestDriveZeroACP builds zero, starts `zero acp` with a replay model, and
// drives it with the client: initialize, session/new, a prompt whose
// updates (reasoning, text, tool calls) and permission request the client
// reads with the generated ACP types.
func TestDriveZeroACP(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "zero")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/zero").CombinedOutput(); err != nil {
		t.Fatalf("build zero: %v\n%s", err, out)
	}
	replay := filepath.Join(dir, "script.json")
	if err := os.WriteFile(replay, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	ws, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.WriteFile(filepath.Join(ws, "README.md"), []byte("# hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "acp", "--replay", replay)
	cmd.Dir = ws
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_DATA_HOME=" + filepath.Join(dir, "data")}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	c := acpclient.New(stdout, stdin)
	var answer, thought strings.Builder
	var calls, statuses []string
	c.OnUpdate = func(n acpv1.SessionNotification) {
		switch u := n.Update.Value.(type) {
		case *acpv1.AgentMessageChunk:
			if tc, ok := u.Content.Value.(*acpv1.TextContent); ok {
				answer.WriteString(tc.Text)
			}
		case *acpv1.AgentThoughtChunk:
			if tc, ok := u.Content.Value.(*acpv1.TextContent); ok {
				thought.WriteString(tc.Text)
			}
		case *acpv1.ToolCallStarted:
			calls = append(calls, string(u.Kind.V)+" "+u.Title)
		case *acpv1.ToolCallProgress:
			if s, ok := u.Status.Get(); ok && s.Valid {
				statuses = append(statuses, u.ToolCallID+"="+string(s.V))
			}
		}
	}
	var asked []string
	c.OnPermission = func(q acpv1.RequestPermissionRequest) string {
		asked = append(asked, q.ToolCall.ToolCallID)
		return "allow_once"
	}
	init, err := c.Initialize(acpv1.ClientCapabilities{})
	if err != nil {
		t.Fatal(err)
	}
	if init.ProtocolVersion != 1 || init.AgentInfo == nil || init.AgentInfo.Name != "zero" {
		t.Errorf("initialize: %+v", init)
	}
	id, err := c.NewSession(ws)
	if err != nil {
		t.Fatal(err)
	}
	reason, err := c.Prompt(id, "List the files and write notes.txt")
	if err != nil {
		t.Fatalf("prompt: %v\nstderr: %s", err, stderr.String())
	}
	if reason != acpv1.StopReasonEndTurn {
		t.Errorf("stop reason %s", reason)
	}
	if thought.String() != "Look first." || answer.String() != "Listing. \n\nDone: one file." {
		t.Errorf("thought %q, answer %q", thought.String(), answer.String())
	}
	if len(calls) != 2 || !strings.HasPrefix(calls[0], "read list_directory") || !strings.HasPrefix(calls[1], "edit write_file") {
		t.Errorf("tool calls %q", calls)
	}
	if strings.Join(statuses, ",") != "call_1=in_progress,call_1=completed,call_2=in_progress,call_2=completed" {
		t.Errorf("statuses %v", statuses)
	}
	if strings.Join(asked, ",") != "call_2" {
		t.Errorf("permission requests for %v, want call_2", asked)
	}
	if b, err := os.ReadFile(filepath.Join(ws, "notes.txt")); err != nil || string(b) != "hi\n" {
		t.Errorf("notes.txt: %q %v", b, err)
	}
	if _, err := c.Prompt("zero_nope", "x"); err == nil {
		t.Error("a prompt to an unknown session succeeded")
	} else if re, ok := err.(*acpclient.RPCError); !ok || re.Code != -32002 {
		t.Errorf("unknown session: %v", err)
	}
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("zero acp after stdin closed: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("zero acp did not exit after stdin closed")
	}
}
