package redact

import (
	"cmp"
	"slices"
	"strings"
)

// Redacted replaces the whole value of a sensitive key.
const Redacted = "[REDACTED]"

// MarkerPrefix begins every marker a redaction leaves: Redacted and
// "[REDACTED:kind]".
const MarkerPrefix = "[REDACTED"

// HasMarker reports whether s holds a marker a redaction left, "[REDACTED]"
// or "[REDACTED:kind]".
func HasMarker(s string) bool { return strings.Contains(s, MarkerPrefix) }

// MinSecretLen is the shortest secret value New accepts, and the shortest
// known secret anything in Zero may cut out of text: a shorter one (an API
// key of "x" or "test") would be matched inside ordinary words, and a
// message such as "syntax error: unexpected" would lose every x. A short
// value is still removed where a sensitive name labels it (a JSON key such
// as "apiKey", KEY=value, an Authorization header), since those rules do
// not need to know the value.
const MinSecretLen = 8

// Redactor removes credentials from text. It is safe for concurrent use;
// the zero value and a nil *Redactor redact shapes but know no secret
// values.
type Redactor struct {
	secrets [256][]string // exact values by first byte, longest first
	longest int
	anchors [256]bool // bytes a secret can start with
	// wordOnly marks anchors that start a secret only at a word boundary
	// (the token shapes), unless a configured secret starts with them.
	wordOnly [256]bool
	trigger  [256]bool // bytes every secret contains at least one of
	ready    bool      // built by New or Known
	// knownOnly: the Redactor removes only its exact values (Known).
	knownOnly bool
}

// New returns a Redactor that also removes the exact secret values given,
// such as the API keys Zero itself was configured with. Values shorter
// than MinSecretLen are ignored, as are duplicates.
func New(secrets ...string) *Redactor {
	return build(false, secrets)
}

// Known returns a Redactor that removes only the exact secret values r
// was given, each as "[REDACTED:secret]": no credential shapes, and values
// of sensitive keys stay. It is for text that must stay true to its
// source except for the secrets Zero holds, such as tool output sent to
// the model: a made-up key in a test fixture, or password=... in an
// example file, is then read as written.
func (r *Redactor) Known() *Redactor {
	return build(true, r.use().values())
}

// build returns a Redactor of the given secret values, knowing the
// credential shapes unless knownOnly is set.
func build(knownOnly bool, secrets []string) *Redactor {
	r := &Redactor{ready: true, knownOnly: knownOnly}
	if !knownOnly {
		r.init()
	}
	for _, s := range secrets {
		r.addSecret(s)
	}
	for b := range r.secrets {
		slices.SortFunc(r.secrets[b], func(x, y string) int { return cmp.Compare(len(y), len(x)) })
	}
	return r
}

// plain is the Redactor used for a nil receiver.
var plain = New()

// init sets the anchor and trigger bytes of the built-in shapes.
func (r *Redactor) init() {
	for _, b := range []byte("=:-sgxAe") {
		r.anchors[b] = true
	}
	for _, b := range []byte("sgxAe") {
		r.wordOnly[b] = true
	}
	for _, b := range []byte("=:-_AJ") {
		r.trigger[b] = true
	}
}

// addSecret registers one exact value.
func (r *Redactor) addSecret(s string) {
	if len(s) < MinSecretLen || slices.Contains(r.secrets[s[0]], s) {
		return
	}
	r.secrets[s[0]] = append(r.secrets[s[0]], s)
	r.anchors[s[0]] = true
	r.wordOnly[s[0]] = false
	r.trigger[s[0]] = true
	r.longest = max(r.longest, len(s))
}

// startsAt reports whether a secret may start at s[j]: an anchor byte,
// and for word-only anchors, one at the start of a word.
func (r *Redactor) startsAt(s string, j int) bool {
	b := s[j]
	return r.anchors[b] && !(r.wordOnly[b] && j > 0 && tokenChars[s[j-1]])
}

// use returns r, or the plain Redactor when r is nil or a zero value.
func (r *Redactor) use() *Redactor {
	if r == nil || !r.ready {
		return plain
	}
	return r
}

// String returns s with credentials removed. key is the nearest
// enclosing JSON object key of s ("" if none): when it is a sensitive key
// name (see SensitiveKey) a non-empty s becomes "[REDACTED]" as a whole
// (not for a Redactor of Known);
// otherwise credential shapes and configured secrets inside s are replaced
// by "[REDACTED:kind]". s is returned as is, without allocating, when it
// cannot hold a credential.
func (r *Redactor) String(key, s string) string {
	r = r.use()
	if key != "" && s != "" && !r.knownOnly && SensitiveKey(key) {
		return Redacted
	}
	if !r.mayContain(s) {
		return s
	}
	sc := scanner{r: r}
	out := emitter{src: s}
	return out.result(sc.scan(s, 0, true, &out))
}

// mayContain reports whether s has a byte that every credential shape and
// configured secret needs.
func (r *Redactor) mayContain(s string) bool {
	for i := 0; i < len(s); i++ {
		if r.trigger[s[i]] {
			return true
		}
	}
	return false
}

// holdLimit is the most bytes a Stream of r holds back.
func (r *Redactor) holdLimit() int {
	return max(MaxHold, r.longest)
}
