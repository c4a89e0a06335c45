//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"unsafe"

	"golang.org/x/sys/unix"
)

// minLandlockABI is the oldest Landlock ABI the Landlock mechanism takes:
// version 6 scopes signals and abstract Unix sockets to the domain.
const minLandlockABI = 6

// landlockABI returns the kernel's Landlock ABI version, 0 without one.
func landlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// rulesetAttr is struct landlock_ruleset_attr as of ABI 6.
type rulesetAttr struct {
	handledFS  uint64
	handledNet uint64
	scoped     uint64
}

// Access rights: reading (and running) files, and everything else a
// writable root allows.
const (
	accessRead = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR
	accessWrite = unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR |
		unix.LANDLOCK_ACCESS_FS_REMOVE_FILE | unix.LANDLOCK_ACCESS_FS_MAKE_CHAR |
		unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO |
		unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK | unix.LANDLOCK_ACCESS_FS_MAKE_SYM |
		unix.LANDLOCK_ACCESS_FS_REFER | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	// accessHandled are the rights of ABI 5; device ioctls are allowed
	// everywhere (terminals need them) and not handled.
	accessHandled = accessRead | accessWrite
)

// writableDevices are the files under /dev that commands write everywhere.
var writableDevices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/pts", "/dev/ptmx"}

// landlockRuleset builds the ruleset of sp: read everywhere, write the
// writable roots (a root with protected entries: its existing entries but
// those, see rootRules), no TCP unless sp.Network, and signals and abstract
// Unix sockets scoped to the domain.
func landlockRuleset(sp spec) (int, error) {
	attr := rulesetAttr{handledFS: accessHandled,
		scoped: unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET}
	if !sp.Network {
		attr.handledNet = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
	} else {
		attr.scoped = unix.LANDLOCK_SCOPE_SIGNAL
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return -1, fmt.Errorf("create ruleset: %w", errno)
	}
	rs := int(fd)
	rules := append([]pathRule{{"/", accessRead}}, deviceRules()...)
	for _, root := range sp.Writable {
		rules = append(rules, rootRules(root, sp.Protected)...)
	}
	for _, r := range rules {
		if err := addPathRule(rs, r); err != nil {
			unix.Close(rs)
			return -1, err
		}
	}
	return rs, nil
}

// pathRule grants access to the hierarchy under path.
type pathRule struct {
	path   string
	access uint64
}

// deviceRules let commands write the harmless devices.
func deviceRules() []pathRule {
	var out []pathRule
	for _, d := range writableDevices {
		access := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE | accessRead)
		if info, err := os.Stat(d); err == nil && !info.IsDir() {
			access = unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE
		}
		out = append(out, pathRule{d, access})
	}
	return out
}

// rootRules grant writes under a writable root. Landlock only adds
// rights, so a root with protected entries directly in it cannot be
// granted as a whole: each of its other entries is, and the root's own
// top level stays read-only (no new files directly in it). Symbolic links
// among the entries are skipped: a rule would follow them.
func rootRules(root string, protected []string) []pathRule {
	inside := protectedIn(root, protected)
	if len(inside) == 0 {
		return []pathRule{{root, accessRead | accessWrite}}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	out := []pathRule{{root, accessRead}}
	for _, e := range entries {
		p := filepath.Join(root, e.Name())
		if e.Type()&os.ModeSymlink != 0 || slices.Contains(inside, p) {
			continue
		}
		out = append(out, pathRule{p, accessRead | accessWrite})
	}
	return out
}

// addPathRule adds r to the ruleset; a path that is gone is skipped.
func addPathRule(rs int, r pathRule) error {
	fd, err := unix.Open(r.path, unix.O_PATH|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Mode&unix.S_IFMT == unix.S_IFLNK {
		return nil
	}
	access := r.access
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		// Only these rights apply to a file.
		access &= unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
			unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	attr := struct {
		allowed uint64
		parent  int32
	}{access, int32(fd)}
	// struct landlock_path_beneath_attr is packed: 12 bytes.
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rs), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&attr)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("add rule for %s: %w", r.path, errno)
	}
	return nil
}

// landlockRestrictSelf enforces the ruleset on the calling thread.
func landlockRestrictSelf(rs int) error {
	defer unix.Close(rs)
	_, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(rs), 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
