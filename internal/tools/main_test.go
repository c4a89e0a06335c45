package tools

import (
	"fmt"
	"os"
	"testing"
)

// TestMain lets the test binary be the reaper Bash starts, as the zero
// binary is, so that every Bash test runs the way zero runs commands.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == ReaperArg {
		os.Exit(RunReaper(os.Args[2:]))
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	UseReaper(self)
	os.Exit(m.Run())
}
