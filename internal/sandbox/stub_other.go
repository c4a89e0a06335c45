//go:build !linux

package sandbox

import (
	"errors"
	"os/exec"
	"syscall"
)

// Support is what the kernel offers the sandbox: nothing outside Linux.
type Support struct {
	Namespaces  error
	LandlockABI int
	Seccomp     error
}

var errNotLinux = errors.New("the sandbox needs Linux")

// Probe reports that nothing is supported.
func Probe() Support { return Support{Namespaces: errNotLinux, Seccomp: errNotLinux} }

// ServeHelper does nothing outside Linux.
func ServeHelper() {}

// DangerHint names the flag that runs commands without a sandbox.
const DangerHint = "--sandbox danger-full-access runs bash without a sandbox, with your full rights"

const setupFailedPrefix = "zero sandbox: setup failed: "

// choose fails closed: there is no mechanism outside Linux.
func choose(string) (Mechanism, error) {
	return None, errors.New("bash can only be confined on Linux; " + DangerHint)
}

// Command returns plain bash in danger-full-access mode and fails
// otherwise.
func (s *Sandbox) Command(dir, command string, env []string) (*exec.Cmd, error) {
	if s.err != nil {
		return nil, s.err
	}
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir, cmd.Env = dir, append([]string{}, env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, nil
}

// Stop kills the command's process group.
func (s *Sandbox) Stop(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// MakeUndumpable does nothing outside Linux.
func MakeUndumpable() error { return nil }
