package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/tools"
)

// sandboxFlags are the flags that choose bash's sandbox, shared by exec
// and acp (embedded in execFlags).
type sandboxFlags struct {
	mode    string
	network bool
	addDirs []string
	// settings is what the flags chose, after checkSandbox.
	settings sandbox.Settings
}

// addSandboxFlags declares the sandbox flags on fs.
func (f *sandboxFlags) addSandboxFlags(fs *pflag.FlagSet) {
	fs.StringVar(&f.mode, "sandbox", "", "")
	fs.BoolVar(&f.network, "sandbox-network", false, "")
	fs.StringArrayVar(&f.addDirs, "add-dir", nil, "")
}

// checkSandbox parses the mode and resolves the added roots, which must
// be directories and only go with workspace-write. It tells the policy
// (built by checkTools, which runs first) whether bash is confined.
func (f *execFlags) checkSandbox() error {
	if err := f.sandboxFlags.check(); err != nil {
		return err
	}
	f.policy.BashConfined = f.settings.Mode != sandbox.DangerFullAccess
	return nil
}

// check parses and resolves the sandbox flags.
func (f *sandboxFlags) check() error {
	mode, err := sandbox.ParseMode(f.mode)
	if err != nil {
		return usageErrorf("--sandbox: %v", err)
	}
	f.settings = sandbox.Settings{Mode: mode, Network: f.network}
	if len(f.addDirs) > 0 && mode != sandbox.WorkspaceWrite {
		return usageErrorf("--add-dir makes directories writable in --sandbox workspace-write, not in %s", mode)
	}
	for _, d := range f.addDirs {
		abs, err := filepath.Abs(d)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			return usageErrorf("--add-dir %s: %v", d, pathError(err))
		}
		f.settings.AddDirs = append(f.settings.AddDirs, abs)
	}
	return nil
}

// newSandbox returns bash's sandbox for a workspace, or nil when the
// policy does not offer bash (so nothing is probed for nothing). Under
// Landlock, whose commands see Zero's /proc entries, Zero becomes
// undumpable: processes of the same user then cannot read its memory or
// environment. (The namespaces hide those entries; there Zero stays
// dumpable, because an undumpable parent cannot write the uid map of the
// helper's user namespace.)
func newSandbox(f *sandboxFlags, p permission.Policy, env Env, root string, bashEnv []string) *sandbox.Sandbox {
	if !offersBash(p) {
		return nil
	}
	box := sandbox.New(f.settings, sandbox.Options{Workspace: root, Env: bashEnv, Getenv: env.Getenv})
	if box.Mechanism() == sandbox.Landlock {
		_ = sandbox.MakeUndumpable()
	}
	return box
}

// offersBash reports whether the policy offers the bash tool.
func offersBash(p permission.Policy) bool {
	return slices.ContainsFunc(p.Visible(tools.Specs()), func(s tools.Spec) bool { return s.Name == tools.NameBash })
}

// sandboxStatus is `zero sandbox status`: what the kernel supports and
// which sandbox bash would get with the given flags in the current
// directory.
func sandboxCmd(env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(env.Stdout, sandboxUsage)
		if len(args) == 0 {
			return streamjsonv2.ExitCodeUsage
		}
		return streamjsonv2.ExitCodeSuccess
	}
	if args[0] != "status" {
		return usageFailure(env, usageErrorf("unknown sandbox command %q (want status)", args[0]), "zero sandbox --help")
	}
	var f sandboxFlags
	var cwd string
	fs := pflag.NewFlagSet("zero sandbox status", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	f.addSandboxFlags(fs)
	fs.StringVarP(&cwd, "cwd", "C", ".", "")
	if err := fs.Parse(args[1:]); err != nil {
		return usageFailure(env, usageErrorf("%v", err), "zero sandbox --help")
	}
	if err := f.check(); err != nil {
		return usageFailure(env, err, "zero sandbox --help")
	}
	root, err := filepath.Abs(cwd)
	if err != nil {
		return usageFailure(env, usageErrorf("--cwd %s: %v", cwd, err), "zero sandbox --help")
	}
	box := sandbox.New(f.settings, sandbox.Options{Workspace: root, Env: tools.FilterEnv(env.Environ, nil), Getenv: env.Getenv})
	fmt.Fprint(env.Stdout, supportReport(sandbox.Probe(), env.Getenv(sandbox.ForceEnv)))
	fmt.Fprintln(env.Stdout, box.Describe())
	if box.Err() != nil {
		return streamjsonv2.ExitCodeRuntime
	}
	return streamjsonv2.ExitCodeSuccess
}

// supportReport lists what the kernel offers the sandbox.
func supportReport(sup sandbox.Support, force string) string {
	var b strings.Builder
	ok := func(err error) string {
		if err == nil {
			return "yes"
		}
		return "no (" + err.Error() + ")"
	}
	fmt.Fprintf(&b, "user, mount, pid and network namespaces: %s\n", ok(sup.Namespaces))
	if sup.LandlockABI == 0 {
		b.WriteString("Landlock: no\n")
	} else {
		fmt.Fprintf(&b, "Landlock: ABI %d (the sandbox needs 6 or later)\n", sup.LandlockABI)
	}
	fmt.Fprintf(&b, "seccomp filters: %s\n", ok(sup.Seccomp))
	if force != "" {
		fmt.Fprintf(&b, "%s=%s\n", sandbox.ForceEnv, force)
	}
	return b.String()
}

const sandboxUsage = `Usage:
    zero sandbox status [--sandbox MODE] [--sandbox-network] [--add-dir DIR] [-C DIR]

Says what the kernel offers bash's sandbox (user namespaces, Landlock,
seccomp) and which sandbox 'zero exec' and 'zero acp' would use with these
flags in DIR (default: the current directory). Exits 3 when that sandbox
cannot be set up, in which case bash is refused.

See 'zero exec --help' (Sandbox) and docs/sandbox.md.
`

// sandboxHelp ends exec's help with what this machine offers the sandbox
// and the one bash gets by default here.
func sandboxHelp(env Env) string {
	box := sandbox.New(sandbox.Settings{}, sandbox.Options{Workspace: ".", Env: tools.FilterEnv(env.Environ, nil), Getenv: env.Getenv})
	return "\nSandbox on this machine:\n" + indent(supportReport(sandbox.Probe(), env.Getenv(sandbox.ForceEnv))+box.Describe()+"\n")
}

// indent indents every line by four spaces.
func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ") + "\n"
}
