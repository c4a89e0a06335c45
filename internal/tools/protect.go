package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Protection says that a path lies in a protected place: a file or
// directory that a program the user runs reads as instructions to run
// commands (git's config and hooks, an editor's tasks, another agent's
// hooks). Writing there turns a file edit into code execution, so the
// permission policy grants it only where it grants bash, and write_file
// and edit_file refuse it unless the call was approved for it
// (ApproveProtected).
type Protection struct {
	// Path is the protected file or directory, relative to the workspace
	// root with forward slashes (".git", "web/.husky", "hooks"), or the
	// root itself (".").
	Path string
	// Why says what runs it, as a clause: "git runs ...".
	Why string
	// real is the resolved path whose write the protection is about.
	real string
}

// protectedName is a file or directory name that is protected wherever
// it occurs in the workspace.
type protectedName struct{ name, why string }

// protectedNames is the list of protected names, the one place that
// decides them. Names are compared ignoring case (a case-insensitive file
// system opens .GIT/config as .git/config) and the zero-width characters
// HFS+ ignores. The shell startup files and .gitconfig matter when the
// workspace is a home directory or dotfiles linked into one.
var protectedNames = []protectedName{
	{".git", "git runs the commands its config names (core.fsmonitor, core.pager, aliases, core.hooksPath) and its hooks"},
	{".husky", "git runs these hooks (husky points core.hooksPath here)"},
	{".pre-commit-config.yaml", "pre-commit runs the commands it names when git commits"},
	{".envrc", "direnv runs it when a shell enters the directory"},
	{".vscode", "VS Code runs its tasks and the programs its settings name"},
	{".idea", "JetBrains IDEs run its run configurations and startup tasks"},
	{".zero", "it holds Zero's own configuration"},
	{".agents", "coding agents load their skills and instructions from it"},
	{".claude", "Claude Code runs the hooks and MCP servers it configures"},
	{".codex", "Codex runs the MCP servers and commands it configures"},
	{".mcp.json", "coding agents start the MCP server commands it names"},
	{".gitconfig", "git runs the commands a user config names"},
	{".bashrc", "shells run it at startup"},
	{".bash_profile", "shells run it at startup"},
	{".bash_login", "shells run it at startup"},
	{".profile", "shells run it at startup"},
	{".zshrc", "shells run it at startup"},
	{".zshenv", "shells run it at startup"},
	{".zprofile", "shells run it at startup"},
	{".zlogin", "shells run it at startup"},
}

// whyGitDir and whyHooks explain the protections found by looking at the
// disk rather than by name.
const (
	whyGitDir = "git uses it as a repository's git directory and runs the commands its config names and its hooks"
	whyHooks  = "git runs the hooks in it (core.hooksPath names it)"
)

// ProtectedNames returns the protected file and directory names, in the
// order of the list that decides them.
func ProtectedNames() []string {
	out := make([]string, len(protectedNames))
	for i, p := range protectedNames {
		out[i] = p.name
	}
	return out
}

// Protected reports whether writing path, as the model gives it, would
// change a protected place, and which. A path is protected when one of its
// components is a protected name (ProtectedNames), when it lies in a
// directory git would use as a git directory (one holding HEAD and objects
// and refs, or HEAD and commondir: a bare repository, or the git directory
// a worktree's or submodule's .git file points to), or when it lies in the
// hooks directory that core.hooksPath of its repository names. Both the
// path as written (after cleaning, so sub/../.git/config is .git/config)
// and the path its symlinks lead to are checked. A path Resolve refuses
// is not protected: writing it fails anyway.
func (w *Workspace) Protected(path string) (Protection, bool) {
	real, err := w.Resolve(path)
	if err != nil {
		return Protection{}, false
	}
	return w.protection(path, real)
}

// protection is Protected for path and real, its resolved form.
func (w *Workspace) protection(path, real string) (Protection, bool) {
	for _, p := range []string{w.join(path), real} {
		if !within(w.root, p) {
			continue
		}
		if prot, ok := byName(w.rel(p)); ok {
			prot.real = real
			return prot, true
		}
	}
	if prot, ok := w.inGitDir(real); ok {
		prot.real = real
		return prot, true
	}
	if prot, ok := w.inHooksDir(real); ok {
		prot.real = real
		return prot, true
	}
	return Protection{}, false
}

// byName finds the first component of rel (a path relative to the root)
// that is a protected name.
func byName(rel string) (Protection, bool) {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i, part := range parts {
		n := foldName(part)
		for _, p := range protectedNames {
			if n == p.name {
				return Protection{Path: strings.Join(parts[:i+1], "/"), Why: p.why}, true
			}
		}
	}
	return Protection{}, false
}

// foldName returns name as a case-insensitive file system would compare
// it: lower case, without the zero-width characters HFS+ ignores, and
// without the trailing dots and spaces Windows drops.
func foldName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x206a && r <= 0x206f, r == 0xfeff:
			return -1
		}
		return r
	}, name)
	return strings.ToLower(strings.TrimRight(name, ". "))
}

// inGitDir reports whether real, or a directory above it up to the root,
// is a directory git would take for a git directory.
func (w *Workspace) inGitDir(real string) (Protection, bool) {
	for dir := real; within(w.root, dir); dir = filepath.Dir(dir) {
		if w.isGitDir(dir) {
			return Protection{Path: w.display(dir), Why: whyGitDir}, true
		}
		if dir == w.root {
			break
		}
	}
	return Protection{}, false
}

// isGitDir reports whether dir looks like a git directory the way git
// checks it: a HEAD file, and objects and refs directories or a commondir
// file naming where they are.
func (w *Workspace) isGitDir(dir string) bool {
	rel := w.rel(dir)
	if !w.isKind(filepath.Join(rel, "HEAD"), false) {
		return false
	}
	return w.isKind(filepath.Join(rel, "commondir"), false) ||
		w.isKind(filepath.Join(rel, "objects"), true) && w.isKind(filepath.Join(rel, "refs"), true)
}

// isKind reports whether rel exists inside the root as a directory (dir)
// or a regular file (!dir), without following a final symlink.
func (w *Workspace) isKind(rel string, dir bool) bool {
	info, err := w.dir.Lstat(rel)
	if err != nil {
		return false
	}
	if dir {
		return info.IsDir()
	}
	return info.Mode().IsRegular()
}

// inHooksDir reports whether real lies in the hooks directory that
// core.hooksPath names in the config of the repository holding real.
func (w *Workspace) inHooksDir(real string) (Protection, bool) {
	top, gitDir, ok := repoOf(filepath.Dir(real))
	if !ok {
		return Protection{}, false
	}
	hooks := hooksPath(gitDir)
	if hooks == "" {
		return Protection{}, false
	}
	if !filepath.IsAbs(hooks) {
		hooks = filepath.Join(top, hooks)
	}
	if resolved, err := realPath(filepath.Clean(hooks)); err == nil {
		hooks = resolved
	}
	if !within(hooks, real) || !within(w.root, hooks) {
		return Protection{}, false
	}
	return Protection{Path: w.display(hooks), Why: whyHooks}, true
}

// repoOf finds the repository holding dir as git does, looking in dir and
// then each directory above it for .git: it returns the top of the work
// tree and the git directory (the .git directory, or where a .git file
// points).
func repoOf(dir string) (top, gitDir string, ok bool) {
	for {
		dotgit := filepath.Join(dir, ".git")
		if info, err := os.Lstat(dotgit); err == nil {
			switch {
			case info.IsDir():
				return dir, dotgit, true
			case info.Mode().IsRegular():
				if target, ok := gitFileTarget(dotgit); ok {
					return dir, target, true
				}
			}
			return "", "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
}

// gitFileTarget reads a .git file ("gitdir: PATH") and returns the git
// directory it names, made absolute against the file's directory.
func gitFileTarget(path string) (string, bool) {
	text, err := readSmall(path)
	if err != nil {
		return "", false
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:")
	target = strings.TrimSpace(target)
	if !ok || target == "" {
		return "", false
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(path), target)
	}
	return filepath.Clean(target), true
}

// hooksPath returns core.hooksPath from the config of gitDir, or of the
// common git directory a linked worktree's commondir names; "" when
// neither sets it. Includes and the user's and system's configs are not
// read.
func hooksPath(gitDir string) string {
	dirs := []string{gitDir}
	if common, err := readSmall(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(common)
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		dirs = []string{c, gitDir}
	}
	value := ""
	for _, d := range dirs {
		if text, err := readSmall(filepath.Join(d, "config")); err == nil {
			if v, ok := configValue(text, "core", "hookspath"); ok {
				value = v
			}
		}
	}
	return value
}

// configValue returns the last value of section.key in the git config
// text (names compared ignoring case, subsections not matched).
func configValue(text, section, key string) (string, bool) {
	value, found, in := "", false, false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			name, _, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			in = strings.EqualFold(strings.TrimSpace(name), section) && !strings.Contains(line, "\"")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if in && ok && strings.EqualFold(strings.TrimSpace(k), key) {
			value, found = strings.Trim(strings.TrimSpace(v), "\""), true
		}
	}
	return value, found
}

// maxControlFile bounds what the protection checks read of a git file.
const maxControlFile = 1 << 20

// readSmall reads a regular file of at most maxControlFile bytes. It
// opens without blocking, so a FIFO put in a file's place cannot hang the
// check.
func readSmall(path string) (string, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxControlFile+1))
	if err != nil {
		return "", err
	}
	if len(b) > maxControlFile {
		return "", fmt.Errorf("%s is larger than %d bytes", path, maxControlFile)
	}
	return string(b), nil
}

// approvedKey is the context key of ApproveProtected.
type approvedKey struct{}

// ApproveProtected returns a context under which write_file and edit_file
// may write the protected place p was found for (by Protected, for the
// same path). The permission policy decides; this carries its decision
// to the tool, which refuses a protected path any other context does not
// approve.
func ApproveProtected(ctx context.Context, p Protection) context.Context {
	return context.WithValue(ctx, approvedKey{}, p.real)
}

// approved reports whether ctx approves writing the protected real path.
func approved(ctx context.Context, p Protection) bool {
	real, ok := ctx.Value(approvedKey{}).(string)
	return ok && real == p.real
}

// guardProtected refuses a write of real (path as the model gave it,
// shown as shown) when it is protected and ctx does not approve it. It
// returns whether real is protected, for dropExec.
func guardProtected(ctx context.Context, ws *Workspace, path, real, shown string) (bool, Result, bool) {
	p, protected := ws.protection(path, real)
	if protected && !approved(ctx, p) {
		return true, errorResult("refused to write %s: it is in %s, a protected place (%s), and this call was not approved to write there", shown, p.Path, p.Why), false
	}
	return protected, Result{}, true
}

// dropExec clears the execute bits of the open file f, so that a file
// replaced in a protected place (a git hook) does not stay a program.
func dropExec(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if mode := info.Mode().Perm(); mode&0o111 != 0 {
		return f.Chmod(mode &^ 0o111)
	}
	return nil
}

// dropExecOnDisk clears the execute bits of real on disk, if it exists.
func (w *Workspace) dropExecOnDisk(real string) error {
	f, err := w.open(real, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	return dropExec(f)
}
