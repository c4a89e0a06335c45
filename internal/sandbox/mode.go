package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Mode is how far the commands of the bash tool are confined.
type Mode string

// The modes, in Codex's words.
const (
	// ReadOnly lets commands read but write nothing.
	ReadOnly Mode = "read-only"
	// WorkspaceWrite lets commands write the workspace, the temp dirs and
	// the added roots, except their protected entries.
	WorkspaceWrite Mode = "workspace-write"
	// DangerFullAccess runs commands with the user's full rights.
	DangerFullAccess Mode = "danger-full-access"
)

// Modes lists the modes, most confined first.
var Modes = []Mode{ReadOnly, WorkspaceWrite, DangerFullAccess}

// ParseMode parses a --sandbox value; the empty string is WorkspaceWrite.
func ParseMode(s string) (Mode, error) {
	if s == "" {
		return WorkspaceWrite, nil
	}
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown sandbox mode %q (want read-only, workspace-write or danger-full-access)", s)
}

// ProtectedNames are the entries of every writable root that stay
// read-only: a command that could change them could make git, Zero or
// another agent run code of its choosing later, outside the sandbox.
var ProtectedNames = []string{".git", ".zero", ".agents"}

// Settings are the user's sandbox choices for a run.
type Settings struct {
	Mode Mode
	// Network lets commands open sockets (--sandbox-network).
	Network bool
	// AddDirs are more writable roots (--add-dir), in workspace-write mode.
	AddDirs []string
}

// Check validates the settings: add-dirs must be absolute or are made
// absolute by the caller, and must be directories.
func (s Settings) Check() error {
	if _, err := ParseMode(string(s.Mode)); err != nil {
		return err
	}
	for _, d := range s.AddDirs {
		if !filepath.IsAbs(d) {
			return fmt.Errorf("--add-dir %s: not an absolute path", d)
		}
	}
	return nil
}

// Mechanism is the kernel machinery that enforces a mode.
type Mechanism string

// The mechanisms.
const (
	// None: nothing is enforced (danger-full-access) or nothing can be
	// (see Sandbox.Err).
	None Mechanism = "none"
	// Namespaces: user, mount, pid and network namespaces plus seccomp.
	Namespaces Mechanism = "namespaces"
	// Landlock: Landlock plus seccomp, with a subreaper helper.
	Landlock Mechanism = "landlock"
)

// ForceEnv names the variable that forces a mechanism: "landlock" skips
// the namespaces (to test the second path on a kernel that has both),
// "none" pretends the kernel has neither. Tests set it.
const ForceEnv = "ZERO_SANDBOX_FORCE"

// under reports whether path is root or below it (both clean and
// absolute).
func under(path, root string) bool {
	if root == "/" {
		return true
	}
	return path == root || strings.HasPrefix(path, root+"/")
}
