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
)

// bashRun is the outcome of one command.
type bashRun struct {
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
	switch {
	case command == "":
		return errorResult("the command is empty"), nil
	case timeout < 0:
		return errorResult("the timeout must not be negative (got %v)", timeout), nil
	}
	timeout = min(cmp.Or(timeout, DefaultBashTimeout), MaxBashTimeout)
	run, err := runBash(ctx, ws.root, command, timeout, env)
	if err != nil {
		return Result{}, err
	}
	return run.result(timeout), nil
}

// runBash starts the command and waits for it, the timeout or ctx.
func runBash(ctx context.Context, dir, command string, timeout time.Duration, env []string) (*bashRun, error) {
	cmd, pr, err := startBash(dir, command, env)
	if err != nil {
		return nil, err
	}
	run := &bashRun{out: newCapture((MaxOutputBytes - 256) / 2)}
	copied := make(chan struct{})
	go func() {
		io.Copy(run.out, pr)
		close(copied)
	}()
	run.wait(ctx, cmd, timeout)
	killGroup(cmd.Process.Pid)
	drain(pr, copied)
	return run, nil
}

// startBash starts `bash -c command` in its own process group with stdout
// and stderr on one pipe, and returns the pipe's read end.
func startBash(dir, command string, env []string) (*exec.Cmd, *os.File, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("bash: %w", err)
	}
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = append([]string{}, env...)
	cmd.Stdout, cmd.Stderr = pw, pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = cmd.Start()
	pw.Close()
	if err != nil {
		pr.Close()
		return nil, nil, fmt.Errorf("bash: %w", err)
	}
	return cmd, pr, nil
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
	killGroup(cmd.Process.Pid)
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
	res := finish(out+status, cut)
	res.IsError = failed
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
