// Command zero is the headless agent of the Zero project: `zero exec` runs a
// model with local tools on a prompt and reports the run as text, one JSON
// result, or stream-json events. See package internal/cli, or run
// `zero exec --help`.
//
// The binary also serves as the reaper in front of each bash command (see
// tools.RunReaper), started by itself with tools.ReaperArg first.
package main

import (
	"os"

	"github.com/zeroproject/zero/internal/cli"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/tools"
)

func main() {
	sandbox.ServeHelper() // first: the binary is also the sandbox's helper
	if len(os.Args) > 1 && os.Args[1] == tools.ReaperArg {
		os.Exit(tools.RunReaper(os.Args[2:]))
	}
	if self, err := os.Executable(); err == nil {
		tools.UseReaper(self)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
