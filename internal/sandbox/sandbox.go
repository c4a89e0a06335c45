package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Options describe where a sandbox's commands run.
type Options struct {
	// Workspace is the directory the commands run in (-C).
	Workspace string
	// Env is the commands' environment; its TMPDIR is a writable root.
	Env []string
	// Getenv reads Zero's own environment (for ForceEnv); nil reads none.
	Getenv func(string) string
}

// Sandbox confines the bash commands of one workspace.
type Sandbox struct {
	settings Settings
	mech     Mechanism
	err      error // why commands cannot run; nil when they can
	spec     spec
}

// spec is what the helper stages need to know, passed to them as JSON.
type spec struct {
	Mech Mechanism `json:"mech"`
	// Writable are the roots commands may write, without ones nested in
	// others; empty in read-only mode.
	Writable []string `json:"writable,omitempty"`
	// Protected are entries of writable roots that stay read-only.
	Protected []string `json:"protected,omitempty"`
	Network   bool     `json:"network,omitempty"`
}

// New returns the sandbox of opts.Workspace under settings. When the mode
// cannot be enforced here, the sandbox's Err says why; every Command then
// fails with it.
func New(settings Settings, opts Options) *Sandbox {
	if settings.Mode == "" {
		settings.Mode = WorkspaceWrite
	}
	s := &Sandbox{settings: settings, mech: None}
	if settings.Mode == DangerFullAccess {
		return s
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	s.mech, s.err = choose(getenv(ForceEnv))
	s.spec = spec{Mech: s.mech, Network: settings.Network}
	if settings.Mode == WorkspaceWrite {
		roots := writableRoots(opts, settings.AddDirs)
		s.spec.Protected = protectedEntries(roots)
		s.spec.Writable = outermost(roots)
	}
	return s
}

// Mode returns the sandbox's mode.
func (s *Sandbox) Mode() Mode { return s.settings.Mode }

// Mechanism returns what enforces the mode: None in danger-full-access
// mode and when nothing can.
func (s *Sandbox) Mechanism() Mechanism { return s.mech }

// Err returns why commands cannot run confined, naming the flag that would
// run them without a sandbox; nil when they can.
func (s *Sandbox) Err() error { return s.err }

// Network reports whether commands may open sockets.
func (s *Sandbox) Network() bool {
	return s.settings.Mode == DangerFullAccess || s.settings.Network
}

// Writable returns the roots commands may write.
func (s *Sandbox) Writable() []string { return slices.Clone(s.spec.Writable) }

// Describe says in one line which sandbox is in force.
func (s *Sandbox) Describe() string {
	if s.settings.Mode == DangerFullAccess {
		return "sandbox danger-full-access: bash commands run with your full rights, network included"
	}
	if s.err != nil {
		return fmt.Sprintf("sandbox %s: unavailable, bash is refused: %v", s.settings.Mode, s.err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "sandbox %s, enforced with %s", s.settings.Mode, mechanismWords(s.mech))
	if s.settings.Mode == WorkspaceWrite {
		fmt.Fprintf(&b, "; writable: %s", strings.Join(s.spec.Writable, ", "))
		fmt.Fprintf(&b, " (%s read-only)", strings.Join(ProtectedNames, ", "))
		if lost := unprotected(s.spec); s.mech == Landlock && len(lost) > 0 {
			fmt.Fprintf(&b, "; Landlock cannot keep %s read-only: they lie in a writable root without being directly in one", strings.Join(lost, ", "))
		}
	} else {
		b.WriteString("; nothing is writable")
	}
	if s.settings.Network {
		b.WriteString("; network allowed (--sandbox-network)")
	} else {
		b.WriteString("; no network (--sandbox-network allows it)")
	}
	return b.String()
}

// mechanismWords names what a mechanism is made of.
func mechanismWords(m Mechanism) string {
	switch m {
	case Namespaces:
		return "user, mount, pid and network namespaces and seccomp"
	case Landlock:
		return "Landlock, seccomp and a subreaper"
	}
	return "nothing"
}

// writableRoots are the workspace, the temp dirs and the added roots,
// resolved, existing and without duplicates.
func writableRoots(opts Options, addDirs []string) []string {
	cands := []string{opts.Workspace, "/tmp", os.TempDir()}
	if tmp := envValue(opts.Env, "TMPDIR"); tmp != "" {
		cands = append(cands, tmp)
	}
	cands = append(cands, addDirs...)
	var roots []string
	for _, c := range cands {
		if c == "" {
			continue
		}
		abs, err := filepath.Abs(c)
		if err != nil {
			continue
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			continue
		}
		if info, err := os.Stat(real); err != nil || !info.IsDir() {
			continue
		}
		if !slices.Contains(roots, real) {
			roots = append(roots, real)
		}
	}
	return roots
}

// outermost drops the roots that lie inside another root, and sorts them.
func outermost(roots []string) []string {
	var out []string
	for _, r := range roots {
		inside := false
		for _, o := range roots {
			if o != r && under(r, o) {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// protectedEntries are the existing protected entries of the roots. A
// protected entry that is a symbolic link protects its target when the
// target lies in a root.
func protectedEntries(roots []string) []string {
	var out []string
	for _, r := range roots {
		for _, name := range ProtectedNames {
			p := filepath.Join(r, name)
			info, err := os.Lstat(p)
			if err != nil {
				continue
			}
			if info.Mode()&os.ModeSymlink != 0 {
				target, err := filepath.EvalSymlinks(p)
				if err != nil || !slices.ContainsFunc(roots, func(root string) bool { return under(target, root) }) {
					continue
				}
				p = target
			}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	slices.Sort(out)
	return out
}

// envValue returns the value of name in env ("NAME=value" entries), the
// last one winning.
func envValue(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val
		}
	}
	return v
}

// protectedIn returns the protected entries directly in root.
func protectedIn(root string, protected []string) []string {
	var out []string
	for _, p := range protected {
		if filepath.Dir(p) == root {
			out = append(out, p)
		}
	}
	return out
}

// unprotected returns the protected entries that Landlock cannot keep
// read-only: those inside a writable root without being directly in it
// (a workspace inside the temp dir), since Landlock can grant a tree but
// not take a subtree back.
func unprotected(sp spec) []string {
	var out []string
	for _, p := range sp.Protected {
		if !slices.Contains(sp.Writable, filepath.Dir(p)) {
			out = append(out, p)
		}
	}
	return out
}
