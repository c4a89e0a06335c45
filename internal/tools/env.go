package tools

import "strings"

// FilterEnv returns the entries of environ ("NAME=value") whose names drop
// does not report, in their original order. A nil drop means SensitiveEnv.
// Entries without "=" are left out.
func FilterEnv(environ []string, drop func(name string) bool) []string {
	if drop == nil {
		drop = SensitiveEnv
	}
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if ok && name != "" && !drop(name) {
			out = append(out, kv)
		}
	}
	return out
}

// sensitiveEnvParts are substrings of a variable name (upper-cased) that
// mark it as holding a credential.
var sensitiveEnvParts = []string{
	"SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "API_KEY", "APIKEY",
	"PRIVATE_KEY", "ACCESS_KEY", "CREDENTIAL", "AUTH_TOKEN",
}

// SensitiveEnv reports whether an environment variable of this name
// probably holds a credential whose value should not reach a tool's
// process: names containing SECRET, PASSWORD, PASSWD, PASSPHRASE, API_KEY
// (OPENAI_API_KEY, ANTHROPIC_API_KEY), APIKEY, PRIVATE_KEY, ACCESS_KEY,
// CREDENTIAL or AUTH_TOKEN; names with a TOKEN segment (GITHUB_TOKEN,
// NPM_TOKEN, TOKEN_FILE, but not TOKENIZERS_PARALLELISM); and names ending
// in _KEY (STRIPE_KEY). Names are compared case-insensitively. Variables
// that only point at credentials (SSH_AUTH_SOCK, GIT_ASKPASS) are kept.
func SensitiveEnv(name string) bool {
	up := strings.ToUpper(name)
	for _, part := range sensitiveEnvParts {
		if strings.Contains(up, part) {
			return true
		}
	}
	return hasSegment(up, "TOKEN") || strings.HasSuffix(up, "_KEY")
}

// hasSegment reports whether the "_"-separated name has seg as a segment.
func hasSegment(name, seg string) bool {
	for part := range strings.SplitSeq(name, "_") {
		if part == seg {
			return true
		}
	}
	return false
}
