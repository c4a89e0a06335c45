//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// runConfine is the second helper stage. On one OS thread it builds the
// Landlock ruleset (Landlock mechanism), drops every capability, sets
// no_new_privs, enforces the ruleset and the seccomp filter, and executes
// the command from that same thread, which passes all of it on.
func runConfine(args []string) int {
	runtime.LockOSThread()
	sp, argv, err := parseHelperArgs(args)
	if err != nil {
		return setupFailed(err)
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return setupFailed(err)
	}
	prog, err := filterProgram(sp.Network)
	if err != nil {
		return setupFailed(fmt.Errorf("seccomp filter: %w", err))
	}
	ruleset := -1
	if sp.Mech == Landlock {
		if ruleset, err = landlockRuleset(sp); err != nil {
			return setupFailed(fmt.Errorf("landlock: %w", err))
		}
	}
	if err := dropCapabilities(); err != nil {
		return setupFailed(fmt.Errorf("drop capabilities: %w", err))
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return setupFailed(fmt.Errorf("no_new_privs: %w", err))
	}
	if ruleset >= 0 {
		if err := landlockRestrictSelf(ruleset); err != nil {
			return setupFailed(fmt.Errorf("landlock: %w", err))
		}
	}
	if err := loadFilter(prog); err != nil {
		return setupFailed(fmt.Errorf("seccomp: %w", err))
	}
	err = syscall.Exec(path, argv, os.Environ())
	return setupFailed(fmt.Errorf("exec %s: %w", path, err))
}

// dropCapabilities empties the bounding set (so that even uid 0 gains no
// capability from execve), the ambient set and the thread's own sets.
// Without CAP_SETPCAP the bounding set cannot change, but then the thread
// has no capability to lose either.
func dropCapabilities() error {
	var hdr unix.CapUserHeader
	var data [2]unix.CapUserData
	hdr.Version = unix.LINUX_CAPABILITY_VERSION_3
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return err
	}
	if data[0].Effective&(1<<unix.CAP_SETPCAP) != 0 {
		for c := 0; c <= lastCap(); c++ {
			if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EINVAL {
				return fmt.Errorf("bounding set: %w", err)
			}
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && err != unix.EINVAL {
		return fmt.Errorf("ambient set: %w", err)
	}
	data = [2]unix.CapUserData{}
	return unix.Capset(&hdr, &data[0])
}

// lastCap is the highest capability number the kernel knows.
func lastCap() int {
	b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return unix.CAP_LAST_CAP
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// loadFilter installs prog on the calling thread.
func loadFilter(prog []unix.SockFilter) error {
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	_, _, errno := unix.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(&fprog)))
	if errno != 0 {
		return errno
	}
	return nil
}
