package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/acp"
	"github.com/zeroproject/zero/internal/mcp"
	"github.com/zeroproject/zero/internal/permission"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/run"
	"github.com/zeroproject/zero/internal/sandbox"
	"github.com/zeroproject/zero/internal/tools"
	"github.com/zeroproject/zero/rt"
)

// acpCmd runs `zero acp args`: an ACP agent over stdin and stdout.
func acpCmd(ctx context.Context, env Env, args []string) int {
	f, err := parseACPFlags(args)
	if err == nil && f.help {
		fmt.Fprint(env.Stdout, acpUsage)
		return streamjsonv2.ExitCodeSuccess
	}
	if err != nil {
		return usageFailure(env, err, "zero acp --help")
	}
	// The MCP names of --allowed-tools are not checked against the files:
	// a client may pass the server they name in session/new.
	if err := f.loadMCPFiles(env.Getenv); err != nil {
		return usageFailure(env, err, "zero acp --help")
	}
	red := redact.NewShared(newRedactor(env, f))
	st, err := openStore(env, red.String, "zero acp")
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero acp: %s\n", red.String("", err.Error()))
		return streamjsonv2.ExitCodeRuntime
	}
	maxOut, err := (&execution{env: env, f: f}).maxOutputTokens()
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero acp: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	redactInput, err := redactModelInput(f, env.Getenv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero acp: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	cfg := acp.Config{In: env.Stdin, Out: env.Stdout, Log: env.Stderr, Store: st, Redactor: red,
		NewProvider: func() (acp.Model, error) { return newACPModel(f, env.Getenv) },
		Policy:      f.policy, BashEnv: acpBashEnv(env, f), MaxTurns: f.maxTurns, MaxOutputTokens: maxOut,
		Version: Version(), MCPServers: f.mcpServers, RedactModelInput: redactInput}
	cfg.Sandbox = func(root string, p permission.Policy) *sandbox.Sandbox {
		return newSandbox(&f.sandboxFlags, p, env, root, cfg.BashEnv)
	}
	if cfg.StartMCP, err = acpMCPStarter(env, red); err != nil {
		fmt.Fprintf(env.Stderr, "zero acp: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	if _, err := chooseProvider(f, env.Getenv); err != nil {
		cfg.AuthMethods = []acpv1.AuthMethod{{ID: "environment", Name: "Set a provider key in the agent's environment",
			Description: rt.Some(rt.Nullable[string]{V: noProviderHelp, Valid: true})}}
	}
	return acp.Serve(ctx, cfg)
}

// newRedactor returns the redactor of a run: it knows the provider keys,
// the values of the --mcp-config servers' env and headers, and what
// ${VAR} expansions in those files produced.
func newRedactor(env Env, f *execFlags) *redact.Redactor {
	secrets := []string{env.Getenv("OPENAI_API_KEY"), env.Getenv("ANTHROPIC_API_KEY")}
	secrets = append(append(secrets, f.mcpSecrets...), mcp.Secrets(f.mcpServers)...)
	return redact.New(secrets...)
}

// acpMCPStarter starts the MCP servers of an ACP session, with the limits
// of the environment.
func acpMCPStarter(env Env, red *redact.Shared) (acp.MCPStarter, error) {
	startup, err := envDuration(env.Getenv, mcp.EnvStartupTimeout)
	if err != nil {
		return nil, err
	}
	call, err := envDuration(env.Getenv, mcp.EnvCallTimeout)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, servers []mcp.ServerConfig, cwd string) (*mcp.Manager, []mcp.Warning, error) {
		return mcp.Start(ctx, servers, mcp.Options{ClientName: "zero", ClientVersion: Version(),
			StartupTimeout: startup, CallTimeout: call, Environ: env.Environ, Cwd: cwd,
			Stderr: env.Stderr, Redact: func(s string) string { return red.String("", s) }})
	}, nil
}

// newACPModel chooses and builds the provider of a session.
func newACPModel(f *execFlags, getenv func(string) string) (acp.Model, error) {
	c, err := chooseProvider(f, getenv)
	if err != nil {
		return acp.Model{}, err
	}
	p := c.build(getenv)
	m, err := contextMeter(f, getenv, c.model)
	if err != nil {
		return acp.Model{}, err
	}
	return acp.Model{Provider: p, Name: c.name, Model: c.model, Context: m}, nil
}

func acpBashEnv(env Env, f *execFlags) []string {
	if f.passEnv {
		return env.Environ
	}
	return tools.FilterEnv(env.Environ, nil)
}

// parseACPFlags parses the flags of acp: the provider and policy flags of
// exec.
func parseACPFlags(args []string) (*execFlags, error) {
	f := &execFlags{}
	fs := pflag.NewFlagSet("zero acp", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.provider, "provider", "", "")
	fs.StringVarP(&f.model, "model", "m", "", "")
	fs.StringSliceVar(&f.allowed, "allowed-tools", nil, "")
	fs.StringSliceVar(&f.disabled, "disabled-tools", nil, "")
	fs.StringVar(&f.mode, "permission-mode", "", "")
	fs.BoolVar(&f.passEnv, "pass-env", false, "")
	fs.BoolVar(&f.redactModelInput, "redact-model-input", false, "")
	fs.IntVar(&f.maxTurns, "max-turns", run.DefaultMaxTurns, "")
	fs.IntVar(&f.maxOutput, "max-output-tokens", 0, "")
	fs.IntVar(&f.contextWindow, "context-window", 0, "")
	fs.BoolVar(&f.noCompact, "no-compact", false, "")
	fs.StringVar(&f.replay, "replay", "", "")
	fs.StringArrayVar(&f.mcpConfigs, "mcp-config", nil, "")
	f.addSandboxFlags(fs)
	fs.BoolVarP(&f.help, "help", "h", false, "")
	if err := fs.Parse(args); err != nil {
		return nil, usageErrorf("%v", err)
	}
	if fs.NArg() > 0 {
		return nil, usageErrorf("zero acp takes no arguments (got %q): the editor sends the prompts", fs.Args()[0])
	}
	f.maxOutputSet = fs.Changed("max-output-tokens")
	f.contextWindowSet = fs.Changed("context-window")
	for _, check := range []func() error{f.checkTools, f.checkSandbox, f.checkProvider, f.checkTurns, f.checkContext} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return f, nil
}

const acpUsage = `Usage:
    zero acp [flags]

Runs Zero as an Agent Client Protocol (ACP) agent: an editor such as Zed starts
it and speaks JSON-RPC 2.0 over stdin and stdout, one message per line. Each ACP
session is a Zero session (see 'zero sessions list'); prompts stream the answer,
reasoning and tool calls, and calls the permission policy leaves to a person are
asked in the editor (allow or reject, once or for the rest of the session).
session/cancel stops the model and any running command. The session modes are
the permission modes default (ask) and accept-edits. Standard output carries only
protocol messages; diagnostics go to standard error. When stdin closes, zero acp
saves its sessions and exits 0.

The provider comes from the environment as for 'zero exec' (OPENAI_API_KEY,
ANTHROPIC_API_KEY, OPENAI_BASE_URL, ZERO_PROVIDER, ZERO_MODEL); without one,
initialize lists an auth method saying what to set.

Flags:
        --provider NAME           openai, anthropic or replay
    -m, --model NAME              the model
        --permission-mode MODE    the first mode of each session: default,
                                  accept-edits or unsafe (unsafe asks nothing)
        --allowed-tools NAMES     tools granted without asking (comma-separated)
        --disabled-tools NAMES    tools never offered
        --pass-env                give bash commands the full environment
                                  (API keys included)
        --sandbox MODE            bash's sandbox in every session: read-only,
                                  workspace-write (default) or
                                  danger-full-access (none); see 'zero exec
                                  --help' (Sandbox). The mode unsafe does not
                                  turn it off
        --sandbox-network         let sandboxed bash commands open sockets
        --add-dir DIR             also let sandboxed commands write under DIR
        --redact-model-input      remove the secrets Zero holds (its API keys, the
                                  credentials of the MCP servers) from tool
                                  results before the model gets them; by
                                  default only what Zero writes and saves is
                                  redacted (default: ZERO_REDACT_MODEL_INPUT
                                  set to 1 or true)
        --max-turns N             model calls per prompt (default 20); reaching
                                  it ends the prompt with max_turn_requests
        --max-output-tokens N     bound each model reply
        --context-window N        the model's context window in tokens, for a
                                  model Zero does not know (default:
                                  ZERO_CONTEXT_WINDOW); see docs/context.md
        --no-compact              never prune or compact the conversation
                                  (default: ZERO_NO_COMPACT set to 1 or true)
        --mcp-config FILE         connect every session to the MCP tool servers
                                  of FILE (repeatable), besides the ones the
                                  editor passes in session/new; every MCP
                                  tool is offered, and a call is asked in the
                                  editor unless --allowed-tools grants it
        --replay FILE             play a replay script instead of a model
    -h, --help                    show this help

Examples:
    zero acp                                  # started by the editor
    zero acp --permission-mode accept-edits   # sessions start granting edits

See docs/acp.md for the editor settings and what maps to what.
`
