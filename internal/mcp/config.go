package mcp

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	mcpconfigv1 "github.com/zeroproject/zero/generated/mcpconfig/v1"
	"github.com/zeroproject/zero/internal/redact"
)

// Transports of a ServerConfig.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http"
	TransportSSE   = "sse" // the legacy HTTP+SSE transport: accepted in files, not spoken
)

// ServerConfig is one MCP server, with every ${VAR} already expanded.
type ServerConfig struct {
	Name      string
	Transport string // TransportStdio, TransportHTTP or TransportSSE
	// Source says where the server was configured, for messages (a file
	// name, or "session/new").
	Source  string
	Command string
	Args    []string
	Env     map[string]string
	Cwd     string
	URL     string
	Headers map[string]string
	// Disabled is a server the file turns off ("disabled": true): Start
	// does not start it and says so.
	Disabled bool
	// DisabledTools are tools of the server, by their name on it, that are
	// never offered.
	DisabledTools []string
	// ImpliedHTTP says the file gave url without type, which Zero takes for
	// Streamable HTTP; a failure to start then says so.
	ImpliedHTTP bool
	// Notes say what of the file Zero ignored, and why; Start reports each
	// as a warning.
	Notes []string
}

// serverName is what a server may be called: its tools are named
// mcp__NAME__TOOL, so a name holds no "__" and only characters every
// vendor accepts in a tool name.
var serverName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// CheckServerName reports why name cannot name a server, or nil.
func CheckServerName(name string) error {
	switch {
	case !serverName.MatchString(name):
		return fmt.Errorf("server name %q: use letters, digits, '_' and '-' (at most 64, starting with a letter or digit)", name)
	case strings.Contains(name, "__"):
		return fmt.Errorf("server name %q: '__' separates the server from the tool in mcp__SERVER__TOOL and cannot appear in a server name", name)
	case strings.HasSuffix(name, "_"):
		return fmt.Errorf("server name %q: a trailing '_' would run into the '__' separator", name)
	}
	return nil
}

// LoadConfig reads an mcpServers file. getenv expands ${VAR}; secrets
// receives the values expansions in args, env and headers produced that
// are credentials (see expander.expand), so that the caller can redact
// them. Errors name the file and the JSON Pointer of the problem.
func LoadConfig(path string, getenv func(string) string, secrets func(string)) ([]ServerConfig, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("mcp config %s: %w", path, unwrapPath(err))
	}
	return ParseConfig(path, b, getenv, secrets)
}

// ParseConfig is LoadConfig on the file's bytes; source names the file in
// errors. The file is the mcpServers object that most clients write, or
// the servers object of VS Code.
func ParseConfig(source string, b []byte, getenv func(string) string, secrets func(string)) ([]ServerConfig, error) {
	var doc mcpconfigv1.MCPConfig
	if err := doc.UnmarshalJSON(b); err != nil {
		return nil, fmt.Errorf("mcp config %s: %w", source, err)
	}
	servers, key := doc.McpServers.V, "mcpServers"
	switch {
	case doc.McpServers.Set && doc.Servers.Set:
		return nil, fmt.Errorf("mcp config %s: the file has both mcpServers and servers (VS Code's name); give the servers in one of them", source)
	case doc.Servers.Set:
		servers, key = doc.Servers.V, "servers"
	case !doc.McpServers.Set:
		return nil, fmt.Errorf("mcp config %s: the file has no mcpServers object (nor VS Code's servers), so it names no server", source)
	}
	names := make([]string, 0, len(servers))
	for name := range servers {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []ServerConfig
	var errs []error
	for _, name := range names {
		sc, err := serverConfig(name, servers[name], getenv, secrets)
		if err != nil {
			errs = append(errs, fmt.Errorf("mcp config %s: /%s/%s%w", source, key, pointerEscape(name), err))
			continue
		}
		sc.Source = source
		out = append(out, sc)
	}
	return out, errors.Join(errs...)
}

// pointerError is an error at a JSON Pointer below a server.
type pointerError struct {
	ptr string
	msg string
}

func (e *pointerError) Error() string { return e.ptr + ": " + e.msg }

func at(ptr, format string, args ...any) error {
	return &pointerError{ptr: ptr, msg: fmt.Sprintf(format, args...)}
}

// serverConfig checks one server and expands its variables. A disabled
// server is checked but not expanded: a variable it needs may well be
// unset, since it is not used.
func serverConfig(name string, s mcpconfigv1.MCPServer, getenv func(string) string, secrets func(string)) (ServerConfig, error) {
	if err := CheckServerName(name); err != nil {
		return ServerConfig{}, at("", "%v", err)
	}
	sc := ServerConfig{Name: name, Disabled: s.Disabled.V, DisabledTools: s.DisabledTools.V}
	var err error
	if sc.Transport, sc.ImpliedHTTP, err = transportOf(s); err != nil {
		return ServerConfig{}, err
	}
	if err := checkMembers(sc.Transport, s); err != nil {
		return ServerConfig{}, err
	}
	if sc.Disabled {
		return sc, nil // what it would ignore does not matter
	}
	sc.Notes = ignoredMembers(name, s)
	x := expander{getenv: getenv, secrets: secrets}
	sc.Command = s.Command.V
	sc.Cwd = s.Cwd.V
	sc.Args = x.list("/args", s.Args.V)
	sc.Env = x.mapping("/env", s.Env.V)
	urlPtr, rawURL := "/url", s.URL.V
	if s.ServerURL.Set {
		urlPtr, rawURL = "/serverUrl", s.ServerURL.V
	}
	sc.URL = x.expand(urlPtr, rawURL, "", false)
	sc.Headers = x.mapping("/headers", s.Headers.V)
	if x.err != nil {
		return ServerConfig{}, x.err
	}
	if sc.Transport != TransportStdio {
		if u, err := url.Parse(sc.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return ServerConfig{}, at(urlPtr, "%q is not an http or https URL", sc.URL)
		}
	}
	return sc, nil
}

// transportOf reads type, or Cline's older transportType, as one of
// Zero's transports. Without either, a server with url and no command is
// Streamable HTTP (implied is then true), and any other is stdio.
func transportOf(s mcpconfigv1.MCPServer) (transport string, implied bool, err error) {
	switch {
	case s.Type.Set && s.TransportType.Set && transportName(s.Type.V) != transportName(s.TransportType.V):
		return "", false, at("/transportType", "%q disagrees with type %q; give one of them", s.TransportType.V, s.Type.V)
	case s.Type.Set:
		return transportName(s.Type.V), false, nil
	case s.TransportType.Set:
		return transportName(s.TransportType.V), false, nil
	case (s.URL.Set || s.ServerURL.Set) && !s.Command.Set:
		return TransportHTTP, true, nil
	}
	return TransportStdio, false, nil
}

// transportName maps the names clients write to Zero's: Cline's
// streamableHttp and Roo Code's streamable-http are http.
func transportName(t mcpconfigv1.Transport) string {
	switch t {
	case mcpconfigv1.TransportStdio:
		return TransportStdio
	case mcpconfigv1.TransportSse:
		return TransportSSE
	}
	return TransportHTTP
}

// checkMembers reports members that do not belong to the transport.
func checkMembers(transport string, s mcpconfigv1.MCPServer) error {
	stdio := map[string]bool{"command": s.Command.Set, "args": s.Args.Set, "env": s.Env.Set, "cwd": s.Cwd.Set}
	http := map[string]bool{"url": s.URL.Set, "serverUrl": s.ServerURL.Set, "headers": s.Headers.Set}
	own, other := stdio, http
	if transport != TransportStdio {
		own, other = http, stdio
	}
	for _, k := range sortedKeys(other) {
		if other[k] {
			return at("/"+k, "a %s server has no %s (stdio servers have command, args, env and cwd; http servers url and headers)", transport, k)
		}
	}
	switch {
	case transport == TransportStdio && !own["command"]:
		return at("", "a stdio server needs command (or give url for an http server)")
	case transport != TransportStdio && own["url"] && own["serverUrl"]:
		return at("/serverUrl", "give url or serverUrl (Windsurf's name for it), not both")
	case transport != TransportStdio && !own["url"] && !own["serverUrl"]:
		return at("", "a %s server needs url", transport)
	}
	return nil
}

// ignoredMembers says which members of another client's settings Zero
// reads but does not follow, and why. An empty autoApprove list grants
// nothing anywhere, so it goes without a word.
func ignoredMembers(name string, s mcpconfigv1.MCPServer) []string {
	var notes []string
	for _, m := range []struct {
		key  string
		list []string
	}{{"autoApprove", s.AutoApprove.V}, {"alwaysAllow", s.AlwaysAllow.V}} {
		if len(m.list) > 0 {
			notes = append(notes, fmt.Sprintf("MCP server %s: %s (%s) is ignored: Zero runs an MCP tool without asking only when the permission policy grants it, "+
				"so a pasted file grants nothing; grant tools with --allowed-tools %s%s__TOOL (or %s%s for all of them)",
				name, m.key, strings.Join(m.list, ", "), Prefix, name, Prefix, name))
		}
	}
	if s.Timeout.Set {
		notes = append(notes, fmt.Sprintf("MCP server %s: timeout (%v) is ignored: clients disagree on its unit (Cline counts seconds, Claude Code milliseconds); "+
			"Zero gives every call %s (default %gs)", name, s.Timeout.V, EnvCallTimeout, DefaultCallTimeout.Seconds()))
	}
	return notes
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// expander replaces ${VAR} and ${VAR:-default}, keeping the first error.
type expander struct {
	getenv  func(string) string
	secrets func(string)
	err     error
}

// varRef matches ${VAR}, ${VAR:-default}, and the editors' ${env:VAR}
// and ${input:ID}.
var varRef = regexp.MustCompile(`\$\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*)(:-([^}]*))?\}`)

// editorVars are variables that editors fill in from their own state.
var editorVars = map[string]bool{"workspaceFolder": true, "workspaceFolderBasename": true, "userHome": true, "pathSeparator": true}

// expand replaces the ${VAR} references of s. With secret set, the value
// of a reference is reported to x.secrets when redact.ConfigSecret finds it
// a credential under the variable's name, under name (the env or header
// name, or the argument before s) or under the text before the reference
// (--token=${T}, Bearer ${T}).
func (x *expander) expand(ptr, s, name string, secret bool) string {
	return varRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := varRef.FindStringSubmatch(m)
		if sub[1] == "input" {
			x.fail(at(ptr, "${input:%s} asks an editor to prompt for a value, and Zero asks no one; "+
				"pass the value in a variable of Zero's environment and write ${VAR} instead", sub[2]))
			return ""
		}
		v := x.getenv(sub[2])
		switch {
		case v == "" && sub[3] != "":
			v = sub[4]
		case v == "" && editorVars[sub[2]]:
			x.fail(at(ptr, "${%s} is an editor's variable, which Zero does not fill in; write the value itself, or ${VAR} for a variable of Zero's environment", sub[2]))
		case v == "":
			x.fail(at(ptr, "${%s} is not set in Zero's environment (write ${%s:-default} to give a default)", sub[2], sub[2]))
		}
		if secret && v != "" && x.secrets != nil && credential(v, sub[2], name, s[:strings.Index(s, m)]) {
			x.secrets(v)
		}
		return v
	})
}

// fail keeps err if it is the first.
func (x *expander) fail(err error) {
	if x.err == nil {
		x.err = err
	}
}

// credential reports whether value is a credential under any of names.
func credential(value string, names ...string) bool {
	for _, n := range names {
		if redact.ConfigSecret(n, value) {
			return true
		}
	}
	return false
}

func (x *expander) list(ptr string, in []string) []string {
	var out []string
	for i, s := range in {
		before := ""
		if i > 0 {
			before = in[i-1]
		}
		out = append(out, x.expand(fmt.Sprintf("%s/%d", ptr, i), s, before, true))
	}
	return out
}

func (x *expander) mapping(ptr string, in map[string]string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = x.expand(ptr+"/"+pointerEscape(k), v, k, true)
	}
	return out
}

// pointerEscape escapes a JSON Pointer token.
func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// Merge joins server lists; a name configured twice is an error naming
// both sources.
func Merge(lists ...[]ServerConfig) ([]ServerConfig, error) {
	seen := map[string]ServerConfig{}
	var out []ServerConfig
	for _, list := range lists {
		for _, s := range list {
			if prev, dup := seen[s.Name]; dup {
				return nil, fmt.Errorf("mcp server %q is configured twice (%s and %s)", s.Name, prev.Source, s.Source)
			}
			seen[s.Name] = s
			out = append(out, s)
		}
	}
	return out, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Secrets returns the credentials among the servers' env and header
// values, to be redacted wherever Zero writes, in a fixed order (by server,
// then name). Which values are credentials is redact.ConfigSecret's rule:
// a secret name (API_KEY, GITHUB_TOKEN, Authorization, X-Api-Key, ...)
// with a value that is not a switch or a path, a credential shape, or a
// random-looking run. Every other value (eu-west-1, gpt-4o-mini,
// application/json, /home/me/projects) is data, and redacting it would
// mask it in every file, answer and tool result that happens to contain
// it. A URL's password is a credential on its own; a header value
// "Scheme credentials" gives its credentials alone too, and an env value
// of several words each word that is a credential by its value.
func Secrets(servers []ServerConfig) []string {
	var out []string
	for _, s := range servers {
		out = appendSecrets(out, s.Env, false)
		out = appendSecrets(out, s.Headers, true)
	}
	return out
}

// appendSecrets appends the credentials among the values of m, by name.
func appendSecrets(out []string, m map[string]string, headers bool) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := strings.TrimSpace(m[name])
		if pw := urlPassword(v); pw != "" {
			out = append(out, pw)
		}
		if headers {
			if _, cred, ok := strings.Cut(v, " "); ok {
				if cred = strings.TrimSpace(cred); redact.ConfigSecret(name, cred) {
					out = append(out, v, cred)
				}
				continue
			}
		}
		if redact.ConfigSecret(name, v) {
			out = append(out, v)
		}
		if fields := strings.Fields(v); len(fields) > 1 {
			for _, f := range fields {
				if redact.SecretValue(f) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// urlPassword returns the password of a URL such as
// postgres://user:password@host/db, or "".
func urlPassword(v string) string {
	if !strings.Contains(v, "://") {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || u.User == nil {
		return ""
	}
	pw, _ := u.User.Password()
	return pw
}
