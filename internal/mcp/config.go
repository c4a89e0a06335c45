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
// errors.
func ParseConfig(source string, b []byte, getenv func(string) string, secrets func(string)) ([]ServerConfig, error) {
	var doc mcpconfigv1.MCPConfig
	if err := doc.UnmarshalJSON(b); err != nil {
		return nil, fmt.Errorf("mcp config %s: %w", source, err)
	}
	names := make([]string, 0, len(doc.McpServers))
	for name := range doc.McpServers {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []ServerConfig
	var errs []error
	for _, name := range names {
		sc, err := serverConfig(name, doc.McpServers[name], getenv, secrets)
		if err != nil {
			errs = append(errs, fmt.Errorf("mcp config %s: /mcpServers/%s%w", source, pointerEscape(name), err))
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

// serverConfig checks one server and expands its variables.
func serverConfig(name string, s mcpconfigv1.MCPServer, getenv func(string) string, secrets func(string)) (ServerConfig, error) {
	if err := CheckServerName(name); err != nil {
		return ServerConfig{}, at("", "%v", err)
	}
	sc := ServerConfig{Name: name, Transport: TransportStdio}
	if s.Type.Set {
		sc.Transport = string(s.Type.V)
	}
	if err := checkMembers(sc.Transport, s); err != nil {
		return ServerConfig{}, err
	}
	x := expander{getenv: getenv, secrets: secrets}
	sc.Command = s.Command.V
	sc.Cwd = s.Cwd.V
	sc.Args = x.list("/args", s.Args.V)
	sc.Env = x.mapping("/env", s.Env.V)
	sc.URL = x.expand("/url", s.URL.V, "", false)
	sc.Headers = x.mapping("/headers", s.Headers.V)
	if x.err != nil {
		return ServerConfig{}, x.err
	}
	if sc.Transport != TransportStdio {
		if u, err := url.Parse(sc.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return ServerConfig{}, at("/url", "%q is not an http or https URL", sc.URL)
		}
	}
	return sc, nil
}

// checkMembers reports members that do not belong to the transport.
func checkMembers(transport string, s mcpconfigv1.MCPServer) error {
	stdio := map[string]bool{"command": s.Command.Set, "args": s.Args.Set, "env": s.Env.Set, "cwd": s.Cwd.Set}
	http := map[string]bool{"url": s.URL.Set, "headers": s.Headers.Set}
	own, other := stdio, http
	if transport != TransportStdio {
		own, other = http, stdio
	}
	for _, k := range sortedKeys(other) {
		if other[k] {
			return at("/"+k, "a %s server has no %s (stdio servers have command, args, env and cwd; http servers url and headers)", transport, k)
		}
	}
	if transport == TransportStdio && !own["command"] {
		return at("", "a stdio server needs command (or give type http and url)")
	}
	if transport != TransportStdio && !own["url"] {
		return at("", "a %s server needs url", transport)
	}
	return nil
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

var varRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}`)

// expand replaces the ${VAR} references of s. With secret set, the value
// of a reference is reported to x.secrets when redact.ConfigSecret finds it
// a credential under the variable's name, under name (the env or header
// name, or the argument before s) or under the text before the reference
// (--token=${T}, Bearer ${T}).
func (x *expander) expand(ptr, s, name string, secret bool) string {
	return varRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := varRef.FindStringSubmatch(m)
		v := x.getenv(sub[1])
		switch {
		case v == "" && sub[2] != "":
			v = sub[3]
		case v == "" && x.err == nil:
			x.err = at(ptr, "${%s} is not set in Zero's environment (write ${%s:-default} to give a default)", sub[1], sub[1])
		}
		if secret && v != "" && x.secrets != nil && credential(v, sub[1], name, s[:strings.Index(s, m)]) {
			x.secrets(v)
		}
		return v
	})
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
