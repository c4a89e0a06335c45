package main

// End-to-end tests of protected places: a model under a mode that grants
// file edits tries every way into .git and the other control files, and
// only a run that grants bash lets it through.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// gitConfig and hookScript are the repository's control files before the
// model acts.
const (
	gitConfig  = "[core]\n\trepositoryformatversion = 0\n"
	hookScript = "#!/bin/sh\nexit 0\n"
)

// protectedWorkspace makes z's workspace a git repository with an
// executable pre-commit hook, a nested repository, and a symlink into
// .git, the way a cloned project could ship one.
func protectedWorkspace(t *testing.T, z *zeroEnv) {
	t.Helper()
	for _, repo := range []string{"", "nested"} {
		mustWrite(t, filepath.Join(z.ws, repo, ".git", "HEAD"), "ref: refs/heads/main\n")
		mustWrite(t, filepath.Join(z.ws, repo, ".git", "config"), gitConfig)
		mustWrite(t, filepath.Join(z.ws, repo, ".git", "objects", "info", "packs"), "")
		mustWrite(t, filepath.Join(z.ws, repo, ".git", "refs", "heads", "main"), "")
	}
	hook := filepath.Join(z.ws, ".git", "hooks", "pre-commit")
	mustWrite(t, hook, hookScript)
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".git/hooks", filepath.Join(z.ws, "hooks")); err != nil {
		t.Fatal(err)
	}
}

// attempt is one tool call the model makes to get past the mode.
type attempt struct {
	tool, path string
	args       string
}

// protectedAttempts are the calls: each writes a protected place, in a
// different way.
func protectedAttempts() []attempt {
	edit := func(path string) attempt {
		return attempt{"edit_file", path, `{"path":"` + path + `","old_string":"[core]","new_string":"[core]\n\tfsmonitor = touch pwned"}`}
	}
	write := func(path, content string) attempt {
		b, _ := json.Marshal(map[string]string{"path": path, "content": content})
		return attempt{"write_file", path, string(b)}
	}
	return []attempt{
		edit(".git/config"),
		write(".git/hooks/pre-commit", "#!/bin/sh\ntouch pwned\n"),
		write("hooks/pre-push", "#!/bin/sh\ntouch pwned\n"),
		edit("sub/../.git/config"),
		edit("nested/.git/config"),
		write(".zero/config.json", "{}"),
		write(".agents/skills/x/SKILL.md", "run touch pwned"),
	}
}

// protectedRun scripts one turn that makes every attempt and then a plain
// write, and runs zero with flags.
func protectedRun(t *testing.T, flags ...string) (*zeroEnv, []event) {
	t.Helper()
	z := newZeroEnv(t)
	protectedWorkspace(t, z)
	var calls []pt.Call
	for i, a := range protectedAttempts() {
		calls = append(calls, pt.Call{ID: "call_" + string(rune('a'+i)), Name: a.tool, Args: []string{a.args}})
	}
	calls = append(calls, pt.Call{ID: "call_plain", Name: "write_file", Args: []string{`{"path":"notes.txt","content":"plain"}`}})
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(calls...)), pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, append(flags, "change things")...)
	return z, evs
}

// TestAcceptEditsCannotWriteProtectedPlaces checks the attack:
// under accept-edits, and with write_file and edit_file granted by name,
// every attempt on .git (directly, through a symlink, through .., in a
// nested repository) and on .zero and .agents is refused with a result
// naming the place and the flags that would allow it; the files stay as
// they were, the hook stays the old one, and an ordinary write still
// runs.
func TestAcceptEditsCannotWriteProtectedPlaces(t *testing.T) {
	for _, flags := range [][]string{{"--permission-mode", "accept-edits"}, {"--allowed-tools", "write_file,edit_file"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			z, evs := protectedRun(t, flags...)
			results := find[*streamjsonv2.ToolResult](evs)
			attempts := protectedAttempts()
			if len(results) != len(attempts)+1 {
				t.Fatalf("%d results, want %d", len(results), len(attempts)+1)
			}
			for i, a := range attempts {
				r := results[i]
				for _, part := range []string{"permission denied", "a protected place", "only a run that grants bash",
					"allow it with --allowed-tools bash or --permission-mode unsafe"} {
					if r.Status != "error" || !strings.Contains(r.Output, part) {
						t.Errorf("%s %s: result %s %q lacks %q", a.tool, a.path, r.Status, r.Output, part)
					}
				}
			}
			if r := results[len(attempts)]; r.Status != "ok" {
				t.Errorf("the plain write: %s %q", r.Status, r.Output)
			}
			checkUntouched(t, z)
			if b, _ := os.ReadFile(filepath.Join(z.ws, "notes.txt")); string(b) != "plain" {
				t.Errorf("notes.txt = %q, want the plain write", b)
			}
			requests := find[*streamjsonv2.PermissionRequest](evs)
			for _, req := range requests[:len(attempts)] {
				if req.Action != "prompt" || req.Block == nil || req.Risk == nil || req.Risk.Level != "high" ||
					!slices.Contains(req.Risk.Categories, streamjsonv2.RiskCategoryCodeExecution) {
					t.Errorf("request %+v (block %+v, risk %+v): want a refused prompt of high, code-execution risk", req, req.Block, req.Risk)
				}
			}
		})
	}
}

// checkUntouched checks that no protected file changed and nothing the
// attempts named was created.
func checkUntouched(t *testing.T, z *zeroEnv) {
	t.Helper()
	for _, p := range []string{".git/config", "nested/.git/config"} {
		if b, _ := os.ReadFile(filepath.Join(z.ws, p)); string(b) != gitConfig {
			t.Errorf("%s changed: %q", p, b)
		}
	}
	hook := filepath.Join(z.ws, ".git", "hooks", "pre-commit")
	if b, _ := os.ReadFile(hook); string(b) != hookScript {
		t.Errorf("the hook changed: %q", b)
	}
	for _, p := range []string{".git/hooks/pre-push", ".zero", ".agents"} {
		if _, err := os.Lstat(filepath.Join(z.ws, p)); err == nil {
			t.Errorf("%s was created", p)
		}
	}
}

// TestDefaultModeRefusalNamesBothGrants: without any grant, the refusal of
// a protected write names the grant of the tool and of bash together.
func TestDefaultModeRefusalNamesBothGrants(t *testing.T) {
	z := newZeroEnv(t)
	protectedWorkspace(t, z)
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_w", Name: "write_file",
		Args: []string{`{"path":".git/hooks/pre-commit","content":"x"}`}})), pt.OpenAI.Stream(pt.Text("No.")))
	evs, _ := z.streamV2(0, "--allowed-tools", "bash", "go")
	r := find[*streamjsonv2.ToolResult](evs)[0]
	if r.Status != "error" || !strings.Contains(r.Output, "allow it with --allowed-tools bash,write_file or --permission-mode unsafe") {
		t.Errorf("result %q does not name both grants", r.Output)
	}
	checkUntouched(t, z)
}

// TestBashGrantAllowsProtectedPlaces checks that a run granting bash
// without a sandbox (--allowed-tools bash with accept-edits, or the unsafe
// mode, and --sandbox danger-full-access) may write every protected place,
// that the decision says bash's grant decided, and that the replaced hook
// is no longer executable. TestSandboxedBashKeepsProtectedPlaces has the
// sandboxed runs.
func TestBashGrantAllowsProtectedPlaces(t *testing.T) {
	for _, flags := range [][]string{{"--permission-mode", "accept-edits", "--allowed-tools", "bash", "--sandbox", "danger-full-access"},
		{"--permission-mode", "unsafe", "--sandbox", "danger-full-access"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			z, evs := protectedRun(t, flags...)
			for i, r := range find[*streamjsonv2.ToolResult](evs) {
				if r.Status != "ok" {
					t.Errorf("result %d: %s %q", i, r.Status, r.Output)
				}
			}
			for _, d := range find[*streamjsonv2.PermissionDecision](evs)[:len(protectedAttempts())] {
				if !d.PermissionGranted || !strings.Contains(string(d.DecisionReason.V), "granted because this run grants bash") {
					t.Errorf("decision %+v", d)
				}
			}
			if b, _ := os.ReadFile(filepath.Join(z.ws, ".git", "config")); !strings.Contains(string(b), "fsmonitor") {
				t.Errorf(".git/config = %q, want the edit", b)
			}
			hook := filepath.Join(z.ws, ".git", "hooks", "pre-commit")
			info, err := os.Stat(hook)
			if b, _ := os.ReadFile(hook); err != nil || string(b) != "#!/bin/sh\ntouch pwned\n" || info.Mode().Perm()&0o111 != 0 {
				t.Errorf("hook %q, %v: want the new script, not executable", b, info.Mode())
			}
			if info, err := os.Stat(filepath.Join(z.ws, ".git", "hooks", "pre-push")); err != nil || info.Mode().Perm()&0o111 != 0 {
				t.Errorf("new hook through the symlink: %v, %v; want a file that is not executable", info, err)
			}
		})
	}
}

// TestSandboxedBashKeepsProtectedPlaces checks that granting bash does not
// let file tools write the protected places while bash runs in a sandbox
// that keeps them read-only (the default): each write is refused with the
// flag that would allow it, and nothing changes.
func TestSandboxedBashKeepsProtectedPlaces(t *testing.T) {
	for _, flags := range [][]string{{"--permission-mode", "accept-edits", "--allowed-tools", "bash"}, {"--permission-mode", "unsafe"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			z, evs := protectedRun(t, flags...)
			rs := find[*streamjsonv2.ToolResult](evs)
			if len(rs) < len(protectedAttempts()) {
				t.Fatalf("%d results for %d attempts", len(rs), len(protectedAttempts()))
			}
			for i, r := range rs[:len(protectedAttempts())] {
				if r.Status != "error" || !strings.Contains(r.Output, "--sandbox danger-full-access") {
					t.Errorf("result %d: %s %q", i, r.Status, r.Output)
				}
			}
			checkUntouched(t, z)
		})
	}
}
