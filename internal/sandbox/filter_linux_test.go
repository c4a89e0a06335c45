//go:build linux

package sandbox

import (
	"encoding/binary"
	"testing"

	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// seccompData is struct seccomp_data for a syscall, laid out for
// x/net/bpf's virtual machine: it loads 32-bit words big-endian where the
// kernel loads them in the machine's order (little-endian here), so each
// word is stored big-endian at the offset it has on the machine.
func seccompData(archID uint32, nr int, args ...uint64) []byte {
	b := make([]byte, 64)
	binary.BigEndian.PutUint32(b[0:], uint32(nr))
	binary.BigEndian.PutUint32(b[4:], archID)
	for i, a := range args {
		binary.BigEndian.PutUint32(b[16+8*i:], uint32(a))
		binary.BigEndian.PutUint32(b[20+8*i:], uint32(a>>32))
	}
	return b
}

// TestFilter runs the seccomp filter in x/net/bpf's virtual machine on the
// syscalls it must refuse and some it must let through.
func TestFilter(t *testing.T) {
	info, err := arch.GetInfo("")
	if err != nil {
		t.Skip(err)
	}
	nr := func(name string) int {
		n, ok := info.SyscallNames[name]
		if !ok {
			t.Fatalf("no syscall %s", name)
		}
		return n
	}
	allow := uint32(unix.SECCOMP_RET_ALLOW)
	errno := func(e unix.Errno) uint32 { return unix.SECCOMP_RET_ERRNO | uint32(e) }
	id := uint32(info.ID)
	cases := []struct {
		name    string
		network bool
		data    []byte
		want    uint32
	}{
		{"read", false, seccompData(id, nr("read"), 0, 0, 10), allow},
		{"socket without network", false, seccompData(id, nr("socket"), unix.AF_INET, unix.SOCK_STREAM), errno(SocketErrno)},
		{"unix socket without network", false, seccompData(id, nr("socket"), unix.AF_UNIX, unix.SOCK_STREAM), errno(SocketErrno)},
		{"socket with network", true, seccompData(id, nr("socket"), unix.AF_INET, unix.SOCK_STREAM), allow},
		{"socketpair", false, seccompData(id, nr("socketpair"), unix.AF_UNIX, unix.SOCK_STREAM), allow},
		{"ptrace", true, seccompData(id, nr("ptrace"), unix.PTRACE_ATTACH, 1), errno(unix.EPERM)},
		{"process_vm_readv", true, seccompData(id, nr("process_vm_readv")), errno(unix.EPERM)},
		{"io_uring_setup", true, seccompData(id, nr("io_uring_setup")), errno(unix.EPERM)},
		{"mount", true, seccompData(id, nr("mount")), errno(unix.EPERM)},
		{"unshare", true, seccompData(id, nr("unshare"), unix.CLONE_NEWUSER), errno(unix.EPERM)},
		{"clone of a thread", true, seccompData(id, nr("clone"), unix.CLONE_VM|unix.CLONE_THREAD|unix.CLONE_SIGHAND), allow},
		{"fork by clone", true, seccompData(id, nr("clone"), uint64(unix.SIGCHLD)), allow},
		{"clone into a user namespace", true, seccompData(id, nr("clone"), unix.CLONE_NEWUSER|uint64(unix.SIGCHLD)), errno(unix.EPERM)},
		{"clone into a mount namespace", true, seccompData(id, nr("clone"), unix.CLONE_NEWNS), errno(unix.EPERM)},
		{"clone3", true, seccompData(id, nr("clone3")), errno(unix.ENOSYS)},
		{"ioctl TIOCSTI", true, seccompData(id, nr("ioctl"), 0, unix.TIOCSTI), errno(unix.EPERM)},
		{"ioctl TIOCSTI with high bits", true, seccompData(id, nr("ioctl"), 0, 1<<32|unix.TIOCSTI), errno(unix.EPERM)},
		{"ioctl TIOCLINUX", true, seccompData(id, nr("ioctl"), 0, unix.TIOCLINUX), errno(unix.EPERM)},
		{"ioctl TCGETS", true, seccompData(id, nr("ioctl"), 0, unix.TCGETS), allow},
		{"another architecture", true, seccompData(id^1, nr("read")), errno(unix.ENOSYS)},
	}
	for _, c := range cases {
		insts, err := filterInstructions(info, c.network)
		if err != nil {
			t.Fatal(err)
		}
		vm, err := bpf.NewVM(insts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := vm.Run(c.data)
		if err != nil {
			t.Fatal(err)
		}
		if uint32(got) != c.want {
			t.Errorf("%s: filter returns %#x, want %#x", c.name, got, c.want)
		}
	}
}

// TestFilterNamesExist checks that every refused syscall is known to
// amd64 or arm64, so a typo cannot drop one silently.
func TestFilterNamesExist(t *testing.T) {
	amd64, err1 := arch.GetInfo("amd64")
	arm64, err2 := arch.GetInfo("arm64")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for _, n := range append(deniedSyscalls, "clone3", "socket", "clone", "ioctl") {
		_, a := amd64.SyscallNames[n]
		_, b := arm64.SyscallNames[n]
		if !a && !b {
			t.Errorf("syscall %s is unknown", n)
		}
		if !a || !b {
			t.Logf("%s is only on one of amd64 (%v) and arm64 (%v)", n, a, b)
		}
	}
}
