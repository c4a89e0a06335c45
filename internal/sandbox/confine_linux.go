//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"unsafe"

	"golang.org/x/sys/unix"
)

// confineAndStart confines the calling thread, which must be locked to
// its goroutine and never serve another, and starts child from it: it
// builds the Landlock ruleset (Landlock mechanism), drops every
// capability, sets no_new_privs, enforces the ruleset and the seccomp
// filter. All of these hold per thread and pass to the processes the
// thread starts; the helper's other threads keep none of them, so the
// helper itself stays outside the Landlock domain.
func confineAndStart(sp spec, child *exec.Cmd) error {
	prog, err := filterProgram(sp.Network)
	if err != nil {
		return fmt.Errorf("seccomp filter: %w", err)
	}
	ruleset := -1
	if sp.Mech == Landlock {
		if ruleset, err = landlockRuleset(sp); err != nil {
			return fmt.Errorf("landlock: %w", err)
		}
	}
	if err := dropCapabilities(); err != nil {
		return fmt.Errorf("drop capabilities: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if ruleset >= 0 {
		if err := landlockRestrictSelf(ruleset); err != nil {
			return fmt.Errorf("landlock: %w", err)
		}
	}
	if err := loadFilter(prog); err != nil {
		return fmt.Errorf("seccomp: %w", err)
	}
	if err := child.Start(); err != nil {
		return fmt.Errorf("start %s: %w", child.Path, err)
	}
	return nil
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
