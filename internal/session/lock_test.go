package session

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"
)

// TestLockAcrossProcesses runs this test binary again as a second zero
// process that holds the session open.
func TestLockAcrossProcesses(t *testing.T) {
	if dir := os.Getenv("ZERO_SESSION_LOCK_HELPER_DIR"); dir != "" {
		holdSession(dir, os.Getenv("ZERO_SESSION_LOCK_HELPER_ID"))
		return
	}
	st := newStore(t)
	id := newSessionWith(t, st, run("run_1", "hi"))

	cmd := exec.Command(os.Args[0], "-test.run=^TestLockAcrossProcesses$")
	cmd.Env = append(os.Environ(), "ZERO_SESSION_LOCK_HELPER_DIR="+st.Dir, "ZERO_SESSION_LOCK_HELPER_ID="+id)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		stdin.Close()
		cmd.Wait()
		t.Fatalf("helper said %q, %v", line, err)
	}
	_, _, err = st.Open(id)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid || le.Holder != "zero acp" {
		t.Errorf("Open while another process holds the session: %#v (%v), want a LockedError naming zero acp, pid %d", err, err, cmd.Process.Pid)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
	s, _, err := st.Open(id)
	if err != nil {
		t.Fatalf("Open after the other process exited: %v", err)
	}
	s.Close()
}

// holdSession opens the session, says "locked" and keeps it open until its
// standard input closes.
func holdSession(dir, id string) {
	s, _, err := (&Store{Dir: dir, Holder: "zero acp"}).Open(id)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	s.Close()
}
