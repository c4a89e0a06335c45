package tools

// Tool names as the model sees them.
const (
	NameReadFile      = "read_file"
	NameListDirectory = "list_directory"
	NameGlob          = "glob"
	NameGrep          = "grep"
	NameWriteFile     = "write_file"
	NameEditFile      = "edit_file"
	NameBash          = "bash"
)

// Side effects a tool can have (Spec.SideEffect).
const (
	SideEffectRead    = "read"
	SideEffectWrite   = "write"
	SideEffectShell   = "shell"
	SideEffectNetwork = "network"
)

// Actions a tool performs (Spec.Action).
const (
	ActionRead    = "read"
	ActionList    = "list"
	ActionSearch  = "search"
	ActionWrite   = "write"
	ActionEdit    = "edit"
	ActionExecute = "execute"
)

// Default permissions (Spec.Permission).
const (
	PermissionAllow  = "allow"
	PermissionPrompt = "prompt"
	PermissionDeny   = "deny"
)

// Spec describes one tool for the registry, the permission policy and the
// model.
type Spec struct {
	Name        string
	SideEffect  string // read, write, shell or network
	Action      string // read, list, search, write, edit or execute
	Permission  string // allow, prompt or deny: the default permission
	Reason      string // why the tool has that permission
	Description string // what the model reads about the tool
}

// Specs returns the seven tools in a stable order: read_file,
// list_directory, glob, grep, write_file, edit_file, bash. The slice is
// new on every call.
func Specs() []Spec {
	return []Spec{
		readFileSpec, listDirectorySpec, globSpec, grepSpec,
		writeFileSpec, editFileSpec, bashSpec,
	}
}

// Names returns the tool names in the order of Specs.
func Names() []string {
	specs := Specs()
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
}

const readOnlyReason = "only reads files inside the workspace and cannot change anything"

var readFileSpec = Spec{
	Name: NameReadFile, SideEffect: SideEffectRead, Action: ActionRead,
	Permission: PermissionAllow, Reason: readOnlyReason,
	Description: "Read a text file in the workspace. Returns lines numbered like `cat -n` " +
		"(line number, tab, text). Reads up to 2000 lines from the 1-based line offset " +
		"(default 1); when more lines follow, the last line says which offset continues. " +
		"Lines over 2000 bytes are cut, with a note of their full length. Line endings " +
		"(LF or CRLF) are not shown. Binary files are refused. Paths are relative to " +
		"the workspace root; absolute paths must lie inside it.",
}

var listDirectorySpec = Spec{
	Name: NameListDirectory, SideEffect: SideEffectRead, Action: ActionList,
	Permission: PermissionAllow, Reason: readOnlyReason,
	Description: "List the entries of a directory in the workspace (default: the root), " +
		"sorted by name, one per line. Directories end in \"/\", symlinks in \"@\". " +
		"Use glob to search recursively.",
}

var globSpec = Spec{
	Name: NameGlob, SideEffect: SideEffectRead, Action: ActionSearch,
	Permission: PermissionAllow, Reason: readOnlyReason,
	Description: "Find files and directories by path pattern, e.g. \"**/*.go\" or " +
		"\"internal/**/testdata/*.json\". \"**\" matches any number of directories; \"*\", " +
		"\"?\" and \"[a-z]\" match within one path component; braces give alternatives " +
		"(\"*.{go,md}\"). The pattern is matched " +
		"against paths relative to the search directory (default: the workspace root). " +
		"Returns sorted paths relative to the root, directories ending in \"/\", at most " +
		"1000; a pattern ending in \"/\" finds only directories; .git is skipped.",
}

var grepSpec = Spec{
	Name: NameGrep, SideEffect: SideEffectRead, Action: ActionSearch,
	Permission: PermissionAllow, Reason: readOnlyReason,
	Description: "Search file contents with an RE2 regular expression (Go syntax: no " +
		"lookaround or backreferences). Searches a file or a directory tree (default: the " +
		"workspace root), optionally only files matching a glob (\"*.go\" matches base " +
		"names, \"cmd/**/*.go\" paths, \"*.{go,md}\" either). Whole lines are matched; a " +
		"long line shows a window around the match. Returns \"path:line:text\" rows, 200 " +
		"by default. Walking a directory skips .git and what .gitignore files exclude; " +
		"binary files and files over 8 MiB are not searched. The result says what was " +
		"not searched. Can ignore case.",
}

var writeFileSpec = Spec{
	Name: NameWriteFile, SideEffect: SideEffectWrite, Action: ActionWrite,
	Permission: PermissionPrompt, Reason: "creates or overwrites files in the workspace",
	Description: "Write a whole file in the workspace, creating it and missing parent " +
		"directories, or replacing its contents. Prefer edit_file for changing part of an " +
		"existing file; read a file before overwriting it. An existing file keeps its " +
		"line endings (CRLF or LF).",
}

var editFileSpec = Spec{
	Name: NameEditFile, SideEffect: SideEffectWrite, Action: ActionEdit,
	Permission: PermissionPrompt, Reason: "changes the contents of files in the workspace",
	Description: "Replace one exact occurrence of a text in a file with new text. The old " +
		"text must match the file exactly, including whitespace and indentation (copy it " +
		"from read_file output without the line-number prefix), and must occur exactly " +
		"once: if it occurs several times, include more surrounding lines. Line endings " +
		"need not match: the file keeps its own (CRLF or LF).",
}

var bashSpec = Spec{
	Name: NameBash, SideEffect: SideEffectShell, Action: ActionExecute,
	Permission: PermissionPrompt, Reason: "runs arbitrary commands, which can change or send anything the user can",
	Description: "Run a command with bash -c in the workspace root and return its combined " +
		"stdout and stderr and exit code. No input is available (stdin is empty). The " +
		"default timeout is 120 seconds, at most 10 minutes; the command and every process " +
		"it started are killed on timeout and when it exits, so do not start background " +
		"servers. Long output keeps its beginning and end. Prefer read_file, glob and grep " +
		"for reading and searching.",
}
