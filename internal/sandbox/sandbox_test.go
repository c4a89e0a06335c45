package sandbox

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"": WorkspaceWrite, "read-only": ReadOnly,
		"workspace-write": WorkspaceWrite, "danger-full-access": DangerFullAccess} {
		if got, err := ParseMode(in); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseMode("full"); err == nil || !strings.Contains(err.Error(), "danger-full-access") {
		t.Errorf("ParseMode(full) error = %v", err)
	}
}

// TestFailClosed checks that a program that cannot be its own helper (this
// test binary) refuses to confine, naming the flag that runs commands
// without a sandbox, and that danger-full-access needs no helper.
func TestFailClosed(t *testing.T) {
	for _, mode := range []Mode{ReadOnly, WorkspaceWrite} {
		s := New(Settings{Mode: mode}, Options{Workspace: t.TempDir()})
		if s.Err() == nil || !strings.Contains(s.Err().Error(), "--sandbox danger-full-access") {
			t.Errorf("%s: Err() = %v, want a refusal naming --sandbox danger-full-access", mode, s.Err())
		}
		if _, err := s.Command(t.TempDir(), "true", nil); err == nil {
			t.Errorf("%s: Command succeeded without a helper", mode)
		}
		if s.Mechanism() != None {
			t.Errorf("%s: mechanism %s", mode, s.Mechanism())
		}
	}
	s := New(Settings{Mode: DangerFullAccess}, Options{Workspace: t.TempDir()})
	if s.Err() != nil || !s.Network() {
		t.Errorf("danger-full-access: Err() = %v, Network() = %v", s.Err(), s.Network())
	}
	cmd, err := s.Command(t.TempDir(), "echo hi", nil)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := cmd.Output(); err != nil || string(out) != "hi\n" {
		t.Errorf("danger-full-access ran %q, %v", out, err)
	}
	if s := New(Settings{Mode: WorkspaceWrite}, Options{Getenv: func(string) string { return "bogus" }}); s.Err() == nil ||
		!strings.Contains(s.Err().Error(), ForceEnv) {
		t.Errorf("a bad %s is accepted: %v", ForceEnv, s.Err())
	}
}

// TestRoots checks the writable roots and protected entries of
// workspace-write: resolved, nested roots folded into the outer one,
// protected entries found through a symlink, and none in read-only mode.
func TestRoots(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ws := filepath.Join(base, "ws")
	extra := filepath.Join(base, "extra")
	realGit := filepath.Join(extra, "gitdir")
	for _, d := range []string{ws, filepath.Join(ws, ".zero"), realGit, filepath.Join(ws, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(realGit, filepath.Join(ws, ".git")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(ws, filepath.Join(base, "wslink")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Workspace: filepath.Join(base, "wslink"), Env: []string{"TMPDIR=" + filepath.Join(ws, "sub")}}
	roots := writableRoots(opts, []string{extra})
	for _, want := range []string{ws, extra, filepath.Join(ws, "sub")} {
		if !slices.Contains(roots, want) {
			t.Errorf("roots %v lack %s", roots, want)
		}
	}
	// The test's temp dir lies in /tmp, another root: leave it out.
	mine := []string{ws, filepath.Join(ws, "sub"), extra}
	out := outermost(mine)
	if !slices.Equal(out, []string{extra, ws}) {
		t.Errorf("outermost(%v) = %v", mine, out)
	}
	if got := outermost(roots); !slices.Contains(got, "/tmp") || slices.Contains(got, ws) {
		t.Errorf("outermost(%v) = %v, want the workspace folded into /tmp", roots, got)
	}
	prot := protectedEntries(roots)
	for _, want := range []string{filepath.Join(ws, ".zero"), realGit} {
		if !slices.Contains(prot, want) {
			t.Errorf("protected %v lack %s", prot, want)
		}
	}
	if got := unprotected(spec{Writable: out, Protected: prot}); len(got) != 0 {
		t.Errorf("unprotected = %v, want none: each entry is directly in a root", got)
	}
	if got := unprotected(spec{Writable: []string{base}, Protected: prot}); !slices.Equal(got, prot) {
		t.Errorf("unprotected = %v, want %v: a root around the workspace cannot keep them", got, prot)
	}
	s := &Sandbox{settings: Settings{Mode: ReadOnly}}
	if len(s.Writable()) != 0 {
		t.Errorf("read-only has writable roots %v", s.Writable())
	}
}

// TestExplain checks which outputs count as a block, and that the first
// block in the output wins.
func TestExplain(t *testing.T) {
	ns := &Sandbox{settings: Settings{Mode: WorkspaceWrite}, mech: Namespaces, spec: spec{Writable: []string{"/ws"}}}
	ll := &Sandbox{settings: Settings{Mode: WorkspaceWrite}, mech: Landlock, spec: spec{Writable: []string{"/ws"}}}
	ro := &Sandbox{settings: Settings{Mode: ReadOnly}, mech: Namespaces}
	net := &Sandbox{settings: Settings{Mode: WorkspaceWrite, Network: true}, mech: Namespaces}
	danger := &Sandbox{settings: Settings{Mode: DangerFullAccess}}
	cases := []struct {
		name   string
		s      *Sandbox
		out    string
		code   string
		reason string
	}{
		{"read-only file system", ns, "bash: /etc/x: Read-only file system\n", CodeWrite, "--add-dir DIR"},
		{"go's message", ns, "open /etc/x: read-only file system\n", CodeWrite, "--sandbox danger-full-access"},
		{"read-only mode", ro, "touch: cannot touch 'x': Read-only file system\n", CodeWrite, "--sandbox workspace-write"},
		{"socket", ns, "bash: socket: Address family not supported by protocol\n", CodeNetwork, "--sandbox-network"},
		{"socket allowed", net, "bash: socket: Address family not supported by protocol\n", "", ""},
		{"first block wins", ns, "socket: Address family not supported by protocol\nx: Read-only file system\n", CodeNetwork, ""},
		{"permission denied under namespaces", ns, "cat: x: Permission denied\n", "", ""},
		{"permission denied under Landlock", ll, "bash: x: Permission denied\n", CodeWrite, "may have blocked"},
		{"setup failure", ns, setupFailedPrefix + "mount /proc: EPERM\n", CodeUnavailable, "danger-full-access"},
		{"nothing", ns, "all fine\n", "", ""},
		{"no sandbox", danger, "x: Read-only file system\n", "", ""},
	}
	for _, c := range cases {
		b := c.s.Explain(c.out)
		switch {
		case c.code == "" && b != nil:
			t.Errorf("%s: block %+v, want none", c.name, b)
		case c.code != "" && (b == nil || b.Code != c.code || !strings.Contains(b.Reason, c.reason)):
			t.Errorf("%s: block %+v, want code %s with %q", c.name, b, c.code, c.reason)
		}
	}
}
