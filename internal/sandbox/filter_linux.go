//go:build linux

package sandbox

import (
	"fmt"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// deniedSyscalls are refused with EPERM: they reach past the command's own
// tree (ptrace, process_vm_*, pidfd_getfd), change mounts or namespaces
// from inside, or touch the kernel itself. io_uring is refused because its
// operations (sockets, opens) would pass the filter by.
var deniedSyscalls = []string{
	"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd",
	"mount", "umount2", "pivot_root", "move_mount", "open_tree", "fsopen", "fsmount",
	"fsconfig", "fspick", "mount_setattr", "unshare", "setns",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
	"kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
	"reboot", "swapon", "swapoff", "acct", "quotactl", "iopl", "ioperm",
	"open_by_handle_at", "lookup_dcookie", "syslog", "uselib",
}

// namespaceFlags are the clone flags that make new namespaces (clone has
// no CLONE_NEWTIME: its bit is part of the exit signal there).
const namespaceFlags = unix.CLONE_NEWUSER | unix.CLONE_NEWNS | unix.CLONE_NEWPID | unix.CLONE_NEWNET |
	unix.CLONE_NEWUTS | unix.CLONE_NEWIPC | unix.CLONE_NEWCGROUP

// errnoAction returns errno from a refused syscall.
func errnoAction(errno unix.Errno) seccomp.Action {
	return seccomp.Action(unix.SECCOMP_RET_ERRNO | uint32(errno))
}

// SocketErrno is what socket(2) returns when the sandbox has no network:
// "Address family not supported by protocol", which programs handle as a
// missing family and which tells the sandbox's refusal apart in messages.
const SocketErrno = unix.EAFNOSUPPORT

// filterProgram assembles the seccomp filter: a prefix written here for
// what needs argument checks, then go-seccomp-bpf's program for the
// syscalls refused by name. Syscalls of another architecture (i386 on
// amd64) fail with ENOSYS, so the name checks cannot be passed by.
func filterProgram(network bool) ([]unix.SockFilter, error) {
	info, err := arch.GetInfo("")
	if err != nil {
		return nil, err
	}
	insts, err := filterInstructions(info, network)
	if err != nil {
		return nil, err
	}
	raw, err := bpf.Assemble(insts)
	if err != nil {
		return nil, err
	}
	if len(raw) > unix.BPF_MAXINSNS {
		return nil, fmt.Errorf("filter of %d instructions is too long", len(raw))
	}
	prog := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		prog[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return prog, nil
}

// filterInstructions is the filter; info must describe the architecture
// Zero runs on, which go-seccomp-bpf assembles for.
func filterInstructions(info *arch.Info, network bool) ([]bpf.Instruction, error) {
	groups := []seccomp.SyscallGroup{
		{Action: errnoAction(unix.EPERM), Names: known(info, deniedSyscalls)},
		// clone3 passes its flags in memory that BPF cannot read; libc
		// falls back to clone, whose flags are checked.
		{Action: errnoAction(unix.ENOSYS), Names: known(info, []string{"clone3"})},
	}
	if !network {
		groups = append(groups, seccomp.SyscallGroup{Action: errnoAction(SocketErrno), Names: []string{"socket"}})
	}
	policy := seccomp.Policy{DefaultAction: seccomp.ActionAllow, Syscalls: groups}
	rest, err := policy.Assemble()
	if err != nil {
		return nil, err
	}
	return append(argumentChecks(info), rest...), nil
}

// Offsets in struct seccomp_data; arguments are 64 bits wide, and the low
// half comes first on the little-endian architectures Zero builds for.
const (
	offNr   = 0
	offArch = 4
	offArg0 = 16
	offArg1 = 24
)

// argumentChecks refuse, with EPERM, clone with a namespace flag and the
// terminal ioctls that push input into another program's terminal
// (TIOCSTI, TIOCLINUX). Only the low 32 bits are compared because the
// kernel reads no more of them (an ioctl's request is an unsigned int), so
// setting high bits cannot slip past.
func argumentChecks(info *arch.Info) []bpf.Instruction {
	deny := bpf.RetConstant{Val: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)}
	nr := func(name string) uint32 { return uint32(info.SyscallNames[name]) }
	return []bpf.Instruction{
		bpf.LoadAbsolute{Off: offArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(info.ID), SkipTrue: 1},
		bpf.RetConstant{Val: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS)},
		bpf.LoadAbsolute{Off: offNr, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr("ioctl"), SkipFalse: 4},
		bpf.LoadAbsolute{Off: offArg1, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.TIOCSTI, SkipTrue: 1},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.TIOCLINUX, SkipFalse: 1},
		deny,
		bpf.LoadAbsolute{Off: offNr, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr("clone"), SkipFalse: 3},
		bpf.LoadAbsolute{Off: offArg0, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: namespaceFlags, SkipFalse: 1},
		deny,
	}
}

// known keeps the names the architecture has (arm64 has no iopl).
func known(info *arch.Info, names []string) []string {
	var out []string
	for _, n := range names {
		if _, ok := info.SyscallNames[n]; ok {
			out = append(out, n)
		}
	}
	return out
}
