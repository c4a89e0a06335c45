package main

// Text mode for a person at a terminal: stderr is the slave side of a
// pseudo-terminal (github.com/creack/pty), read back from the master side,
// while stdout stays a pipe, as in `zero exec ... > answer.txt` typed at a
// terminal.

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// sgr matches an ANSI colour sequence.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// runTTY runs zero with stderr on a pseudo-terminal and returns stdout,
// what the terminal showed, and the exit code.
func (z *zeroEnv) runTTY(args ...string) (stdout, screen string, code int) {
	z.t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		z.t.Skipf("SKIP: no pseudo-terminal here (%v); these tests need /dev/ptmx", err)
	}
	defer master.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := z.command(ctx, "", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, slave
	if err := cmd.Start(); err != nil {
		z.t.Fatal(err)
	}
	slave.Close()
	var scr bytes.Buffer
	copied := make(chan struct{})
	go func() { io.Copy(&scr, master); close(copied) }() // ends with EIO once zero exits
	err = cmd.Wait()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		z.t.Fatal(err)
	}
	<-copied
	return out.String(), strings.ReplaceAll(scr.String(), "\r\n", "\n"), cmd.ProcessState.ExitCode()
}

// TestTerminalProgressAndColours checks the waiting line with a retry
// note, dim reasoning and coloured rows on a terminal, and an answer on
// stdout without any escape sequence.
func TestTerminalProgressAndColours(t *testing.T) {
	z := newZeroEnv(t)
	d := pt.OpenAI
	first := pt.Turn{Reasoning: []string{"Checking the README."}, Calls: []pt.Call{{ID: "c1", Name: "read_file", Args: []string{`{"path":"README.md"}`}}}}
	z.serve(d,
		pt.RateLimited(d, "1"),
		pt.Slow(d.Stream(first), 30*time.Millisecond),
		d.Stream(pt.Text("It is a title.")))
	stdout, screen, code := z.runTTY("exec", "what is in the README?")
	if code != 0 || stdout != "It is a title.\n" {
		t.Fatalf("exit %d, stdout %q, screen %q", code, stdout, screen)
	}
	for _, want := range []string{
		"waiting for the model…",
		"(retry 2/3 in 1s: openai: HTTP 429",
		"\x1b[2K",                                // the waiting line erases itself
		"\x1b[2mChecking the README.\x1b[0m\n",   // reasoning, dim
		"\x1b[36m• read_file README.md\x1b[0m\n", // the tool row, cyan
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the terminal did not show %q:\n%q", want, screen)
		}
	}
	if strings.HasPrefix(screen, "\n") {
		t.Errorf("the terminal starts with a blank line: %q", screen)
	}
}

// TestNoColor checks that NO_COLOR turns colours off on a terminal, and
// that a pipe gets no escape sequences and no waiting line at all.
func TestNoColor(t *testing.T) {
	z := newZeroEnv(t)
	d := pt.OpenAI
	turn := pt.Turn{Reasoning: []string{"Hmm."}, Text: []string{"Reading."}, Calls: []pt.Call{{ID: "c1", Name: "read_file", Args: []string{`{"path":"nope.md"}`}}}}
	z.serve(d, pt.Forever(d.Stream(turn)))
	z.vars["NO_COLOR"] = "1"
	_, screen, code := z.runTTY("exec", "--max-turns", "1", "read")
	if code != 4 || sgr.MatchString(screen) || !strings.Contains(screen, "• read_file nope.md\n") || !strings.Contains(screen, "Hmm.\n") {
		t.Errorf("NO_COLOR: exit %d, screen %q", code, screen)
	}
	delete(z.vars, "NO_COLOR")
	res := z.exec("--max-turns", "1", "read")
	if res.code != 4 || strings.Contains(res.stderr, "\x1b") || strings.Contains(res.stderr, "waiting for the model") || strings.Contains(res.stderr, "Hmm.") {
		t.Errorf("piped: stderr %q", res.stderr)
	}
	if strings.HasPrefix(res.stderr, "\n") || !strings.HasPrefix(res.stderr, "• read_file nope.md\n") {
		t.Errorf("piped stderr does not start with the tool row: %q", res.stderr)
	}
}

// TestHeadEndsQuietly checks that a reader that goes away after the first
// line (zero exec ... | head -1) ends the run without a broken-pipe error.
func TestHeadEndsQuietly(t *testing.T) {
	z := newZeroEnv(t)
	d := pt.OpenAI
	var deltas []string
	for i := 0; i < 40; i++ {
		deltas = append(deltas, "line of the answer\n")
	}
	z.serve(d, pt.Slow(d.Stream(pt.Text(deltas...)), 10*time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := z.command(ctx, "", "exec", "write a lot")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(stdout, buf); err != nil {
		t.Fatal(err)
	}
	stdout.Close() // what head does once it has its lines
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 3 || errb.String() != "" {
		t.Errorf("exit %d, stderr %q; want exit 3 and nothing on stderr", code, errb.String())
	}
}
