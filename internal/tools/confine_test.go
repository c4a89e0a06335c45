package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolsRefuseEscapes runs every file tool against every way out of
// the root and checks each is an error result that leaves outside alone.
func TestToolsRefuseEscapes(t *testing.T) {
	ws, outside := newTestWorkspace(t, map[string]string{"a/b.txt": "x\n"})
	root := ws.Root()
	symlink(t, outside, filepath.Join(root, "out"))
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(root, "outfile"))
	paths := []string{
		"../outside/secret.txt",
		"a/../../outside/secret.txt",
		outside + "/secret.txt",
		"out/secret.txt",
		"outfile",
		"out/dir/new.txt",
		strings.Repeat("z", 300),
	}
	for _, p := range paths {
		t.Run(p[:min(len(p), 40)], func(t *testing.T) {
			wantError(t, call(ReadFile(ctx, ws, p, 0, 0)))
			wantError(t, call(ListDirectory(ctx, ws, p)))
			wantError(t, call(Glob(ctx, ws, "*", p)))
			wantError(t, call(Grep(ctx, ws, "secret", p, "", false, 0)))
			wantError(t, call(WriteFile(ctx, ws, p, "pwned")))
			wantError(t, call(EditFile(ctx, ws, p, "outside", "pwned")))
		})
	}
	if got := readBack(t, filepath.Join(outside, "secret.txt")); got != "outside secret\n" {
		t.Errorf("outside file changed to %q", got)
	}
	if _, err := os.Stat(filepath.Join(outside, "dir", "new.txt")); err == nil {
		t.Error("a file was created outside the workspace")
	}
}

// TestWalksDoNotFollowSymlinksOut checks that glob and grep over the root
// never report what a symlink leading outside points at.
func TestWalksDoNotFollowSymlinksOut(t *testing.T) {
	ws, outside := newTestWorkspace(t, map[string]string{"in.txt": "inside\n"})
	symlink(t, outside, filepath.Join(ws.Root(), "out"))
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(ws.Root(), "outfile.txt"))
	if got := wantOK(t, call(Grep(ctx, ws, "secret", "", "", false, 0))); strings.Contains(got, "outside secret") {
		t.Errorf("grep followed a symlink out: %q", got)
	}
	if got := wantOK(t, call(Glob(ctx, ws, "**/*.txt", ""))); strings.Contains(got, "secret.txt") {
		t.Errorf("glob followed a symlink out: %q", got)
	}
}

// swapDirForSymlink returns a hook that, between Resolve and the open,
// replaces root/dir with a symlink to outside/dir, as a racing process
// could. It restores the hook when the test ends.
func swapDirForSymlink(t *testing.T, ws *Workspace, outside string) {
	t.Helper()
	testHookBeforeOpen = func(string) {
		dir := filepath.Join(ws.Root(), "dir")
		if err := os.Rename(dir, dir+".moved"); err != nil {
			t.Errorf("swap: %v", err)
		}
		symlink(t, filepath.Join(outside, "dir"), dir)
		testHookBeforeOpen = nil
	}
	t.Cleanup(func() { testHookBeforeOpen = nil })
}

// swapFileForSymlink is swapDirForSymlink for the final component.
func swapFileForSymlink(t *testing.T, ws *Workspace, outside string) {
	t.Helper()
	testHookBeforeOpen = func(real string) {
		if err := os.Remove(real); err != nil {
			t.Errorf("swap: %v", err)
		}
		symlink(t, filepath.Join(outside, "dir", "secret.txt"), real)
		testHookBeforeOpen = nil
	}
	t.Cleanup(func() { testHookBeforeOpen = nil })
}

func TestSymlinkSwappedAfterResolve(t *testing.T) {
	tools := []struct {
		name string
		run  func(ws *Workspace) outcome
	}{
		{"read", func(ws *Workspace) outcome { return call(ReadFile(ctx, ws, "dir/secret.txt", 0, 0)) }},
		{"write", func(ws *Workspace) outcome { return call(WriteFile(ctx, ws, "dir/secret.txt", "pwned")) }},
		{"create", func(ws *Workspace) outcome { return call(WriteFile(ctx, ws, "dir/new.txt", "pwned")) }},
		{"edit", func(ws *Workspace) outcome { return call(EditFile(ctx, ws, "dir/secret.txt", "inside", "pwned")) }},
		{"list", func(ws *Workspace) outcome { return call(ListDirectory(ctx, ws, "dir")) }},
	}
	swaps := map[string]func(*testing.T, *Workspace, string){
		"parent": swapDirForSymlink,
		"final":  swapFileForSymlink,
	}
	for swapName, swap := range swaps {
		for _, tool := range tools {
			if swapName == "final" && (tool.name == "create" || tool.name == "list") {
				continue
			}
			t.Run(swapName+"/"+tool.name, func(t *testing.T) {
				ws, outside := newTestWorkspace(t, map[string]string{"dir/secret.txt": "inside\n"})
				swap(t, ws, outside)
				o := tool.run(ws)
				if testHookBeforeOpen != nil {
					t.Fatal("the tool never reached the open")
				}
				t.Logf("%s", o.res.Output)
				wantError(t, o)
				if strings.Contains(o.res.Output, "outside secret") {
					t.Errorf("output leaked the outside file: %q", o.res.Output)
				}
				if got := readBack(t, filepath.Join(outside, "dir", "secret.txt")); got != "outside secret\n" {
					t.Errorf("outside file changed to %q", got)
				}
				if _, err := os.Stat(filepath.Join(outside, "dir", "new.txt")); err == nil {
					t.Error("a file was created outside the workspace")
				}
			})
		}
	}
}

func TestVerifyOpenedRefusesOutside(t *testing.T) {
	ws, outside := newTestWorkspace(t, nil)
	f, err := os.Open(filepath.Join(outside, "secret.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := ws.verifyOpened(f, filepath.Join(ws.Root(), "secret.txt")); err == nil {
		t.Error("verifyOpened accepted a file outside the root")
	}
}

func TestSameFileFallback(t *testing.T) {
	ws, outside := newTestWorkspace(t, map[string]string{"in.txt": "x"})
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(ws.Root(), "link"))
	f, err := os.Open(filepath.Join(outside, "secret.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, name := range []string{"in.txt", "link", "missing"} {
		if err := sameFile(f, filepath.Join(ws.Root(), name)); err == nil {
			t.Errorf("sameFile(outside file, %s) = nil, want error", name)
		}
	}
	in, err := os.Open(filepath.Join(ws.Root(), "in.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := sameFile(in, filepath.Join(ws.Root(), "in.txt")); err != nil {
		t.Errorf("sameFile(in.txt, in.txt) = %v", err)
	}
}
