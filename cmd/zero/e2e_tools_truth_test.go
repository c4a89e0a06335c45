package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// toolCalls has the fake OpenAI server ask for the calls (name, JSON
// arguments) in one turn and then answer "done"; it returns the results in
// the order of the calls. The run may write files.
func (z *zeroEnv) toolCalls(calls ...[2]string) []*streamjsonv2.ToolResult {
	z.t.Helper()
	var cs []pt.Call
	for i, c := range calls {
		cs = append(cs, pt.Call{ID: "call_" + string(rune('a'+i)), Name: c[0], Args: []string{c[1]}})
	}
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(cs...)), pt.OpenAI.Stream(pt.Text("done")))
	evs, _ := z.streamV2(0, "--skip-permissions-unsafe", "use the tools")
	results := find[*streamjsonv2.ToolResult](evs)
	if len(results) != len(calls) {
		z.t.Fatalf("%d results for %d calls: %s", len(results), len(calls), types(evs))
	}
	return results
}

// args encodes tool arguments.
func args(t *testing.T, v map[string]any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGrepTellsTheTruth: grep through the built binary matches whole long
// lines, never matches its own clipping note, names a file it skipped for
// size, and leaves out what .gitignore excludes (saying so).
func TestGrepTellsTheTruth(t *testing.T) {
	z := newZeroEnv(t)
	mustWrite(t, filepath.Join(z.ws, "app.min.js"), strings.Repeat("var a=1;", 1000)+"needle();\n")
	mustWrite(t, filepath.Join(z.ws, "ys.txt"), strings.Repeat("y", 5000)+"\n")
	mustWrite(t, filepath.Join(z.ws, "big.log.txt"), strings.Repeat("z", 9<<20))
	mustWrite(t, filepath.Join(z.ws, ".gitignore"), "node_modules/\n")
	mustWrite(t, filepath.Join(z.ws, "node_modules", "dep", "index.js"), "needle();\n")
	rs := z.toolCalls(
		[2]string{"grep", `{"pattern":"needle"}`},
		[2]string{"grep", `{"pattern":"y$"}`},
		[2]string{"grep", `{"pattern":"truncated"}`},
		[2]string{"grep", `{"pattern":"z","path":"big.log.txt"}`},
	)
	if out := rs[0].Output; !strings.HasPrefix(out, "app.min.js:1:…") || !strings.Contains(out, "needle();") ||
		strings.Contains(out, "node_modules/dep") || !strings.Contains(out, "[1 path excluded by .gitignore not searched") ||
		!strings.Contains(out, "[not searched: big.log.txt: 9437184 bytes, over grep's limit of 8388608 bytes") {
		t.Errorf("needle: %q", out)
	}
	if out := rs[1].Output; !strings.HasPrefix(out, "ys.txt:1:…") {
		t.Errorf("y$: %q", out)
	}
	if out := rs[2].Output; !strings.HasPrefix(out, "[no matches for truncated") {
		t.Errorf("truncated: %q", out)
	}
	if out := rs[3].Output; !strings.Contains(out, "[not searched: big.log.txt:") || !rs[3].Truncated {
		t.Errorf("named big file: %+v", rs[3])
	}
}

// TestCRLFEditThroughTheBinary: the model reads a CRLF file, copies a line
// pair with LF endings into edit_file, and the edit lands in CRLF; write_file
// keeps CRLF too; glob takes braces; write_file on "." says directory.
func TestCRLFEditThroughTheBinary(t *testing.T) {
	z := newZeroEnv(t)
	mustWrite(t, filepath.Join(z.ws, "win.txt"), "alpha\r\nbeta\r\ngamma\r\n")
	mustWrite(t, filepath.Join(z.ws, "keep.txt"), "one\r\ntwo\r\n")
	rs := z.toolCalls(
		[2]string{"read_file", `{"path":"win.txt"}`},
		[2]string{"edit_file", args(t, map[string]any{"path": "win.txt", "old_string": "alpha\nbeta\n", "new_string": "ALPHA\nBETA\n"})},
		[2]string{"write_file", args(t, map[string]any{"path": "keep.txt", "content": "uno\ndos\n"})},
		[2]string{"glob", `{"pattern":"*.{txt,md}"}`},
		[2]string{"write_file", `{"path":".","content":"x"}`},
	)
	if out := rs[0].Output; out != "     1\talpha\n     2\tbeta\n     3\tgamma\n" {
		t.Errorf("read_file: %q", out)
	}
	if rs[1].Status != "ok" {
		t.Errorf("edit_file: %+v", rs[1])
	}
	if b, _ := os.ReadFile(filepath.Join(z.ws, "win.txt")); string(b) != "ALPHA\r\nBETA\r\ngamma\r\n" {
		t.Errorf("win.txt = %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(z.ws, "keep.txt")); string(b) != "uno\r\ndos\r\n" || !strings.Contains(rs[2].Output, "CRLF line endings kept") {
		t.Errorf("keep.txt = %q, %q", b, rs[2].Output)
	}
	if out := rs[3].Output; out != "README.md\nkeep.txt\nwin.txt\n" {
		t.Errorf("glob: %q", out)
	}
	if r := rs[4]; r.Status != "error" || !strings.Contains(r.Output, ". is a directory") {
		t.Errorf("write_file .: %+v", r)
	}
}
