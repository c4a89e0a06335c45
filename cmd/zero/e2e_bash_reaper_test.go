package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestBashProcessesThatLeftTheGroupDie: a bash command of the model starts
// a process with setsid and another by a double fork, both out of its
// process group and session; once the call has returned, neither is
// running, as the bash tool's description promises.
func TestBashProcessesThatLeftTheGroupDie(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc to find the processes")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("needs setsid")
	}
	z := newZeroEnv(t)
	mark := "zero-escapee-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	command := `export ZERO_TEST_MARK=` + mark + `
setsid sh -c 'echo $$ > a.pid; exec sleep 300' &
(setsid sh -c 'echo $$ > b.pid; exec sleep 301' >/dev/null 2>&1 &)
while [ ! -s a.pid ] || [ ! -s b.pid ]; do sleep 0.01; done
echo started`
	args, _ := json.Marshal(map[string]string{"command": command})
	z.serve(pt.OpenAI, calls(pt.Call{ID: "b", Name: "bash", Args: []string{string(args)}}), pt.OpenAI.Stream(pt.Text("Done.")))
	evs, _ := z.streamV2(0, "--allowed-tools", "bash", "start a daemon")
	if r := results(evs)["b"]; r == nil || r.Status != streamjsonv2.ToolStatusOk || r.Output != "started\n[exit code 0]" {
		t.Fatalf("bash result %+v", r)
	}
	for _, f := range []string{"a.pid", "b.pid"} {
		if b, err := os.ReadFile(z.ws + "/" + f); err != nil || strings.TrimSpace(string(b)) == "" {
			t.Fatalf("%s: %q, %v: the escapee did not start", f, b, err)
		}
	}
	left := liveMarked(mark)
	for deadline := time.Now().Add(3 * time.Second); len(left) > 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		left = liveMarked(mark)
	}
	for _, pid := range left {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	if len(left) > 0 {
		t.Errorf("processes the command moved out of its process group outlived the call: %v", left)
	}
}
