package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/generated/bundles"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

const schemaUsage = `Usage:
    zero schema [--family NAME] [--schema-version N] ROOT
    zero schema --list

Prints the JSON Schema (draft 2020-12) of a document Zero reads or writes,
as one self-contained file that any validator compiles alone: the root
schema with every schema it refers to embedded under $defs. The default
family is streamjson, whose roots are input (what --input-format
stream-json reads) and output (what -o stream-json writes); the default
version is the family's newest.

Flags:
        --family NAME         streamjson, session, tools, replay or execresult
        --schema-version N    the schema version (default: the newest)
        --list                list every schema: family, version, root, title
    -h, --help                show this help

Examples:
    zero schema output
    zero schema --schema-version 1 output > output.v1.json
    zero schema --family tools bash
    zero schema --list
`

// schemaCmd runs `zero schema`.
func schemaCmd(env Env, args []string) int {
	fs := pflag.NewFlagSet("zero schema", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	family := fs.String("family", "streamjson", "")
	version := fs.Int("schema-version", 0, "")
	list := fs.Bool("list", false, "")
	help := fs.BoolP("help", "h", false, "")
	if err := fs.Parse(args); err != nil {
		return usageFailure(env, err, "zero schema --help")
	}
	switch {
	case *help:
		fmt.Fprint(env.Stdout, schemaUsage)
		return streamjsonv2.ExitCodeSuccess
	case *list && fs.NArg() == 0:
		for _, b := range bundles.List() {
			fmt.Fprintf(env.Stdout, "%s\t%d\t%s\t%s\n", b.Family, b.Version, b.Root, b.Title)
		}
		return streamjsonv2.ExitCodeSuccess
	case *list || fs.NArg() != 1:
		return usageFailure(env, errors.New("want one schema root, such as output, or --list"), "zero schema --help")
	}
	versions := bundles.Versions(*family)
	if len(versions) == 0 {
		return usageFailure(env, fmt.Errorf("unknown schema family %q (see zero schema --list)", *family), "zero schema --help")
	}
	if *version == 0 {
		*version = versions[len(versions)-1]
	}
	data, ok := bundles.Lookup(*family, *version, fs.Arg(0))
	if !ok {
		return usageFailure(env, fmt.Errorf("no schema %q in %s version %d (roots: %s)", fs.Arg(0), *family, *version,
			strings.Join(schemaRoots(*family, *version), ", ")), "zero schema --help")
	}
	if _, err := env.Stdout.Write(data); err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	return streamjsonv2.ExitCodeSuccess
}

// schemaRoots lists the roots of one family and version.
func schemaRoots(family string, version int) []string {
	var out []string
	for _, b := range bundles.List() {
		if b.Family == family && b.Version == version {
			out = append(out, b.Root)
		}
	}
	if len(out) == 0 {
		out = append(out, "none")
	}
	return out
}
