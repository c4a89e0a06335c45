package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
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
	// reaperGrace is how long the reaper has to kill the command's
	// processes on a timeout or cancellation before its process group gets
	// SIGKILL.
	reaperGrace = 5 * time.Second
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
// command exits, so background processes do not outlive the call. With a
// reaper (UseReaper, on Linux) the processes that left the group, by
// setsid or a daemon's double fork, are killed too. Output
// beyond MaxOutputBytes keeps its head and tail. A non-zero exit, a
// timeout or a cancellation is an IsError result.
func Bash(ctx context.Context, ws *Workspace, command string, timeout time.Duration, env []string) (Result, error) {
	return BashIn(ctx, nil, ws, command, timeout, env)
}

// BashIn is Bash with the command confined by box: nil, or a box in
// danger-full-access mode, confines nothing (the reaper still runs). A box
// that cannot confine the command refuses to run it, and a result whose
// output shows the sandbox blocked something carries a Block. The
// sandbox's helper ends every descendant itself, so it needs no reaper.
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
	if box != nil && box.Mode() == sandbox.DangerFullAccess {
		box = nil
	}
	run, err := runBash(ctx, box, ws.root, command, timeout, env, reaper)
	if err != nil {
		return Result{}, err
	}
	return run.result(timeout), nil
}

// runBash starts the command, in box when there is one, else through the
// program reaper unless it is "", and waits for it, the timeout or ctx.
func runBash(ctx context.Context, box *sandbox.Sandbox, dir, command string, timeout time.Duration, env []string, reaper string) (*bashRun, error) {
	cmd, pr, reaped, err := startBash(box, dir, command, env, reaper)
	if err != nil {
		return nil, err
	}
	run := &bashRun{box: box, out: newCapture((MaxOutputBytes - statusRoom) / 2)}
	copied := make(chan struct{})
	go func() {
		io.Copy(run.out, pr)
		close(copied)
	}()
	run.wait(ctx, cmd, timeout, reaped)
	run.stop(cmd)
	drain(pr, copied)
	return run, nil
}

// startBash starts `bash -c command` in its own process group with stdout
// and stderr on one pipe, and returns the pipe's read end. With a reaper,
// the reaper leads the group and runs bash (reaped is then true); a reaper
// that cannot be started (its binary gone) leaves bash to run alone.
func startBash(box *sandbox.Sandbox, dir, command string, env []string, reaper string) (cmd *exec.Cmd, pr *os.File, reaped bool, err error) {
	if box != nil {
		return startConfined(box, dir, command, env)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	defer pw.Close()
	start := func(path string, args ...string) (*exec.Cmd, error) {
		cmd := exec.Command(path, args...)
		cmd.Args[0] = filepath.Base(path) // bash's $0 is "bash", not its path
		cmd.Dir = dir
		cmd.Env = append([]string{}, env...)
		cmd.Stdout, cmd.Stderr = pw, pw
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return cmd, cmd.Start()
	}
	if reaper != "" {
		if cmd, err = start(reaper, ReaperArg, bash, command); err == nil {
			return cmd, pr, true, nil
		}
	}
	if cmd, err = start(bash, "-c", command); err != nil {
		pr.Close()
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	return cmd, pr, false, nil
}

// startConfined starts `bash -c command` in box, with stdout and stderr on
// one pipe, and returns the pipe's read end.
func startConfined(box *sandbox.Sandbox, dir, command string, env []string) (*exec.Cmd, *os.File, bool, error) {
	cmd, err := box.Command(dir, command, env)
	if err != nil {
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	defer pw.Close()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		pr.Close()
		return nil, nil, false, fmt.Errorf("bash: %w", err)
	}
	return cmd, pr, false, nil
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

// wait waits for cmd to exit, ending it first if the timeout passes or ctx
// is done: a reaper gets SIGTERM, and reaperGrace to kill the command's
// processes and exit, before its group is killed; bash alone has its
// group killed at once.
func (r *bashRun) wait(ctx context.Context, cmd *exec.Cmd, timeout time.Duration, reaped bool) {
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
	if reaped {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case r.err = <-done:
			return
		case <-time.After(reaperGrace):
		}
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
