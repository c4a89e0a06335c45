package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/acpclient"
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestACPAsksForProtectedPlaces drives `zero acp --permission-mode
// accept-edits` with the Go ACP client against the fake OpenAI server: an
// ordinary write runs without a question, while writes to .git are put to
// the editor with only this-once options and a title naming the place; a
// rejection leaves .git/config alone and an approval replaces the hook,
// which is then no longer executable.
func TestACPAsksForProtectedPlaces(t *testing.T) {
	z := newZeroEnv(t)
	protectedWorkspace(t, z)
	o := pt.OpenAI
	z.serve(o,
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_1", Name: "write_file", Args: []string{`{"path":"notes.txt","content":"plain"}`}})),
		o.Stream(pt.Text("Wrote notes.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_2", Name: "edit_file",
			Args: []string{`{"path":".git/config","old_string":"[core]","new_string":"[core]\n\tfsmonitor = touch pwned"}`}})),
		o.Stream(pt.Text("Tried the config.")),
		o.Stream(pt.ToolCalls(pt.Call{ID: "call_3", Name: "write_file", Args: []string{`{"path":"hooks/pre-commit","content":"#!/bin/sh\necho new\n"}`}})),
		o.Stream(pt.Text("Replaced the hook.")),
	)
	cmd := exec.Command(zeroBin, "acp", "--permission-mode", "accept-edits")
	cmd.Dir, cmd.Env = z.ws, z.environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	c := acpclient.New(stdout, stdin)
	var asked []acpv1.RequestPermissionRequest
	answers := []string{"reject_once", "allow_once"}
	c.OnPermission = func(q acpv1.RequestPermissionRequest) string {
		asked = append(asked, q)
		if len(asked) > len(answers) {
			return ""
		}
		return answers[len(asked)-1]
	}
	if _, err := c.Initialize(acpv1.ClientCapabilities{}); err != nil {
		t.Fatal(err)
	}
	ws, _ := filepath.EvalSymlinks(z.ws)
	sid, err := c.NewSession(ws)
	if err != nil {
		t.Fatal(err)
	}
	for _, prompt := range []string{"write notes", "edit the git config", "replace the hook"} {
		if reason, err := c.Prompt(sid, prompt); err != nil || reason != acpv1.StopReasonEndTurn {
			t.Fatalf("prompt %q: %s, %v\n%s", prompt, reason, err, stderr.String())
		}
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("zero acp: %v\n%s", err, stderr.String())
	}

	if len(asked) != 2 {
		t.Fatalf("the editor was asked %d times, want 2 (the two protected writes, not the plain one)", len(asked))
	}
	for i, want := range []string{".git/config", ".git/hooks/pre-commit"} {
		var ids []string
		for _, opt := range asked[i].Options {
			ids = append(ids, opt.OptionID)
		}
		title := asked[i].ToolCall.Title.V.V
		if strings.Join(ids, ",") != "allow_once,reject_once" || !strings.Contains(title, "in .git, a protected place") {
			t.Errorf("question %d: options %v, title %q; want this-once options and the place", i+1, ids, title)
		}
		if i == 0 && !strings.Contains(title, want) {
			t.Errorf("question 1: title %q does not name %s", title, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(z.ws, "notes.txt")); string(b) != "plain" {
		t.Errorf("notes.txt = %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(z.ws, ".git", "config")); string(b) != gitConfig {
		t.Errorf(".git/config changed after a rejection: %q", b)
	}
	hook := filepath.Join(z.ws, ".git", "hooks", "pre-commit")
	info, err := os.Stat(hook)
	if b, _ := os.ReadFile(hook); err != nil || string(b) != "#!/bin/sh\necho new\n" || info.Mode().Perm()&0o111 != 0 {
		t.Errorf("hook %q, mode %v, %v: want the approved script, not executable", b, info.Mode(), err)
	}
}
