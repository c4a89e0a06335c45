package tools

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// gitRepoFiles is a workspace that is a git repository with a hook, a
// nested repository, a submodule-style .git file pointing into a git
// directory inside the workspace, and ordinary files.
var gitRepoFiles = map[string]string{
	".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n",
	".git/objects/": "", ".git/refs/": "", ".git/hooks/pre-commit": "#!/bin/sh\nexit 0\n",
	"nested/.git/HEAD": "ref: refs/heads/main\n", "nested/.git/config": "", "nested/.git/objects/": "", "nested/.git/refs/": "",
	"store/wt.git/HEAD": "ref: refs/heads/x\n", "store/wt.git/commondir": "../../.git\n", "store/wt.git/config": "",
	"wt/.git":       "gitdir: ../store/wt.git\n",
	"bare.git/HEAD": "ref: refs/heads/main\n", "bare.git/objects/": "", "bare.git/refs/": "", "bare.git/config": "",
	"src/main.go": "package main\n", "docs/git.md": "about .git\n", "HEAD.txt": "",
}

// TestProtected checks which paths are protected, under which name, for
// paths written every way the model could write them.
func TestProtected(t *testing.T) {
	ws, _ := newTestWorkspace(t, gitRepoFiles)
	root := ws.Root()
	symlink(t, ".git", filepath.Join(root, "gitlink"))
	symlink(t, ".git/config", filepath.Join(root, "cfg"))
	symlink(t, "../.git/hooks", filepath.Join(root, "src/hooks"))
	tests := []struct{ path, want string }{
		{".git/config", ".git"},
		{".git/hooks/pre-commit", ".git"},
		{".git/hooks/new-hook", ".git"},
		{".git", ".git"},
		{root + "/.git/config", ".git"},
		{"sub/../.git/config", ".git"},
		{"./.git/./config", ".git"},
		{"src/../.git/hooks/post-checkout", ".git"},
		{"gitlink/config", ".git"},
		{"cfg", ".git"},
		{"src/hooks/pre-push", ".git"},
		{"nested/.git/config", "nested/.git"},
		{"deep/new/repo/.git/config", "deep/new/repo/.git"},
		{"wt/.git", "wt/.git"},
		{"store/wt.git/config", "store/wt.git"},
		{"bare.git/hooks/pre-receive", "bare.git"},
		{".GIT/config", ".GIT"},
		{".Git\u200c/config", ".Git\u200c"},
		{".zero/config.json", ".zero"},
		{".agents/skills/x/SKILL.md", ".agents"},
		{"web/.husky/pre-commit", "web/.husky"},
		{".vscode/tasks.json", ".vscode"},
		{".envrc", ".envrc"},
		{"pkg/.envrc", "pkg/.envrc"},
		{".pre-commit-config.yaml", ".pre-commit-config.yaml"},
		{".claude/settings.json", ".claude"},
		{".mcp.json", ".mcp.json"},
		{".bashrc", ".bashrc"},
	}
	for _, tt := range tests {
		p, ok := ws.Protected(tt.path)
		if !ok || p.Path != tt.want || p.Why == "" {
			t.Errorf("Protected(%q) = %+v, %v; want protected as %s", tt.path, p, ok, tt.want)
		}
	}
	for _, path := range []string{"src/main.go", "docs/git.md", "HEAD.txt", "git/config", ".github/workflows/ci.yml",
		"src/.gitignore", ".gitignore", "nested/README.md", "wt/main.go", "store/other.txt", "my.git/config"} {
		if p, ok := ws.Protected(path); ok {
			t.Errorf("Protected(%q) = %+v, want not protected", path, p)
		}
	}
}

// TestProtectedHooksPath checks that the directory core.hooksPath names,
// relative to the top of the work tree, is protected, in the repository
// and in a linked worktree that shares its config.
func TestProtectedHooksPath(t *testing.T) {
	files := map[string]string{
		".git/HEAD": "ref: refs/heads/main\n", ".git/objects/": "", ".git/refs/": "",
		".git/config":               "[core]\n\tbare = false\n[remote \"origin\"]\n\thooksPath = remote-is-not-core\n[Core]\n\tHooksPath = \"tools/githooks\"\n",
		"tools/githooks/pre-commit": "#!/bin/sh\n", "tools/build.sh": "", "remote-is-not-core/x": "",
	}
	ws, _ := newTestWorkspace(t, files)
	if p, ok := ws.Protected("tools/githooks/pre-commit"); !ok || p.Path != "tools/githooks" || p.Why != whyHooks {
		t.Errorf("hook: %+v, %v", p, ok)
	}
	for _, path := range []string{"tools/build.sh", "remote-is-not-core/x"} {
		if p, ok := ws.Protected(path); ok {
			t.Errorf("%s: %+v, want not protected", path, p)
		}
	}
}

func TestConfigValue(t *testing.T) {
	text := "[core]\n\thooksPath = one\n[core \"sub\"]\n\thooksPath = sub\n[user]\n\thooksPath = user\n[core]\nhookspath=\"two\"\n"
	if v, ok := configValue(text, "core", "hookspath"); !ok || v != "two" {
		t.Errorf("configValue = %q, %v; want the last core value, two", v, ok)
	}
	if v, ok := configValue("[core]\n\tbare = false\n", "core", "hookspath"); ok {
		t.Errorf("configValue found %q in a config without it", v)
	}
}

// TestWriteProtectedRefused checks that write_file and edit_file refuse a
// protected path without an approval, saying where and why, and leave the
// file as it was.
func TestWriteProtectedRefused(t *testing.T) {
	ws, _ := newTestWorkspace(t, gitRepoFiles)
	symlink(t, ".git", filepath.Join(ws.Root(), "gitlink"))
	for _, path := range []string{".git/config", "gitlink/config", "sub/../.git/config", "nested/.git/config"} {
		wantError(t, call(WriteFile(ctx, ws, path, "[core]\n\tfsmonitor = touch pwned\n")),
			"a protected place (git runs the commands its config names")
		wantError(t, call(EditFile(ctx, ws, path, "[core]", "[core]\n\tpager = touch pwned")), "this call was not approved")
	}
	wantError(t, call(WriteFile(ctx, ws, ".git/hooks/pre-commit", "#!/bin/sh\ntouch pwned\n")), "refused to write .git/hooks/pre-commit: it is in .git")
	wantError(t, call(WriteFile(ctx, ws, ".git/hooks/post-checkout", "#!/bin/sh\n")), "refused to write")
	if got := readBack(t, filepath.Join(ws.Root(), ".git/config")); got != gitRepoFiles[".git/config"] {
		t.Errorf(".git/config changed: %q", got)
	}
	if _, err := os.Lstat(filepath.Join(ws.Root(), ".git/hooks/post-checkout")); err == nil {
		t.Error("a refused write created .git/hooks/post-checkout")
	}
}

// TestWriteProtectedApproved checks that an approval for a path lets the
// write through, that the approval holds for that path only, and that a
// hook replaced there is no longer executable while a file elsewhere
// keeps its mode.
func TestWriteProtectedApproved(t *testing.T) {
	ws, _ := newTestWorkspace(t, gitRepoFiles)
	hook := filepath.Join(ws.Root(), ".git/hooks/pre-commit")
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	p, ok := ws.Protected(".git/hooks/pre-commit")
	if !ok {
		t.Fatal("the hook is not protected")
	}
	approvedCtx := ApproveProtected(ctx, p)
	wantError(t, call(WriteFile(approvedCtx, ws, ".git/config", "x")), "not approved")
	wantOK(t, call(WriteFile(approvedCtx, ws, ".git/hooks/pre-commit", "#!/bin/sh\necho new\n")))
	if info, err := os.Stat(hook); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("replaced hook: %v, %v; want mode 0644", info.Mode(), err)
	}
	if got := readBack(t, hook); got != "#!/bin/sh\necho new\n" {
		t.Errorf("hook holds %q", got)
	}
	if err := os.Chmod(hook, 0o750); err != nil {
		t.Fatal(err)
	}
	wantOK(t, call(EditFile(approvedCtx, ws, ".git/hooks/pre-commit", "echo new", "echo edited")))
	if info, _ := os.Stat(hook); info.Mode().Perm() != 0o640 {
		t.Errorf("edited hook: mode %v, want 0640", info.Mode())
	}
	np, _ := ws.Protected(".git/hooks/post-merge")
	wantOK(t, call(WriteFile(ApproveProtected(ctx, np), ws, ".git/hooks/post-merge", "#!/bin/sh\n")))
	if info, _ := os.Stat(filepath.Join(ws.Root(), ".git/hooks/post-merge")); info.Mode().Perm()&0o111 != 0 {
		t.Errorf("a new hook is executable: %v", info.Mode())
	}
}

// TestEditFileKeepsModeOutsideProtected: an ordinary executable script
// stays executable after an edit.
func TestEditFileKeepsModeOutsideProtected(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{"build.sh": "#!/bin/sh\necho a\n"})
	p := filepath.Join(ws.Root(), "build.sh")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	wantOK(t, call(EditFile(ctx, ws, "build.sh", "echo a", "echo b")))
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o755 {
		t.Errorf("mode = %v, want 0755", info.Mode())
	}
}

// TestProtectedFIFOConfig: a FIFO where a repository's config would be
// does not hang the check (it is skipped like a missing config).
func TestProtectedFIFOConfig(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/commondir": "", "src/a.go": ""})
	if err := syscall.Mkfifo(filepath.Join(ws.Root(), ".git", "config"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan bool)
	go func() {
		_, ok := ws.Protected("src/a.go")
		done <- ok
	}()
	select {
	case ok := <-done:
		if ok {
			t.Error("src/a.go is protected")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Protected hung on a FIFO config")
	}
}
