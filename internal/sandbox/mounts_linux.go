//go:build linux

package sandbox

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// isolate sets up the mount namespace of the first stage: a fresh /proc
// that shows only the namespace's processes, every mount read-only except
// the writable roots, and the protected entries of those read-only again.
func isolate(sp spec) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount /proc: %w", err)
	}
	// Copies of the writable trees, taken before everything turns
	// read-only, are put back over it.
	clones := make([]int, 0, len(sp.Writable))
	defer func() {
		for _, fd := range clones {
			unix.Close(fd)
		}
	}()
	for _, w := range sp.Writable {
		fd, err := unix.OpenTree(unix.AT_FDCWD, w, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
		if err != nil {
			return fmt.Errorf("copy the mount of %s: %w", w, err)
		}
		clones = append(clones, fd)
	}
	if err := readOnly(unix.AT_FDCWD, "/", 0); err != nil {
		return fmt.Errorf("make / read-only: %w", err)
	}
	for i, w := range sp.Writable {
		if err := unix.MoveMount(clones[i], "", unix.AT_FDCWD, w, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
			return fmt.Errorf("mount %s writable: %w", w, err)
		}
	}
	for _, p := range sp.Protected {
		if err := protect(p); err != nil {
			return fmt.Errorf("keep %s read-only: %w", p, err)
		}
	}
	return nil
}

// protect mounts a read-only copy of the tree at p over p.
func protect(p string) error {
	fd, err := unix.OpenTree(unix.AT_FDCWD, p, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	if err := readOnly(fd, "", unix.AT_EMPTY_PATH); err != nil {
		return err
	}
	return unix.MoveMount(fd, "", unix.AT_FDCWD, p, unix.MOVE_MOUNT_F_EMPTY_PATH)
}

// readOnly makes the mount tree at dirfd/path read-only and nosuid.
func readOnly(dirfd int, path string, flags uint) error {
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
	return unix.MountSetattr(dirfd, path, flags|unix.AT_RECURSIVE, &attr)
}
