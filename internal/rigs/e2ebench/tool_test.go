package e2ebench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// The tool turn: a bash call whose arguments stream in fragments of
// fragment, and whose command writes toolBytes bytes.
const (
	fragments = 10_000
	fragment  = ";:" // shell no-ops: the command stays valid however many
	toolBytes = 10 << 20
)

// toolTurn runs a turn whose call streams in many fragments and whose
// result is 10 MB, then a turn of text, and prints the figures.
func toolTurn(t *testing.T, d *pt.Dialect, reps int) {
	head := fmt.Sprintf(`{"command":"head -c %d /dev/zero | tr '\\0' a`, toolBytes)
	call := pt.Call{ID: "call_1", Name: "bash", Args: []string{head, fragment, `"}`}}
	name := d.Name() + " tool turn"
	f := best(reps, func(rep int) figures {
		srv := pt.NewServer(d.Bulk(pt.ToolCalls(call), fragment, fragments), d.Stream(pt.Text("done")))
		defer srv.Close()
		out := filepath.Join(t.TempDir(), "out")
		f := newEnv(t, d, srv).run(t, out, profilePath(t, name, fragments, rep == reps-1),
			"exec", "--provider", d.Name(), "-o", "stream-json", "--skip-permissions-unsafe", "bench")
		checkToolTurn(t, out, len(head)+fragments*len(fragment)+2)
		return f
	})
	fmt.Printf("%-28s %d argument fragments, %d MB of tool output: %.3f s, CPU %.3f s (bash included), peak RSS %.1f MB\n",
		name, fragments, toolBytes>>20, f.wall.Seconds(), f.cpu.Seconds(), float64(f.rss)/1e6)
}

// checkToolTurn checks that the call arrived with all its arguments and
// that its result is the tool's output, cut.
func checkToolTurn(t *testing.T, out string, argBytes int) {
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var call *streamjsonv2.ToolCall
	var res *streamjsonv2.ToolResult
	for line := range bytes.Lines(b) {
		var ev streamjsonv2.Output
		if err := ev.UnmarshalJSON(bytes.TrimSuffix(line, []byte("\n"))); err != nil {
			t.Fatalf("bad event %.200q: %v", line, err)
		}
		switch e := ev.Value.(type) {
		case *streamjsonv2.ToolCall:
			call = e
		case *streamjsonv2.ToolResult:
			res = e
		}
	}
	switch {
	case call == nil || res == nil:
		t.Fatalf("no tool_call or tool_result in the output:\n%.2000s", b)
	case len(call.Args) != argBytes:
		t.Fatalf("the call's arguments have %d bytes, want %d", len(call.Args), argBytes)
	case res.Status != streamjsonv2.ToolStatusOk || !res.Truncated || !strings.HasPrefix(res.Output, "aaaa"):
		t.Fatalf("tool_result status %s, truncated %v, output %.100q", res.Status, res.Truncated, res.Output)
	}
}
