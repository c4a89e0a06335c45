//go:build !linux

package tools

import (
	"fmt"
	"os"
)

// reaperSupported is false: only Linux has child subreapers.
const reaperSupported = false

// RunReaper is not available here.
func RunReaper(args []string) int {
	fmt.Fprintln(os.Stderr, "zero: the bash reaper needs Linux")
	return 1
}
