package redact

import (
	"cmp"
	"strings"
)

// Assignment limits; together they keep the decision within MaxHold.
const (
	maxKey        = 64
	maxSpacesPre  = 4
	maxSpacesPost = 16
	maxScheme     = 16
	maxValue      = 128
	// minLooseCred is the shortest Bearer/Basic credential redacted after
	// a key that is not itself sensitive.
	minLooseCred = 16
)

// assignKey is what the text before a "=" or ":" says about the value.
type assignKey struct {
	sensitive bool   // SensitiveKey
	header    string // KindAuthorization or KindCookie for header-like keys
	spaced    bool   // blanks between key and separator
}

// detectAssignment finds values of sensitive keys at the separator of
// key=value, key: value, "key": "value", KEY = "value" and ?key=value, and
// Bearer/Basic credentials after any key (X-Auth: Bearer abc1...).
func detectAssignment(v view) (hit, verdict) {
	key, ok := readKey(v)
	if !ok {
		return hit{}, no
	}
	k, quote, escaped, vd := valueStart(v)
	if vd != yes {
		return hit{}, vd
	}
	if key.spaced && quote == 0 {
		if key.sensitive {
			return spacedValue(v, k)
		}
		return hit{}, no
	}
	if h, vd := schemeValue(v, key, k, quote, escaped); vd != no {
		return h, vd
	}
	switch {
	case key.header != "":
		return valueHit(v, k, headerValue, key.header)
	case key.sensitive:
		return plainValue(v, k, quote, escaped)
	}
	return hit{}, no
}

// readKey reads the key before the separator at i: an optional closing
// quote (", ' or \") and blanks, then a run of key bytes.
func readKey(v view) (assignKey, bool) {
	k := 1
	spaces, _ := v.backRun(k, blanks, maxSpacesPre+1)
	if spaces > 0 && (v.s[v.i] == ':' || spaces > maxSpacesPre) {
		return assignKey{}, false
	}
	k += spaces
	if b, ok := v.back(k); ok && (b == '"' || b == '\'') {
		k++
		if b, ok := v.back(k); ok && b == '\\' {
			k++
		}
	}
	n, whole := v.backRun(k, keyChars, maxKey+1)
	if n == 0 || n > maxKey || !whole {
		return assignKey{}, false
	}
	var buf [maxKey]byte
	name := appendNormalized(buf[:0], v.s[v.i-k-n+1:v.i-k+1])
	return assignKey{sensitive: sensitiveNormalized(name), header: headerKind(name), spaced: spaces > 0}, true
}

// valueStart skips blanks and an opening quote after the separator and
// returns the offset of the value, the quote byte (0 if none) and whether
// the quote was escaped (\").
func valueStart(v view) (k int, quote byte, escaped bool, vd verdict) {
	n, vd := v.run(1, blanks, maxSpacesPost+1)
	switch {
	case vd == need:
		return 0, 0, false, need
	case n > maxSpacesPost:
		return 0, 0, false, no
	}
	k = 1 + n
	b, ok := v.at(k)
	if !ok {
		return 0, 0, false, v.atEnd()
	}
	switch b {
	case '"', '\'', '`':
		return k + 1, b, false, yes
	case '\\':
		switch v.prefix(k, `\"`) {
		case need:
			return 0, 0, false, need
		case yes:
			return k + 2, '"', true, yes
		}
	}
	return k, 0, false, yes
}

// schemeValue handles values that start with an authentication scheme:
// "Bearer xyz", "Basic xyz". After an Authorization key any scheme counts
// and the rest of the line is replaced; after a sensitive key the
// credential is; after any other key only a Bearer or Basic credential of
// at least minLooseCred bytes with a digit is.
func schemeValue(v view, key assignKey, k int, quote byte, escaped bool) (hit, verdict) {
	n, vd := v.run(k, letters, maxScheme+1)
	if vd == need {
		return hit{}, need
	}
	if n == 0 || n > maxScheme {
		return hit{}, no
	}
	sp, vd := v.run(k+n, blanks, maxSpacesPost+1)
	if vd == need {
		return hit{}, need
	}
	if sp == 0 || sp > maxSpacesPost {
		return hit{}, no
	}
	kind, start := schemeKind(v.slice(k, n)), k+n+sp
	switch {
	case key.header == KindAuthorization:
		return valueHit(v, start, headerValue, cmp.Or(kind, KindAuthorization))
	case kind == "":
		return hit{}, no
	case key.sensitive:
		return valueHit(v, start, valueClass(quote, escaped), kind)
	}
	return looseCred(v, start, kind)
}

// schemeKind maps an authentication scheme to the kind it redacts as.
func schemeKind(scheme string) string {
	switch {
	case strings.EqualFold(scheme, "bearer"):
		return KindBearer
	case strings.EqualFold(scheme, "basic"):
		return KindBasic
	}
	return ""
}

// looseCred redacts a Bearer/Basic credential after a key that is not
// sensitive, when it looks like one: long enough and with a digit.
func looseCred(v view, k int, kind string) (hit, verdict) {
	n, vd := v.run(k, token68, maxValue)
	if vd == need {
		return hit{}, need
	}
	if n < minLooseCred || !digits.has(v.slice(k, n)) {
		return hit{}, no
	}
	return hit{keep: k, n: n, repl: replacement(kind), tail: runSkipper{token68}}, yes
}

// plainValue redacts the value of a sensitive key, quoted or bare.
// Bare values that are references or literals (${X}, $(cmd), {, [, (, <,
// null, true, false) are left alone.
func plainValue(v view, k int, quote byte, escaped bool) (hit, verdict) {
	if h, vd := pemValue(v, k); vd != no {
		return h, vd
	}
	if b, _ := v.at(k); quote == 0 && strings.IndexByte("${[(<=", b) >= 0 {
		return hit{}, no
	}
	c := valueClass(quote, escaped)
	n, vd := v.run(k, c, maxValue)
	if vd == need {
		return hit{}, need
	}
	value := v.slice(k, n)
	if n == 0 || placeholder(value) || (quote == 0 && literal(value)) {
		return hit{}, no
	}
	return hit{keep: k, n: n, repl: replacement(valueKind(value)), tail: runSkipper{c}}, yes
}

// spacedValue redacts a bare value after "key = " only when it looks
// like a secret rather than code (token = strings.TrimSpace(token)): a
// run of token68 bytes that ends the value and is at least 16 bytes long,
// or 6 with a digit. This keeps INI and credentials files covered
// (aws_secret_access_key = wJalr...).
func spacedValue(v view, k int) (hit, verdict) {
	n, vd := v.run(k, token68, maxValue)
	if vd == need {
		return hit{}, need
	}
	if b, ok := v.at(k + n); ok && n < maxValue && !valueEnd[b] {
		return hit{}, no
	}
	value := v.slice(k, n)
	if n < 16 && (n < 6 || !digits.has(value)) {
		return hit{}, no
	}
	return hit{keep: k, n: n, repl: replacement(valueKind(value)), tail: runSkipper{token68}}, yes
}

// valueEnd holds the bytes that may follow a bare value.
var valueEnd = classOf(" \t\r\n;,\"'`")

// pemValue lets a private key block that is a key's value be dropped by
// the PEM rules, which also cover escaped line breaks the value's quoting
// would stop at.
func pemValue(v view, k int) (hit, verdict) {
	at := v
	at.i += k
	if at.i >= len(at.s) {
		return hit{}, at.atEnd()
	}
	h, vd := detectPEM(at)
	h.keep += k
	return h, vd
}

// valueHit replaces the run of class c k bytes after i.
func valueHit(v view, k int, c *class, kind string) (hit, verdict) {
	n, vd := v.run(k, c, maxValue)
	if vd == need {
		return hit{}, need
	}
	if n == 0 || placeholder(v.slice(k, n)) {
		return hit{}, no
	}
	return hit{keep: k, n: n, repl: replacement(kind), tail: runSkipper{c}}, yes
}

// valueClass is the class of a value's bytes given its quoting.
func valueClass(quote byte, escaped bool) *class {
	if quote == 0 {
		return unquotedValue
	}
	return quotedValue(quote, escaped)
}

// placeholder reports values that are not secrets themselves: earlier
// redactions and template references.
func placeholder(value string) bool {
	for _, p := range []string{MarkerPrefix, "${", "$(", "{{"} {
		if strings.HasPrefix(value, p) {
			return true
		}
	}
	return false
}

// literal reports bare values that are language literals, not secrets.
func literal(value string) bool {
	for _, l := range []string{"null", "nil", "none", "true", "false", "undefined"} {
		if strings.EqualFold(value, l) {
			return true
		}
	}
	return false
}

// valuePrefixes name the kind of a sensitive value by how it starts;
// longer prefixes first.
var valuePrefixes = []struct{ prefix, kind string }{
	{"sk-ant-", KindAnthropic}, {"sk-", KindOpenAI},
	{"github_pat_", KindGitHub}, {"ghp_", KindGitHub}, {"gho_", KindGitHub},
	{"ghs_", KindGitHub}, {"ghu_", KindGitHub}, {"ghr_", KindGitHub},
	{"glpat-", KindGitLab}, {"AIza", KindGoogle}, {"xox", KindSlack},
	{"AKIA", KindAWS}, {"ASIA", KindAWS}, {"eyJ", KindJWT},
	{"-----BEGIN", KindPrivateKey},
}

// valueKind names a sensitive value's kind, KindCredential by default.
func valueKind(value string) string {
	for _, p := range valuePrefixes {
		if strings.HasPrefix(value, p.prefix) {
			return p.kind
		}
	}
	return KindCredential
}
