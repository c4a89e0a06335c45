//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Support is what the kernel offers the sandbox.
type Support struct {
	// Namespaces is nil when the helper could make user, mount, pid and
	// network namespaces and set up its mounts in them.
	Namespaces error
	// LandlockABI is the kernel's Landlock ABI version, 0 without Landlock.
	LandlockABI int
	// Seccomp is nil when seccomp filters are available.
	Seccomp error
}

var (
	probeOnce sync.Once
	probed    Support
)

// Probe finds out, once per process, what the kernel offers. The
// namespace check starts the helper in new namespaces, so it only works
// in a program that called ServeHelper.
func Probe() Support {
	probeOnce.Do(func() {
		probed = Support{LandlockABI: landlockABI(), Seccomp: seccompAvailable(), Namespaces: probeNamespaces()}
	})
	return probed
}

// seccompAvailable checks that the kernel has seccomp filters.
func seccompAvailable() error {
	if _, err := unix.PrctlRetInt(unix.PR_GET_SECCOMP, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("seccomp: %w", err)
	}
	return nil
}

// probeNamespaces starts the helper's probe stage in new namespaces.
func probeNamespaces() error {
	if !helperServed {
		return errNoHelper
	}
	cmd := exec.Command(selfExe, argProbe)
	cmd.Env = []string{}
	cmd.SysProcAttr = namespaceAttr(false)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if msg := strings.TrimSpace(string(out)); msg != "" {
			return fmt.Errorf("%v: %s", err, msg)
		}
		return err
	}
	return nil
}

// errNoHelper is the failure of a program that cannot be its own helper.
var errNoHelper = errors.New("this program cannot start the sandbox helper (only the zero binary can)")

// DangerHint names the flag that runs commands without a sandbox.
const DangerHint = "--sandbox danger-full-access runs bash without a sandbox, with your full rights"

// choose picks the mechanism, or says why there is none.
func choose(force string) (Mechanism, error) {
	switch force {
	case "", string(Namespaces), string(Landlock), string(None):
	default:
		return None, fmt.Errorf("%s=%q: want namespaces, landlock or none", ForceEnv, force)
	}
	if !helperServed {
		return None, fmt.Errorf("%v; %s", errNoHelper, DangerHint)
	}
	if force == string(None) {
		return None, fmt.Errorf("the sandbox is turned off by %s=none, so bash cannot be confined; %s", ForceEnv, DangerHint)
	}
	sup := Probe()
	if sup.Seccomp != nil {
		return None, fmt.Errorf("the kernel has no seccomp filters (%v), so bash cannot be confined; %s", sup.Seccomp, DangerHint)
	}
	if force != string(Landlock) && sup.Namespaces == nil {
		return Namespaces, nil
	}
	if force != string(Namespaces) && sup.LandlockABI >= minLandlockABI {
		return Landlock, nil
	}
	return None, fmt.Errorf("the kernel offers neither user namespaces (%s) nor Landlock ABI %d or later (%s), so bash cannot be confined; %s",
		namespaceWords(sup, force), minLandlockABI, landlockWords(sup, force), DangerHint)
}

func namespaceWords(sup Support, force string) string {
	if force == string(Landlock) {
		return "skipped: " + ForceEnv + "=landlock"
	}
	return sup.Namespaces.Error()
}

func landlockWords(sup Support, force string) string {
	switch {
	case force == string(Namespaces):
		return "skipped: " + ForceEnv + "=namespaces"
	case sup.LandlockABI == 0:
		return "no Landlock"
	}
	return fmt.Sprintf("ABI %d", sup.LandlockABI)
}

// namespaceAttr starts a process as pid 1 of new user, mount, pid, IPC and
// UTS namespaces, and of a new network namespace unless network is
// allowed, with the same uid and gid inside as outside. A user other than
// root keeps CAP_SYS_ADMIN across the execve (an ambient capability) to
// set up the mounts; the second stage drops it.
func namespaceAttr(network bool) *syscall.SysProcAttr {
	uid, gid := os.Getuid(), os.Getgid()
	attr := &syscall.SysProcAttr{
		Setpgid:     true,
		Pdeathsig:   syscall.SIGKILL,
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}},
	}
	if !network {
		attr.Cloneflags |= syscall.CLONE_NEWNET
	}
	if uid != 0 {
		attr.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN}
	}
	return attr
}

// Command returns the command that runs `bash -c command` in dir with env,
// confined; in danger-full-access mode, plain bash. It starts in its own
// process group. End it with Stop.
func (s *Sandbox) Command(dir, command string, env []string) (*exec.Cmd, error) {
	if s.err != nil {
		return nil, s.err
	}
	argv := []string{"bash", "-c", command}
	if s.settings.Mode == DangerFullAccess {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env = dir, append([]string{}, env...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return cmd, nil
	}
	args, err := helperArgs(argInit, s.spec, argv)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(selfExe, args...)
	cmd.Dir, cmd.Env = dir, append([]string{}, env...)
	if s.mech == Namespaces {
		cmd.SysProcAttr = namespaceAttr(s.spec.Network)
	} else {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	}
	return cmd, nil
}

// stopGrace is how long the Landlock helper has to kill the command's
// processes before it is killed itself.
const stopGrace = 2 * time.Second

// Stop ends a started command and everything it started. Killing the
// first stage of the namespaces ends the pid namespace, and so all of it;
// the Landlock helper is asked with SIGTERM (a SIGKILL would leave its
// descendants running) and killed if it has not exited after stopGrace.
// Without a sandbox, the process group is killed.
func (s *Sandbox) Stop(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	switch {
	case s.settings.Mode == DangerFullAccess:
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	case s.mech == Landlock:
		if cmd.Process.Signal(syscall.SIGTERM) == nil {
			p := cmd.Process
			time.AfterFunc(stopGrace, func() { _ = p.Kill() })
		}
	default:
		_ = cmd.Process.Kill()
	}
}

// MakeUndumpable stops processes of the same user from reading this
// process's memory and environment through /proc or ptrace (the Landlock
// mechanism's commands run as the same user).
func MakeUndumpable() error {
	return unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
