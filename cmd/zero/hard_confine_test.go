package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// outsideSecret is the content of the file outside the workspace; no tool
// result may show it.
const outsideSecret = "TOP-SECRET-OUTSIDE-THE-WORKSPACE"

// outsideTree makes a directory next to the workspace holding secret.txt,
// and symlinks inside the workspace that lead to it. It returns the
// directory and a snapshot function of its contents.
func outsideTree(t *testing.T, z *zeroEnv) (string, func() string) {
	t.Helper()
	out := filepath.Join(filepath.Dir(z.ws), "outside")
	mustWrite(t, filepath.Join(out, "secret.txt"), outsideSecret+"\n")
	for link, target := range map[string]string{"link_file": "../outside/secret.txt", "link_dir": "../outside", "link_abs": out, "dangling": "../outside/nope.txt"} {
		if err := os.Symlink(target, filepath.Join(z.ws, link)); err != nil {
			t.Fatal(err)
		}
	}
	return out, func() string {
		var b strings.Builder
		filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			content, _ := os.ReadFile(path)
			fmt.Fprintf(&b, "%s %q\n", path, content)
			return nil
		})
		return b.String()
	}
}

// escapes returns paths that lead out of the workspace: to a file, and to
// a directory.
func escapes(out string) (files, dirs map[string]string) {
	long := strings.Repeat("a/", 2100) + "secret.txt"
	files = map[string]string{
		"dot-dot":                 "../outside/secret.txt",
		"dot-dot inside a path":   "docs/../../outside/secret.txt",
		"absolute":                filepath.Join(out, "secret.txt"),
		"absolute with dot-dot":   "/" + strings.Repeat("../", 20) + strings.TrimPrefix(filepath.Join(out, "secret.txt"), "/"),
		"symlink to a file":       "link_file",
		"symlink to a directory":  "link_dir/secret.txt",
		"absolute symlink":        "link_abs/secret.txt",
		"dangling symlink":        "dangling",
		"very long path":          long,
		"very long component":     strings.Repeat("x", 300) + "/secret.txt",
		"NUL byte":                "README.md\x00../outside/secret.txt",
		"home":                    "~/../outside/secret.txt",
		"backslashes":             `..\outside\secret.txt`,
		"proc root":               "/proc/self/root" + filepath.Join(out, "secret.txt"),
		"proc cwd of the process": "/proc/self/cwd/../outside/secret.txt",
	}
	dirs = map[string]string{
		"dot-dot":                "..",
		"dot-dot inside a path":  "docs/../..",
		"absolute":               out,
		"root":                   "/",
		"symlink to a directory": "link_dir",
		"absolute symlink":       "link_abs",
		"very long path":         strings.Repeat("a/", 2100),
		"proc cwd":               "/proc/self/cwd/..",
	}
	return files, dirs
}

// escapeCalls makes every file tool try every escape.
func escapeCalls(out string) (calls []pt.Call, names map[string]string) {
	files, dirs := escapes(out)
	names = map[string]string{}
	add := func(tool, kind string, args map[string]any) {
		b, _ := json.Marshal(args)
		id := fmt.Sprintf("call_%d", len(calls)+1)
		calls = append(calls, pt.Call{ID: id, Name: tool, Args: []string{string(b)}})
		names[id] = tool + " through " + kind
	}
	for kind, p := range files {
		add("read_file", kind, map[string]any{"path": p})
		add("write_file", kind, map[string]any{"path": p, "content": "pwned"})
		add("edit_file", kind, map[string]any{"path": p, "old_string": "TOP", "new_string": "pwned"})
		add("grep", kind, map[string]any{"pattern": "SECRET", "path": p})
		add("list_directory", kind, map[string]any{"path": p})
	}
	for kind, p := range dirs {
		add("list_directory", kind, map[string]any{"path": p})
		add("glob", kind, map[string]any{"pattern": "**", "path": p})
		add("grep", kind, map[string]any{"pattern": "SECRET", "path": p})
		add("write_file", kind, map[string]any{"path": p + "/new.txt", "content": "pwned"})
	}
	for _, pat := range []string{"../outside/*", "../**", "/**", "link_dir/*", "**/secret.txt"} {
		add("glob", "pattern "+pat, map[string]any{"pattern": pat})
	}
	add("grep", "symlinks while walking", map[string]any{"pattern": "SECRET"})
	return calls, names
}

// TestWorkspaceConfinement has the model try every way out of the
// workspace with every file tool, through the binary, in unsafe mode (no
// permission check stops the writes). Every call must fail or find
// nothing outside ("~/.." and "..\\" only look like escapes: they name
// directories inside), no result may show the outside file's content or
// path, and nothing outside the workspace may change.
func TestWorkspaceConfinement(t *testing.T) {
	z := newZeroEnv(t)
	out, snapshot := outsideTree(t, z)
	before := snapshot()
	calls, names := escapeCalls(out)
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(calls...)), pt.OpenAI.Stream(pt.Text("Stayed inside.")))
	evs, res := z.streamV2(0, "--skip-permissions-unsafe", "escape")
	results := find[*streamjsonv2.ToolResult](evs)
	if len(results) != len(calls) {
		t.Fatalf("%d results for %d calls", len(results), len(calls))
	}
	refused := 0
	for _, r := range results {
		what := names[string(r.ID)]
		if strings.Contains(r.Output, outsideSecret) || strings.Contains(r.Output, "secret.txt:") {
			t.Errorf("%s: shows the outside file: %.300q", what, r.Output)
		}
		switch {
		case r.Status == "error":
			refused++
		case strings.Contains(r.Output, "../") || strings.Contains(r.Output, out):
			t.Errorf("%s: shows a path outside: %.300q", what, r.Output)
		case strings.HasPrefix(what, "glob"), strings.HasPrefix(what, "grep"):
			// found nothing outside, or what the calls below wrote inside
		case strings.HasSuffix(what, " home"), strings.HasSuffix(what, " backslashes"):
			// "~" and "\" are ordinary name bytes: these stay inside
		default:
			t.Errorf("%s: status %s: %.300q", what, r.Status, r.Output)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("the outside directory changed:\n%s\nwas:\n%s", after, before)
	}
	if strings.Contains(res.stdout, outsideSecret) || strings.Contains(res.stderr, outsideSecret) {
		t.Error("the outside file's content reached stdout or stderr")
	}
	t.Logf("%d escape attempts, %d refused, the rest stayed inside", len(calls), refused)
	reportCase(t, "confine", "every file tool, every escape", map[string]any{"attempts": len(calls), "refused": refused})
}

// TestSymlinkSwapRace swaps a directory of the workspace for a symlink to
// the outside directory and back, as fast as it can, while the model reads
// and writes a file in it 100 times in one turn: the check-then-use race
// the tools close by opening through an os.Root. No read may show the
// outside file and no write may land outside.
func TestSymlinkSwapRace(t *testing.T) {
	z := newZeroEnv(t)
	out, snapshot := outsideTree(t, z)
	before := snapshot()
	real := filepath.Join(z.ws, "dir")
	mustWrite(t, filepath.Join(real, "secret.txt"), "inside content\n")
	link := filepath.Join(z.ws, "dir_link")
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	var calls []pt.Call
	for i := range 100 {
		calls = append(calls,
			pt.Call{ID: fmt.Sprintf("call_r%d", i), Name: "read_file", Args: []string{`{"path":"dir/secret.txt"}`}},
			pt.Call{ID: fmt.Sprintf("call_w%d", i), Name: "write_file", Args: []string{fmt.Sprintf(`{"path":"dir/new%d.txt","content":"pwned"}`, i)}},
			pt.Call{ID: fmt.Sprintf("call_e%d", i), Name: "edit_file", Args: []string{`{"path":"dir/secret.txt","old_string":"TOP","new_string":"pwned"}`}})
	}
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(calls...)), pt.OpenAI.Stream(pt.Text("done")))
	var stop atomic.Bool
	var swaps atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		parked := filepath.Join(z.ws, "parked")
		for !stop.Load() {
			// dir is the real directory: park it and put the link there.
			os.Rename(real, parked)
			os.Rename(link, real)
			time.Sleep(50 * time.Microsecond)
			os.Rename(real, link)
			os.Rename(parked, real)
			swaps.Add(1)
		}
	}()
	evs, _ := z.streamV2(0, "--skip-permissions-unsafe", "race")
	stop.Store(true)
	wg.Wait()
	inside, refused := 0, 0
	for _, r := range find[*streamjsonv2.ToolResult](evs) {
		switch {
		case strings.Contains(r.Output, outsideSecret):
			t.Errorf("%s read the outside file: %q", r.ID, r.Output)
		case r.Status == "error":
			refused++
		default:
			inside++
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("a write landed outside the workspace:\n%s\nwas:\n%s", after, before)
	}
	t.Logf("%d swaps; %d calls worked inside, %d were refused", swaps.Load(), inside, refused)
	reportCase(t, "confine", "symlink swapped in while 300 calls run", map[string]any{"swaps": swaps.Load(), "refused": refused, "inside": inside})
}
