package cli

import (
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/internal/tools"
)

// latest is the value of a bare --resume: the most recent session.
const latest = "latest"

// execFlags are the parsed flags of `zero exec`.
type execFlags struct {
	file          string
	inputFormat   string
	outputFormat  string
	schemaVersion int
	provider      string
	model         string
	cwd           string
	resume        string
	fork          string
	listTools     bool
	enabled       []string
	disabled      []string
	allowed       []string
	mode          string
	unsafe        bool
	passEnv       bool
	maxTurns      int
	maxOutput     int // --max-output-tokens; 0: ZERO_MAX_OUTPUT_TOKENS, else the provider's default
	maxOutputSet  bool
	// contextWindow is --context-window; 0: ZERO_CONTEXT_WINDOW, else
	// Zero's table, the server or the vendor's error (docs/context.md).
	contextWindow    int
	contextWindowSet bool
	noCompact        bool // --no-compact
	lastMessage      string
	system           string
	appendSystem     string
	replay           string
	mcpConfigs       []string
	help             bool
	sandboxFlags

	// redactModelInput: tool results reach the model without the secrets
	// Zero holds (see redactModelInput).
	redactModelInput bool

	mcpServers []mcp.ServerConfig // from mcpConfigs, by loadMCP
	mcpSecrets []string           // values ${VAR} expansions produced, to redact

	words  []string        // positional prompt words
	format streamio.Format // parsed outputFormat
	policy permission.Policy
}

// parseExecFlags parses args. Errors are usage errors.
func parseExecFlags(args []string) (*execFlags, error) {
	f := &execFlags{}
	fs := f.flagSet()
	if err := fs.Parse(args); err != nil {
		return nil, usageErrorf("%v", err)
	}
	f.words = fs.Args()
	f.maxOutputSet = fs.Changed("max-output-tokens")
	f.contextWindowSet = fs.Changed("context-window")
	return f, nil
}

// flagSet declares the flags of exec, bound to f. execUsage documents
// each of them.
func (f *execFlags) flagSet() *pflag.FlagSet {
	fs := pflag.NewFlagSet("zero exec", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVarP(&f.file, "file", "f", "", "")
	fs.StringVar(&f.inputFormat, "input-format", "text", "")
	fs.StringVarP(&f.outputFormat, "output-format", "o", "text", "")
	fs.IntVar(&f.schemaVersion, "schema-version", 2, "")
	fs.StringVar(&f.provider, "provider", "", "")
	fs.StringVarP(&f.model, "model", "m", "", "")
	fs.StringVarP(&f.cwd, "cwd", "C", "", "")
	fs.StringVar(&f.resume, "resume", "", "")
	fs.Lookup("resume").NoOptDefVal = latest
	fs.StringVar(&f.fork, "fork", "", "")
	fs.BoolVar(&f.listTools, "list-tools", false, "")
	fs.StringSliceVar(&f.enabled, "enabled-tools", nil, "")
	fs.StringSliceVar(&f.disabled, "disabled-tools", nil, "")
	fs.StringSliceVar(&f.allowed, "allowed-tools", nil, "")
	fs.StringVar(&f.mode, "permission-mode", "", "")
	fs.BoolVar(&f.unsafe, "skip-permissions-unsafe", false, "")
	fs.BoolVar(&f.passEnv, "pass-env", false, "")
	fs.BoolVar(&f.redactModelInput, "redact-model-input", false, "")
	fs.IntVar(&f.maxTurns, "max-turns", run.DefaultMaxTurns, "")
	fs.IntVar(&f.maxOutput, "max-output-tokens", 0, "")
	fs.IntVar(&f.contextWindow, "context-window", 0, "")
	fs.BoolVar(&f.noCompact, "no-compact", false, "")
	fs.StringVar(&f.lastMessage, "output-last-message", "", "")
	fs.StringVar(&f.system, "system-prompt", "", "")
	fs.StringVar(&f.appendSystem, "append-system-prompt", "", "")
	fs.StringVar(&f.replay, "replay", "", "")
	fs.StringArrayVar(&f.mcpConfigs, "mcp-config", nil, "")
	f.addSandboxFlags(fs)
	fs.BoolVarP(&f.help, "help", "h", false, "")
	return fs
}

// validate checks everything that needs no file, network or provider,
// except the prompt, which adoptResumeID may still change.
func (f *execFlags) validate() error {
	checks := []func() error{f.checkFormats, f.checkSessionFlags, f.checkTools, f.checkSandbox, f.checkProvider, f.checkTurns, f.checkContext, f.checkCwd}
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (f *execFlags) checkFormats() error {
	format, err := streamio.ParseFormat(f.outputFormat)
	if err != nil {
		return usageErrorf("%v", err)
	}
	f.format = format
	if f.inputFormat != "text" && f.inputFormat != "stream-json" {
		return usageErrorf("unknown input format %q (want text or stream-json)", f.inputFormat)
	}
	if f.schemaVersion != 1 && f.schemaVersion != 2 {
		return usageErrorf("unknown schema version %d (want 1 or 2)", f.schemaVersion)
	}
	return nil
}

func (f *execFlags) checkSessionFlags() error {
	switch {
	case f.resume != "" && f.fork != "":
		return usageErrorf("--resume and --fork cannot be used together")
	case f.resume != "" && f.resume != latest && !session.ValidID(f.resume):
		return usageErrorf("invalid session id %q", f.resume)
	case f.fork != "" && !session.ValidID(f.fork):
		return usageErrorf("invalid session id %q", f.fork)
	}
	return nil
}

func (f *execFlags) checkTools() error {
	f.enabled, f.disabled = trimAll(f.enabled), trimAll(f.disabled)
	mode, err := f.permissionMode()
	if err != nil {
		return err
	}
	f.policy = permission.Policy{Mode: mode, Enabled: f.enabled, Disabled: f.disabled}
	for _, name := range trimAll(f.allowed) {
		g, err := permission.ParseGrant(name)
		if err != nil {
			return usageErrorf("--allowed-tools: %v", err)
		}
		f.policy.Allowed = append(f.policy.Allowed, g)
	}
	if err := f.policy.Validate(tools.Names()); err != nil {
		return usageErrorf("%s", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return nil
}

// permissionMode reads --permission-mode and its alias
// --skip-permissions-unsafe, which may only be combined with the mode it
// stands for.
func (f *execFlags) permissionMode() (permission.Mode, error) {
	mode, err := permission.ParseMode(f.mode)
	if err != nil {
		return "", usageErrorf("--permission-mode: %v", err)
	}
	if f.unsafe {
		if f.mode != "" && mode != permission.ModeUnsafe {
			return "", usageErrorf("--skip-permissions-unsafe means --permission-mode unsafe and cannot be combined with --permission-mode %s", mode)
		}
		mode = permission.ModeUnsafe
	}
	return mode, nil
}

// trimAll drops spaces around names and empty names.
func trimAll(names []string) []string {
	var out []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func (f *execFlags) checkProvider() error {
	switch f.provider {
	case "", providerOpenAI, providerAnthropic, providerReplay:
	default:
		return usageErrorf("unknown provider %q (want openai, anthropic or replay)", f.provider)
	}
	if f.replay != "" && f.provider != "" && f.provider != providerReplay {
		return usageErrorf("--replay plays a script and cannot be used with --provider %s", f.provider)
	}
	return nil
}

func (f *execFlags) checkTurns() error {
	if f.maxTurns < 1 {
		return usageErrorf("--max-turns must be at least 1 (got %d)", f.maxTurns)
	}
	if f.maxOutput < 0 || f.maxOutputSet && f.maxOutput == 0 {
		return usageErrorf("--max-output-tokens must be at least 1 (got %d)", f.maxOutput)
	}
	return nil
}

func (f *execFlags) checkCwd() error {
	if f.cwd == "" {
		return nil
	}
	info, err := os.Stat(f.cwd)
	if err != nil {
		return usageErrorf("--cwd %s: %v", f.cwd, pathError(err))
	}
	if !info.IsDir() {
		return usageErrorf("--cwd %s: not a directory", f.cwd)
	}
	return nil
}

// noPrompt is the usage error of a run without a prompt.
const noPrompt = "no prompt: give it as arguments, with --file, or on stdin (for example: git diff | zero exec \"review this diff\")"

// checkPrompt checks that the prompt has a source. A stdin that is no
// terminal is one: it is read, and an empty one fails later.
func (f *execFlags) checkPrompt(stdinTerminal bool) error {
	if f.inputFormat == "stream-json" {
		if len(f.words) > 0 {
			return usageErrorf("a prompt on the command line cannot be combined with --input-format stream-json; send it as an input event")
		}
		return nil
	}
	if f.file == "" && !f.hasWords() && stdinTerminal {
		return usageErrorf("%s", noPrompt)
	}
	return nil
}

// hasWords reports whether the prompt words hold more than spaces.
func (f *execFlags) hasWords() bool {
	return strings.TrimSpace(strings.Join(f.words, " ")) != ""
}

// pathError strips the path an *os.PathError repeats.
func pathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
