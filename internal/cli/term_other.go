//go:build !linux

package cli

import "os"

// isTerminal reports whether fd is a terminal; outside Linux, any
// character device counts.
func isTerminal(fd uintptr) bool {
	info, err := os.NewFile(fd, "").Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
