package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/zeroproject/zero/internal/sandbox"
)

// Bash timeouts.
const (
	// DefaultBashTimeout applies when Bash is given a zero timeout.
	DefaultBashTimeout = 120 * time.Second
	// MaxBashTimeout caps longer timeouts.
	MaxBashTimeout = 10 * time.Minute
	// drainGrace is how long Bash waits for output after the process group
	// was killed, in case a process escaped the group and holds the pipe.
	drainGrace = time.Second
	// statusRoom is what the output leaves in a result for the status
	// line and a sandbox note.
	statusRoom = 1024
)

// bashRun is the outcome of one command.
type bashRun struct {
	box      *sandbox.Sandbox // nil: no sandbox
	out      *capture
	err      error // from Wait
	timedOut bool
	canceled bool
}

// Bash runs command with `bash -c` in the workspace root and returns its
// combined stdout and stderr followed by a line with the exit code. env is
// the complete environment of the command (nil means an empty one; build
// it with FilterEnv). A zero timeout means DefaultBashTimeout; timeouts
// above MaxBashTimeout are capped. The command runs in its own process
// group, which is killed on timeout, on ctx cancellation, and after the
// command exits, so background processes do not outlive the call. Output
// beyond MaxOutputBytes keeps its head and tail. A non-zero exit, a
// timeout or a cancellation is an IsError result.
func Bash(ctx context.Context, ws *Workspace, command string, timeout time.Duration, env []string) (Result, error) {
	return BashIn(ctx, nil, ws, command, timeout, env)
}

// BashIn is Bash with the command confined by box (nil: not confined). A
// box that cannot confine the command refuses to run it, and a result whose
// output shows the sandbox blocked something carries a Block.
func BashIn(ctx context.Context, box *sandbox.Sandbox, ws *Workspace, command string, timeout time.Duration, env []string) (Result, error) {
	switch {
	case command == "":
		return errorResult("the command is empty"), nil
	case timeout < 0:
		return errorResult("the timeout must not be negative (got %v)", timeout), nil
	}
	timeout = min(cmp.Or(timeout, DefaultBashTimeout), MaxBashTimeout)
	if box != nil && box.Err() != nil {
		return Result{Output: "bash was refused: " + box.Err().Error(), IsError: true,
			Block: &sandbox.Block{Code: sandbox.CodeUnavailable, Reason: box.Err().Error()}}, nil
	}
	run, err := runBash(ctx, box, ws.root, command, timeout, env)
	if err != nil {
		return Result{}, err
	}
	return run.result(timeout), nil
}

// runBash starts the command and waits for it, the timeout or ctx.
func runBash(ctx context.Context, box *sandbox.Sandbox, dir, command string, timeout time.Duration, env []string) (*bashRun, error) {
	cmd, pr, err := startBash(box, dir, command, env)
	if err != nil {
		return nil, err
	}
	run := &bashRun{box: box, out: newCapture((MaxOutputBytes - statusRoom) / 2)}
	copied := make(chan struct{})
	go func() {
		io.Copy(run.out, pr)
		close(copied)
	}()
	run.wait(ctx, cmd, timeout)
	run.stop(cmd)
	drain(pr, copied)
	return run, nil
}

// startBash starts `bash -c command` in its own process group (through
// box, when there is one) with stdout and stderr on one pipe, and returns
// the pipe's read end.
func startBash(box *sandbox.Sandbox, dir, command string, env []string) (*exec.Cmd, *os.File, error) {
	cmd, err := bashCommand(box, dir, command, env)
	if err != nil {
		return nil, nil, fmt.Errorf("bash: %w", err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("bash: %w", err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	err = cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, nil, fmt.Errorf("bash: %w", err)
	}
	return cmd, pr, nil
}

// bashCommand is `bash -c command`, confined by box when there is one.
func bashCommand(box *sandbox.Sandbox, dir, command string, env []string) (*exec.Cmd, error) {
	if box != nil {
		return box.Command(dir, command, env)
	}
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = append([]string{}, env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, nil
}

// stop ends the command and whatever it started: the sandbox knows how;
// without one, the process group is killed.
func (r *bashRun) stop(cmd *exec.Cmd) {
	if r.box != nil {
		r.box.Stop(cmd)
		return
	}
	killGroup(cmd.Process.Pid)
}

// wait waits for cmd to exit, killing its process group first if the
// timeout passes or ctx is done.
func (r *bashRun) wait(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r.err = <-done:
		return
	case <-timer.C:
		r.timedOut = true
	case <-ctx.Done():
		r.canceled = true
	}
	r.stop(cmd)
	r.err = <-done
}

// killGroup sends SIGKILL to the process group led by pid.
func killGroup(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}

// drain waits for the output copy to finish, closing the pipe after
// drainGrace if something outside the process group still holds it.
func drain(pr *os.File, copied <-chan struct{}) {
	select {
	case <-copied:
	case <-time.After(drainGrace):
	}
	pr.Close()
	<-copied
}

// result renders the output and how the command ended.
func (r *bashRun) result(timeout time.Duration) Result {
	out, cut := r.out.String()
	if out != "" && out[len(out)-1] != '\n' {
		out += "\n"
	}
	status, failed := r.status(timeout)
	var block *sandbox.Block
	if r.box != nil {
		if block = r.box.Explain(out); block != nil {
			status += "\n[sandbox: " + block.Reason + "]"
		}
	}
	res := finish(out+status, cut)
	res.IsError = failed
	res.Block = block
	return res
}

// status describes how the command ended and whether that is a failure.
func (r *bashRun) status(timeout time.Duration) (string, bool) {
	var exit *exec.ExitError
	switch {
	case r.timedOut:
		return fmt.Sprintf("[timed out after %v; the command and its child processes were killed]", timeout), true
	case r.canceled:
		return "[canceled; the command and its child processes were killed]", true
	case r.err == nil:
		return "[exit code 0]", false
	case errors.As(r.err, &exit) && exit.ExitCode() >= 0:
		return fmt.Sprintf("[exit code %d]", exit.ExitCode()), true
	case errors.As(r.err, &exit):
		return fmt.Sprintf("[killed by signal: %v]", exit), true
	}
	return fmt.Sprintf("[failed: %v]", r.err), true
}
