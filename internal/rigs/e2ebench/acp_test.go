package e2ebench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestACPStream streams one answer of N text deltas (default 200,000;
// ZERO_BENCH_ACP_CHUNKS changes it) from the fake OpenAI server through
// `zero acp` (initialize, session/new, one session/prompt; the deltas
// become session/update agent_message_chunk notifications, the ones held
// together before a flush joined into one) and through
// `zero exec -o stream-json` (each delta a text event), both with stdout
// read by this process through a pipe, and prints the cost per delta of
// each and the ratio acp / exec (wall and CPU), each the best of runs that
// alternate between the two. Each run checks that the text of every delta
// came out. With ZERO_BENCH_E2E_PROFILE=DIR the last
// run of each writes a CPU profile there. `make bench-acp`; not in `make test`.
func TestACPStream(t *testing.T) {
	skipUnlessBench(t)
	n := 200_000
	if env := os.Getenv("ZERO_BENCH_ACP_CHUNKS"); env != "" {
		v, err := strconv.Atoi(env)
		if err != nil || v <= 0 {
			t.Fatalf("ZERO_BENCH_ACP_CHUNKS: %q is no positive count", env)
		}
		n = v
	}
	reps := benchReps(t)
	// The runs alternate, so that both see the same load on a shared machine.
	var ex, acp figures
	for rep := range reps {
		ex.keep(rep, pipedRun(t, n, false))
		acp.keep(rep, pipedRun(t, n, true))
	}
	fmt.Printf("one answer of %d deltas %q from the fake OpenAI server, best of %d runs, stdout read through a pipe\n", n, delta, reps)
	for _, r := range []struct {
		name string
		f    figures
	}{{"zero exec -o stream-json", ex}, {"zero acp", acp}} {
		fmt.Printf("%-26s %7.3f s %6.0f ns/delta wall  %6.0f ns/delta CPU  peak RSS %.1f MB\n", r.name, r.f.wall.Seconds(),
			float64(r.f.wall.Nanoseconds())/float64(n), float64(r.f.cpu.Nanoseconds())/float64(n), float64(r.f.rss)/1e6)
	}
	fmt.Printf("cost per streamed delta, zero acp / zero exec -o stream-json: %.2f (wall), %.2f (CPU)\n",
		float64(acp.wall)/float64(ex.wall), float64(acp.cpu)/float64(ex.cpu))
}

// pipedRun runs zero (acp, or exec -o stream-json) against a stream of n
// deltas through the spawner, reads its stdout, and checks that n chunks
// came out. For acp it sends the three requests, and closes stdin once the
// prompt's response arrived, as an editor leaving would.
func pipedRun(t *testing.T, n int, acp bool) figures {
	srv := pt.NewServer(textStream(pt.OpenAI, n))
	defer srv.Close()
	e := newEnv(t, pt.OpenAI, srv)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{zeroBin, "exec", "--provider", "openai", "-o", "stream-json", "bench"}
	if acp {
		args = []string{zeroBin, "acp", "--provider", "openai"}
	}
	spawnFile := filepath.Join(t.TempDir(), "figures")
	cmd := exec.Command(self, args...)
	cmd.Dir = e.ws
	cmd.Env = append(append([]string{}, e.vars...), spawnEnv+"="+spawnFile)
	if prof := profilePath(t, args[1], n, true); prof != "" {
		cmd.Env = append(cmd.Env, "ZERO_CPUPROFILE="+prof)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if acp {
		io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`+"\n"+
			`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":`+strconv.Quote(e.ws)+`,"mcpServers":[]}}`+"\n")
	} else {
		stdin.Close()
	}
	deltas, lines := readChunks(t, stdout, stdin, acp)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("zero %v: %v\n%s", args[1:], err, stderr.String())
	}
	if deltas != n {
		t.Fatalf("zero %v: the text of %d deltas came out (in %d lines), want %d", args[1:], deltas, lines, n)
	}
	return readFigures(t, spawnFile)
}

// readChunks counts the deltas whose text ("tok ") came out in the text
// events or chunks zero writes, and those lines. For acp it sends the
// prompt once session/new answered, and closes stdin once the prompt did.
func readChunks(t *testing.T, stdout io.Reader, stdin io.WriteCloser, acp bool) (deltas, lines int) {
	chunk := []byte(`"type":"text"`)
	if acp {
		chunk = []byte(`"sessionUpdate":"agent_message_chunk"`)
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case bytes.Contains(line, chunk):
			deltas += bytes.Count(line, []byte(delta))
			lines++
		case acp && bytes.HasPrefix(line, []byte(`{"jsonrpc":"2.0","id":2,"result":{"sessionId":"`)):
			rest := line[len(`{"jsonrpc":"2.0","id":2,"result":{"sessionId":"`):]
			id := rest[:bytes.IndexByte(rest, '"')]
			io.WriteString(stdin, `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"`+string(id)+`","prompt":[{"type":"text","text":"bench"}]}}`+"\n")
		case acp && bytes.HasPrefix(line, []byte(`{"jsonrpc":"2.0","id":3,`)):
			if !bytes.Contains(line, []byte(`"stopReason":"end_turn"`)) {
				t.Fatalf("the prompt ended with %s", line)
			}
			stdin.Close()
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return deltas, lines
}
