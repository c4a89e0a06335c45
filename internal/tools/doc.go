// Package tools implements the local tools that `zero exec` offers a model:
// read_file, list_directory, glob, grep, write_file, edit_file and bash.
//
// Every tool is a plain Go function. Arguments arrive already decoded (the
// generated tool-argument codec does that), so a tool takes ordinary
// parameters and returns a [Result]:
//
//	ws, err := tools.NewWorkspace(dir)
//	if err != nil { ... }
//	defer ws.Close()
//	res, err := tools.ReadFile(ctx, ws, "main.go", 0, 0)
//
// A tool returns a non-nil error only for internal failures (the process
// cannot continue the call at all). Everything the model can act on — a
// missing file, a path outside the workspace, an ambiguous edit, a non-zero
// exit status — is a Result with IsError set and a message written for the
// model to read.
//
// # Confinement
//
// File tools are confined to a [Workspace]. [Workspace.Resolve] refuses
// paths that escape the root lexically (`..`), absolute paths outside it,
// paths whose symlinks lead outside, and over-long paths. Files are then
// opened through an [os.Root] held on the workspace directory, with
// O_NOFOLLOW on the final component, and the opened descriptor is checked
// once more (through /proc/self/fd where available, else by comparing file
// identities), so a symlink swapped in between the check and the open cannot
// make a read or a write land outside the root. The bash tool is not
// confined: it runs with the workspace as its working directory and whatever
// the permission policy allows. Its processes are killed when it ends:
// its process group, and, where the program calls UseReaper (the zero
// binary on Linux), also those that left the group, through a reaper
// process that adopts them (RunReaper). The package targets Linux and other
// Unix systems (O_NOFOLLOW, process groups, bash).
//
// # Protected places
//
// Some files in a workspace are instructions that programs the user runs
// later carry out: git's config and hooks, direnv's .envrc, an editor's
// tasks, other agents' hooks. [Workspace.Protected] says whether a path
// lies in one (by name, anywhere in the tree; in a directory git would use
// as a git directory; in the directory core.hooksPath names), checking the
// cleaned path and the path its symlinks lead to. write_file and edit_file
// refuse such a path unless the call's context approves it
// ([ApproveProtected], given by the run once the permission policy has
// granted it), and a file they replace there loses its execute bits. A new
// file is never executable.
//
// # Output limits
//
// Every Output is at most [MaxOutputBytes] bytes, cut on a UTF-8 boundary,
// with Truncated set when anything was left out. Bash keeps the head and the
// tail of long output; the other tools keep the head. No cut (of an output,
// a long line, bash's head and tail) splits a run of token bytes (letters,
// digits, "-_.+/=~") shorter than 256 bytes: the whole run is left out, so
// that no piece of a credential too short to be recognised is shown. A
// read_file window that starts inside a private key block starts with the
// block's BEGIN line, for the same reason.
//
// # Whole lines, honest limits
//
// A tool never decides on clipped text. grep matches every line whole and
// clips only the text a row shows (a window around the match, with the
// line's length); read_file cuts a long line only for display and says how
// long it was; a file grep did not search (too large, unreadable, binary,
// excluded by .gitignore) is named or counted in the result.
//
// # Walking
//
// glob and grep walk directory trees in lexical order without following
// symlinks, and skip .git directories. grep also honours .gitignore files as
// git reads them (see ignorer): each file's rules apply beneath its
// directory, deeper files win, "!" re-includes, a trailing "/" means
// directories only, and a directory that is excluded is not entered. Unlike
// ripgrep, the rules apply whether or not the workspace is a git
// repository; .ignore, .git/info/exclude and global excludes are not read.
// A path given to grep is always searched, even an excluded one.
//
// # Line endings
//
// read_file shows lines without their endings. edit_file matches the text
// to replace in the file's own line style (CRLF or LF, by majority) and
// writes the replacement in that style; write_file keeps the style of the
// file it replaces.
//
// # Registry
//
// [Specs] lists the tools in a stable order with their side effects, the
// default permission and a description written for the model; package
// permission decides which of them a run may see and call.
package tools
