package mcp

import (
	"sort"
	"strings"
)

// safeEnvNames are the variables of Zero's environment every stdio server
// gets, as the official SDKs pass them: enough to find programs, a home, a
// user, a terminal and a locale, and no credentials; and the proxy and
// certificate settings, without which a server behind a company proxy or
// TLS-inspecting firewall cannot reach its API. The proxies are passed in
// both spellings that programs read.
var safeEnvNames = map[string]bool{
	"PATH": true, "HOME": true, "USER": true, "LOGNAME": true, "SHELL": true, "TERM": true,
	"TMPDIR": true, "TZ": true, "LANG": true, "LANGUAGE": true,
	"HTTPS_PROXY": true, "https_proxy": true, "HTTP_PROXY": true, "http_proxy": true,
	"ALL_PROXY": true, "all_proxy": true, "NO_PROXY": true, "no_proxy": true,
	"SSL_CERT_FILE": true, "SSL_CERT_DIR": true, "NODE_EXTRA_CA_CERTS": true, "REQUESTS_CA_BUNDLE": true,
}

// ServerEnv returns the environment of a stdio server: the safe variables
// of environ (PATH, HOME, locale and the like) plus extra, which wins.
func ServerEnv(environ []string, extra map[string]string) []string {
	var out []string
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || extra[name] != "" {
			continue
		}
		if _, set := extra[name]; set {
			continue
		}
		if safeEnvNames[name] || strings.HasPrefix(name, "LC_") {
			out = append(out, kv)
		}
	}
	names := make([]string, 0, len(extra))
	for k := range extra {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		out = append(out, k+"="+extra[k])
	}
	return out
}
