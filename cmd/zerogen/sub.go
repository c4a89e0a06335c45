package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"
)

// subcommands are the zerogen commands beside the default one, which
// generates a Go package. Each takes the arguments after its name. It is
// set in init because generate and check call run, which reads it.
var subcommands map[string]func(args []string, stdout, stderr io.Writer) int

func init() {
	subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{
		"bundle":    runBundle,
		"check":     runCheckConfig,
		"compat":    runCompat,
		"docs":      runDocs,
		"downgrade": runDowngrade,
		"generate":  runGenerateConfig,
		"ts":        runTS,
		"upgrade":   runUpgrade,
	}
}

// subcommandUsage is the part of the main usage that lists subcommands.
const subcommandUsage = `Other commands (run 'zerogen COMMAND --help' for each):
  zerogen bundle --schemas DIR --out DIR [--check]    self-contained schema per root
  zerogen ts --schemas DIR --out DIR [--check]        TypeScript declarations
  zerogen docs --schemas DIR --out DIR [--check]      Markdown reference
  zerogen upgrade --from DIR --from-import PATH --schemas DIR --out DIR --package NAME
                                                      old-to-new version converters
  zerogen downgrade --from DIR --from-import PATH --schemas DIR --out DIR --package NAME [--drop TITLE=REASON]...
                                                      new-to-old version converters
  zerogen compat OLD_DIR NEW_DIR --role consumer|producer [--format json]
                                                      breaking-change report
  zerogen generate [-c FILE]                          every run of zerogen.yaml
  zerogen check [-c FILE]                             the same, writing nothing:
                                                      exit 1 when any output is stale
`

// subFlags makes the flag set of a subcommand, which reports nothing itself.
func subFlags(name string) *pflag.FlagSet {
	fl := pflag.NewFlagSet("zerogen "+name, pflag.ContinueOnError)
	fl.SetOutput(io.Discard)
	return fl
}

// parseSub parses args, handling --help and usage errors; done is true
// when the command must stop and exit with code (0 for --help, 2 for a
// usage error).
func parseSub(fl *pflag.FlagSet, args []string, usageText string, stdout, stderr io.Writer) (code int, done bool) {
	help := fl.BoolP("help", "h", false, "")
	if err := fl.Parse(args); err != nil {
		return subUsageError(stderr, fl.Name(), err.Error()), true
	}
	if *help {
		fmt.Fprint(stdout, usageText)
		return 0, true
	}
	return 0, false
}

func subUsageError(stderr io.Writer, name, msg string) int {
	fmt.Fprintf(stderr, "zerogen: %s\nRun '%s --help' for usage.\n", msg, name)
	return 2
}
