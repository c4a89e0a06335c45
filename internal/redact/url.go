package redact

import "strings"

// URL userinfo limits.
const (
	maxURLUser   = 64
	maxURLPass   = 128
	maxURLScheme = 32
)

// detectURLPassword finds the password of scheme://user:password@host at
// the ":" between user and password and replaces only the password:
// https://user:[REDACTED]@host. It also takes scheme:/user:password@host,
// the form a URL takes after path cleaning (filepath.Clean, which a tool
// applies to a path it echoes, turns "//" into "/").
func detectURLPassword(v view) (hit, verdict) {
	if !afterSchemeAndUser(v) {
		return hit{}, no
	}
	n, vd := v.run(1, urlPass, maxURLPass+1)
	switch {
	case vd == need:
		return hit{}, need
	case n == 0 || n > maxURLPass:
		return hit{}, no
	}
	if vd := v.prefix(1+n, "@"); vd != yes {
		return hit{}, vd
	}
	return hit{keep: 1, n: n, repl: Redacted}, yes
}

// afterSchemeAndUser reports whether the text before the ":" at i is
// "scheme://user" or "scheme:/user".
func afterSchemeAndUser(v view) bool {
	window := v.s[max(v.lo, v.i-maxURLUser-3):v.i]
	if !strings.Contains(window, ":/") {
		return false
	}
	user, whole := v.backRun(1, urlUser, maxURLUser+1)
	if !whole || user > maxURLUser {
		return false
	}
	k := 1 + user
	if b, ok := v.back(k); !ok || b != '/' {
		return false
	}
	k++
	if b, ok := v.back(k); ok && b == '/' {
		k++
	}
	if b, ok := v.back(k); !ok || b != ':' {
		return false
	}
	k++
	scheme, _ := v.backRun(k, schemeChars, maxURLScheme)
	first, ok := v.back(k + scheme - 1)
	return scheme > 0 && ok && letters[first]
}
