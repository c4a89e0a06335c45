package cli

const mainUsage = `Usage:
    zero exec [flags] [prompt...]     run the agent headless on a prompt
    zero acp [flags]                  serve an editor over the Agent Client Protocol
    zero sessions list [--json]       list saved sessions
    zero sessions show ID [--json]    show one session
    zero sessions delete ID...        delete sessions
    zero sessions prune --older-than AGE | --all [--dry-run]
                                      delete sessions not updated for AGE
    zero schema [--schema-version N] ROOT
                                      print a self-contained JSON Schema
    zero sandbox status               what the kernel offers bash's sandbox
    zero --version                    print the version

Run 'zero exec --help' or 'zero acp --help' for their flags.
`

const execUsage = `Usage:
    zero exec [flags] [prompt...]

Runs the agent on the prompt without asking anyone anything: the model answers,
calls the tools the permission policy allows, and Zero repeats until the model
gives a final answer or --max-turns is reached. Every run is saved as a session
that --resume and --fork continue.

Flags:
    -f, --file PATH               read the prompt from PATH ("-" for stdin); with
                                  words given too, the file comes after them,
                                  separated by a blank line. Without --file, a
                                  stdin that is not a terminal is read the same
                                  way, until it closes (give </dev/null to skip
                                  it); when nothing arrives on it within 2s,
                                  zero says on stderr that it waits
        --input-format FORMAT     text (default) or stream-json: JSONL prompt and
                                  message events from stdin or --file, joined by
                                  a blank line; the first invalid line ends the
                                  run with exit code 2
    -o, --output-format FORMAT    text (default): only the answer on stdout, tool
                                  rows, warnings and errors on stderr, and on a
                                  terminal also a waiting line (with retries)
                                  and the reasoning, dim, in colour unless
                                  NO_COLOR is set;
                                  json: one ExecResult object when the run ends;
                                  stream-json: one event per line as it happens
        --schema-version N        protocol version, 1 or 2 (default 2); with
                                  stream-json, version 1 has no reasoning or
                                  permission events; with json, version 1 of
                                  the ExecResult has no stopReason
        --provider NAME           openai, anthropic or replay (default: ZERO_PROVIDER,
                                  else openai if OPENAI_API_KEY is set, else
                                  anthropic if ANTHROPIC_API_KEY is set; both set
                                  means openai)
    -m, --model NAME              model name (default: ZERO_MODEL, else the
                                  provider's default)
    -C, --cwd DIR                 work in DIR instead of the current directory;
                                  file tools cannot leave it
        --resume[=ID]             continue session ID, or without ID the most
                                  recent session of this directory (-C);
                                  'zero exec --resume ID prompt' also works; ID
                                  may be a unique prefix or suffix of the id
                                  (rpx9u3), and a first word that looks like an
                                  id but names no session is an error. A session
                                  resumed from another directory keeps its
                                  recorded one; --fork records the new one
        --fork ID                 start a new session from a copy of session ID,
                                  leaving ID unchanged
        --list-tools              print the tools this run would offer and exit,
                                  without contacting a provider
        --enabled-tools a,b       offer only these tools
        --disabled-tools a,b      never offer these tools
        --allowed-tools a,b       grant these tools without asking (exact names),
                                  for example --allowed-tools bash; mcp__NAME
                                  grants every tool of MCP server NAME
        --permission-mode MODE    default: only tools marked allow (and
                                  --allowed-tools) run; accept-edits: also
                                  write_file and edit_file, inside the workspace;
                                  unsafe: every tool that is not denied,
                                  including bash, without asking; only for
                                  sandboxes you are ready to lose. unsafe does
                                  not turn bash's sandbox off: that takes
                                  --sandbox danger-full-access
        --skip-permissions-unsafe the same as --permission-mode unsafe
        --sandbox MODE            where bash commands may write (see Sandbox
                                  below): read-only, workspace-write (default)
                                  or danger-full-access (no sandbox at all)
        --sandbox-network         let sandboxed bash commands open sockets
                                  (TCP, UDP, Unix); off by default
        --add-dir DIR             also let sandboxed bash commands write under
                                  DIR (workspace-write; repeatable)
        --pass-env                give bash commands the full environment; by
                                  default variables that look like credentials
                                  (OPENAI_API_KEY, *_TOKEN, *_SECRET, ...) are
                                  removed
        --redact-model-input      also remove the secrets Zero holds (its API keys,
                                  the credentials of --mcp-config servers) from
                                  tool results before the model gets them; by
                                  default the model gets tool output as it is,
                                  and only what Zero prints and saves is
                                  redacted (default: ZERO_REDACT_MODEL_INPUT)
        --max-turns N             stop after N model calls (default 20); reaching
                                  the limit without an answer exits with code 4
        --max-output-tokens N     the most tokens the model may write in one reply
                                  (default: ZERO_MAX_OUTPUT_TOKENS, else 8192 for
                                  Anthropic and the server's own limit for
                                  OpenAI); an answer the limit cuts off ends the
                                  run with error max_output_tokens and exit
                                  code 4, a cut tool call does not run and the
                                  model is told why
        --context-window N        the model's context window in tokens, for a
                                  model Zero does not know (default:
                                  ZERO_CONTEXT_WINDOW, else Zero's table, else
                                  what the server or its first error says).
                                  Past 80% of it Zero clips old tool output,
                                  then has the model summarize older turns;
                                  see docs/context.md
        --no-compact              never clip or summarize the conversation; a
                                  request the model finds too long then ends
                                  the run with error context_window_exceeded
                                  (default: ZERO_NO_COMPACT set to 1 or true)
        --system-prompt TEXT      replace Zero's system prompt with TEXT
        --append-system-prompt TEXT
                                  add TEXT at the end of the system prompt
        --output-last-message FILE
                                  also write the final answer alone to FILE
                                  (nothing is written when the run has none)
        --replay FILE             play a replay script (schema/replay/v1) instead
                                  of calling a model; implies --provider replay,
                                  which without --replay plays a built-in demo
        --mcp-config FILE         start the MCP tool servers of FILE (the MCP
                                  file of Claude Code, Claude Desktop, Cursor,
                                  Cline, Roo Code, Windsurf or VS Code, pasted
                                  as it is; repeatable) and offer their tools
                                  as mcp__SERVER__TOOL; see MCP servers below
    -h, --help                    show this help

Tools: read_file, list_directory, glob and grep are allowed by default;
write_file and edit_file need --permission-mode accept-edits, and bash needs
--allowed-tools bash (each of them can be granted that way), or
--skip-permissions-unsafe for all. Nobody can approve a call during a headless
run: a call the policy does not grant does not run, and the model gets an error
result saying so. A tool given to --enabled-tools that would need approval is
not offered, with a warning. write_file and edit_file never write protected
places, files other programs run as commands (.git anywhere and any git
directory, the core.hooksPath directory, .husky, .envrc, .vscode, .zero,
.agents and others: see docs/permissions.md), unless the run grants bash
outside its sandbox too (--allowed-tools bash or --permission-mode unsafe,
with --sandbox danger-full-access); a file replaced there loses its execute
bits.

Sandbox: bash commands run in a sandbox whenever bash is granted, with the
permission mode unsafe too. workspace-write (the default) lets them write only
under the workspace (-C), /tmp, the system temp dir and $TMPDIR, and the
--add-dir roots, and keeps .git, .zero and .agents in those read-only (so git
commit fails: run it yourself, or use --sandbox danger-full-access);
read-only lets them write nothing (building or testing in the workspace then
fails). They read everything else, have no network unless --sandbox-network,
cannot signal or inspect processes outside their own tree or read Zero's
memory and environment, and everything they start ends when they end, setsid
or not. Credentials stay out of their environment as before (--pass-env).
A command the sandbox blocked gets a result that says so and names the flag
that would allow it. Zero uses user, mount, pid and network namespaces with
seccomp, or, where the kernel has no user namespaces, Landlock with seccomp;
with neither, bash is refused: nothing runs outside the sandbox unless you
choose --sandbox danger-full-access, and a blocked command is never run again
outside it. 'zero sandbox status' and --list-tools say which sandbox is in
force and what the kernel supports. MCP servers are not sandboxed.

MCP servers: only the files given with --mcp-config are read (never a file of
the project). Servers start in parallel when the run starts; one that fails,
answers garbage or hangs is reported with a warning and the run goes on. Their
tools need approval: --allowed-tools mcp__SERVER (or mcp__SERVER__TOOL) or
--skip-permissions-unsafe; otherwise they are not offered, with a warning. A
server's own claims (readOnlyHint) are shown, never trusted, and so are a
file's autoApprove and alwaysAllow lists, which are reported as ignored, like
timeout; a server with "disabled": true is not started. A stdio server gets
PATH, HOME, the locale, the proxy and certificate settings (HTTPS_PROXY,
NO_PROXY, SSL_CERT_FILE, NODE_EXTRA_CA_CERTS and the like) and a few more of
Zero's variables plus its env from the file: API keys reach it only when the
file passes them (${VAR} and ${env:VAR} expand from Zero's environment). Its
stderr goes to Zero's stderr, prefixed [mcp SERVER].

System prompt: Zero's own (or --system-prompt), then the AGENTS.md file at the
root of the workspace when there is one (its first 64 KiB; a link leading out
of the workspace is not followed), then --append-system-prompt.
--list-tools says whether AGENTS.md will be read.

Exit codes:
    0 success, 1 internal error, 2 usage error or invalid input,
    3 provider, configuration or runtime error, 4 incomplete: the turn limit was
    reached without an answer, or the output-token limit cut the answer off,
    130 interrupted (SIGINT or SIGTERM)

Environment:
    OPENAI_API_KEY, OPENAI_BASE_URL          OpenAI (or compatible server)
                                             (a base URL alone selects a server
                                             that needs no key)
    ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL    Anthropic
    ZERO_PROVIDER, ZERO_MODEL                defaults for --provider and --model
    ZERO_MAX_INPUT_LINE_BYTES                longest stream-json input line
                                             (default 16MiB; accepts KiB, MiB, GiB)
    ZERO_MAX_OUTPUT_TOKENS                   default for --max-output-tokens
    ZERO_CONTEXT_WINDOW                      default for --context-window
    ZERO_NO_COMPACT                          1 or true: --no-compact
    NO_COLOR                                 set (not empty): no colours on a
                                             terminal
    ZERO_IDLE_TIMEOUT                        how long the provider may stay silent,
                                             before it answers and between bytes of
                                             its stream, before the request fails
                                             (default 60s; seconds or 90s, 500ms)
    ZERO_MCP_STARTUP_TIMEOUT                 how long each MCP server may take to start
                                             and list its tools (default 30s)
    ZERO_MCP_CALL_TIMEOUT                    how long an MCP tool call may take before
                                             it is cancelled (default 120s)
    ZERO_REDACT_MODEL_INPUT                  1 or true: --redact-model-input
    XDG_DATA_HOME                            sessions live in
                                             $XDG_DATA_HOME/zero/sessions
                                             (default ~/.local/share/zero/sessions)

Examples:
    zero exec "summarize README.md"
    zero exec --provider replay "try Zero offline"
    git diff | zero exec "review this diff"
    zero exec -o json --output-last-message answer.md "draft release notes"
    zero exec --permission-mode accept-edits --allowed-tools bash "fix the failing test"
    zero exec -o stream-json --skip-permissions-unsafe "fix the failing test"
    echo '{"schemaVersion":2,"type":"prompt","content":"hi"}' |
        zero exec --input-format stream-json -o stream-json
    zero exec -o json -m gpt-5 "list the TODOs" | jq -r .text
    zero exec --resume "now add tests"
    zero exec --fork zero_20260603100000_abc123 "try another approach"
    zero exec --list-tools --skip-permissions-unsafe
    zero exec --allowed-tools bash --add-dir ~/.cache/go-build "run the tests"
    zero exec --allowed-tools bash --sandbox danger-full-access "commit the fix"
    zero exec --mcp-config mcp.json --allowed-tools mcp__github "triage the open issues"
`

const sessionsUsage = `Usage:
    zero sessions list [--json]
    zero sessions show ID [--json]
    zero sessions delete ID...
    zero sessions prune --older-than AGE | --all [--dry-run]

Lists the saved sessions, most recently updated first, with the directory each
was recorded in, or shows one session's metadata and records. A session that
cannot be read is skipped with a warning naming its directory. delete removes
sessions; prune removes every session last updated longer than AGE ago, or
every session with --all. Both print "deleted ID" on stdout for each session
they remove; prune then says on stderr how many it removed, none included. An
ID may be a unique prefix or suffix of the id. Only directories that hold
nothing but the files zero writes are removed, and never a session in use.
Sessions live in $XDG_DATA_HOME/zero/sessions (default
~/.local/share/zero/sessions).

Flags:
    --json              print JSON lines instead of a table: list prints one
                        SessionMeta (schema/session/v1/meta.json) per line; show
                        prints the SessionMeta, then one SessionRecord
                        (schema/session/v1/record.json) per line
    --older-than AGE    for prune: days (30d) or a duration (36h, 90m), more
                        than zero; a number without a unit is refused
    --all               for prune: remove every session, whatever its age
    --dry-run           for prune: print "would delete ID" for each session
                        prune would remove, and remove nothing
    -h, --help          show this help

Exit codes:
    0 success, 2 usage error or unknown, ambiguous or invalid id,
    3 a session could not be read or deleted

Examples:
    zero sessions list
    zero sessions show zero_20260603100000_abc123
    zero sessions show abc123
    zero sessions list --json | jq -r .id
    zero sessions delete abc123 def456
    zero sessions prune --older-than 30d
    zero sessions prune --all --dry-run
`
