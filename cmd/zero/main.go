// Command zero is the headless agent of the Zero project: `zero exec` runs a
// model with local tools on a prompt and reports the run as text, one JSON
// result, or stream-json events. See package internal/cli, or run
// `zero exec --help`.
package main

import (
	"os"

	"github.com/zeroproject/zero/internal/cli"
	"github.com/zeroproject/zero/internal/sandbox"
)

func main() {
	sandbox.ServeHelper() // first: the binary is also the sandbox's helper
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
