package e2ebench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// sandboxCalls is how many `bash -c true` calls one measured run makes.
const sandboxCalls = 100

// TestSandboxStart measures what bash's sandbox costs a command: zero exec
// runs whose model calls `true` sandboxCalls times in one turn, without a
// sandbox (danger-full-access, where bash runs under its reaper, another
// zero process), with the namespaces and with Landlock alone. The
// difference per call from the run without a sandbox is what starting a
// sandboxed command costs over an unsandboxed one.
func TestSandboxStart(t *testing.T) {
	skipUnlessBench(t)
	reps := benchReps(t)
	fmt.Printf("bash -c true through zero exec, %d calls a run, best of %d runs\n", sandboxCalls, reps)
	var calls []pt.Call
	for i := range sandboxCalls {
		calls = append(calls, pt.Call{ID: fmt.Sprintf("call_%d", i), Name: "bash", Args: []string{`{"command":"true"}`}})
	}
	var base figures
	for _, c := range []struct{ name, mode, force string }{
		{"no sandbox (reaper)", "danger-full-access", ""},
		{"namespaces + seccomp", "workspace-write", "namespaces"},
		{"Landlock + seccomp", "workspace-write", "landlock"},
	} {
		f := best(reps, func(int) figures {
			srv := pt.NewServer(pt.OpenAI.Stream(pt.ToolCalls(calls...)), pt.OpenAI.Stream(pt.Text("done")))
			defer srv.Close()
			e := newEnv(t, pt.OpenAI, srv)
			if c.force != "" {
				e.vars = append(e.vars, "ZERO_SANDBOX_FORCE="+c.force)
			}
			out := filepath.Join(t.TempDir(), "out")
			f := e.run(t, out, "", "exec", "-o", "stream-json", "--allowed-tools", "bash", "--sandbox", c.mode, "bench")
			checkTrueCalls(t, out)
			return f
		})
		if c.force == "" {
			base = f
		}
		per, cpu := f.wall/sandboxCalls, f.cpu/sandboxCalls
		fmt.Printf("%-22s %7.2f ms a call, CPU %6.2f ms a call, %+7.2f ms a call over no sandbox\n",
			c.name, ms(per), ms(cpu), ms(per-base.wall/sandboxCalls))
	}
}

// checkTrueCalls checks that every call ran and succeeded, unblocked.
func checkTrueCalls(t *testing.T, out string) {
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ok := 0
	for line := range bytes.Lines(b) {
		var ev streamjsonv2.Output
		if err := ev.UnmarshalJSON(bytes.TrimSuffix(line, []byte("\n"))); err != nil {
			t.Fatalf("bad event %.200q: %v", line, err)
		}
		if r, isResult := ev.Value.(*streamjsonv2.ToolResult); isResult {
			if r.Status != streamjsonv2.ToolStatusOk || r.Block != nil || !strings.Contains(r.Output, "[exit code 0]") {
				t.Fatalf("a call failed: %+v", r)
			}
			ok++
		}
	}
	if ok != sandboxCalls {
		t.Fatalf("%d calls succeeded, want %d", ok, sandboxCalls)
	}
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
