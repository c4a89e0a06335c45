package redact

import (
	"math"
	"strings"
)

// Configuration values (the env and headers of an MCP server, the values a
// ${VAR} in its file expands to) are registered with New only when they are
// credentials: a registered value is removed wherever it appears, so a plain
// value such as eu-west-1 or application/json would be cut out of every file,
// answer and session that mentions it. A value is a credential when
//
//   - its name says so ([SecretName]), unless the value is a switch (true,
//     false, yes, no, on, off, enabled, disabled, none, null) or a file path,
//     which names where a credential is rather than being one;
//   - it holds a credential shape the redactor knows (sk-..., ghp_...,
//     AKIA..., a JWT, a private key, password=...; see the package doc); or
//   - it holds a run that looks random ([LooksRandom]).
//
// Region names, project ids, model names, host:port, MIME types, locales,
// time zones, versions, dates, UUIDs and words in any case are none of
// these, whatever their length, digits or symbols.

// secretWords are the last words of names whose values are credentials.
var secretWords = map[string]bool{
	"token": true, "secret": true, "secrets": true, "password": true, "passwd": true,
	"passphrase": true, "pass": true, "pwd": true, "pw": true, "key": true, "apikey": true,
	"auth": true, "authorization": true, "bearer": true, "cookie": true, "credential": true,
	"credentials": true, "creds": true, "jwt": true, "privatekey": true,
}

// plainKeys are words before "key" that make it a name of data, not of a
// credential: a public key, a sort key, a cache key.
var plainKeys = map[string]bool{
	"public": true, "sort": true, "partition": true, "primary": true, "foreign": true,
	"cache": true, "idempotency": true, "hot": true, "shortcut": true,
}

// qualifierWords may follow the word that makes a name secret without
// changing what it names: API_KEY_PROD, GITHUB_TOKEN_2, PASSWORD_B64.
var qualifierWords = map[string]bool{
	"value": true, "b64": true, "base64": true, "encoded": true, "raw": true,
	"prod": true, "production": true, "dev": true, "staging": true, "test": true,
	"live": true, "old": true, "new": true, "primary": true, "secondary": true,
}

// SecretName reports whether a configuration value under this name (an
// environment variable, an HTTP header, a command-line flag such as
// --api-key) is a credential. The name is split into words at every byte
// that is not a letter or digit and at case changes (apiKey, APIKey and
// API_KEY all are api, key), compared without case. A name is secret when
// SensitiveKey says so, or when its last word is token, secret(s),
// password, passwd, passphrase, pass, pwd, pw, key, apikey, auth,
// authorization, bearer, cookie, credential(s), creds, jwt or privatekey,
// after dropping qualifiers that follow it (PROD, 2, V2, B64, ...) and
// digits at its end. "key" after public, sort, partition, primary, foreign,
// cache, idempotency, hot or shortcut names data. So GITHUB_TOKEN,
// X-Api-Key, DB_PASS, Proxy-Authorization and API_KEY_PROD are secret
// names, and MONKEY, TOKEN_URL, AUTH_MODE, KEY_ID, MAX_TOKENS, SECRET_NAME
// and PUBLIC_KEY are not.
func SecretName(name string) bool {
	if SensitiveKey(name) {
		return true
	}
	words := nameWords(name)
	for len(words) > 1 && qualifier(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return false
	}
	// A number stuck to the word (API_KEY2) qualifies it too.
	last := strings.TrimRight(words[len(words)-1], "0123456789")
	if !secretWords[last] {
		return false
	}
	return last != "key" || len(words) < 2 || !plainKeys[words[len(words)-2]]
}

// qualifier reports whether w may follow a secret word: one of
// qualifierWords, a number, or v and a number.
func qualifier(w string) bool {
	if qualifierWords[w] {
		return true
	}
	w = strings.TrimPrefix(w, "v")
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// nameWords splits a name into lowercase words: at bytes that are not
// letters or digits, between a lowercase letter or digit and an uppercase
// letter, and before the last uppercase letter of a run followed by a
// lowercase one (APIKey: api, key).
func nameWords(name string) []string {
	var words []string
	start := -1
	for i := 0; i <= len(name); i++ {
		if i < len(name) && alnumChars[name[i]] {
			if start < 0 {
				start = i
			} else if wordBreak(name, i) {
				words = append(words, strings.ToLower(name[start:i]))
				start = i
			}
			continue
		}
		if start >= 0 {
			words = append(words, strings.ToLower(name[start:i]))
			start = -1
		}
	}
	return words
}

// wordBreak reports whether a new word starts at name[i], a letter or
// digit after another.
func wordBreak(name string, i int) bool {
	prev, c := name[i-1], name[i]
	if !isUpper(c) {
		return false
	}
	if !isUpper(prev) {
		return true
	}
	return i+1 < len(name) && 'a' <= name[i+1] && name[i+1] <= 'z'
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// ConfigSecret reports whether a configuration value given under name is
// a credential, to be registered with New: a secret name and a value that
// is not a switch or a path, or a value that is one whatever its name (see
// SecretName and SecretValue).
func ConfigSecret(name, value string) bool {
	return SecretName(name) && secretUnderName(value) || SecretValue(value)
}

// SecretValue reports whether value is a credential under a name that
// does not say so: it holds a credential shape String would replace with a
// "[REDACTED:kind]" marker, or a run that looks random (LooksRandom). A
// URL's password alone is not enough: the caller registers the password.
func SecretValue(value string) bool {
	return strings.Contains(plain.String("", value), MarkerPrefix+":") || LooksRandom(value)
}

// secretUnderName reports whether value, given under a name SecretName
// accepts, is the credential itself: it is, unless it is empty, a switch
// (true, false, yes, no, on, off, enabled, disabled, none, null) or a file
// path (starting with /, ./, ../ or ~/) that does not look random.
func secretUnderName(value string) bool {
	switch strings.ToLower(value) {
	case "", "true", "false", "yes", "no", "on", "off", "enabled", "disabled", "none", "null":
		return false
	}
	for _, p := range []string{"/", "./", "../", "~/"} {
		if strings.HasPrefix(value, p) && !strings.ContainsAny(value, " \t") {
			return LooksRandom(value)
		}
	}
	return true
}

// Thresholds of LooksRandom.
const (
	// randomMinLen is the fewest letters and digits a random run has: 16
	// random alphanumerics are some 95 bits, a credential's strength, while
	// shorter runs are mostly ids and words.
	randomMinLen = 16
	// randomChanges is the least share of neighbouring letter and digit
	// pairs that change class. Random base62 changes at 45% of its pairs,
	// hex at 47%; words never change inside themselves, and identifiers
	// built of words and numbers seldom do (not once in
	// claude-3-5-sonnet-20241022, at 3 of the 21 pairs of
	// MyCompanyInternalTools).
	randomChanges = 0.2
	// randomEntropy is the least Shannon entropy, in bits per character,
	// of a run's letters and digits: it keeps out repetitions (a1a1a1...),
	// while 16 random hex digits have 3.2 on average and fall under 2.5
	// about once in a thousand.
	randomEntropy = 2.5
)

// LooksRandom reports whether s holds a run that looks like random bytes
// encoded as text (hex, base64, base62): at least 16 letters and digits,
// which may be joined by "+", "/", "=", "-" and "_", where at least one in
// five pairs of neighbouring letters and digits changes class (a letter
// next to a digit, or a lowercase letter before an uppercase one) and the
// letters and digits have an entropy of at least 2.5 bits each. A UUID
// (8-4-4-4-12 hex digits) is an identifier, not a secret. Random values of
// one letter case and no digits, or of fewer than 16 letters and digits,
// are not told apart from words and ids: a name that says secret covers
// them.
//
// Over 100,000 random values each, the rule misses some 1.5% of 16-digit
// hex strings, 0.7% of 16-character base62 ones, at most 0.3% of
// 32-character hex, base62 and base64 ones, and almost none of 64
// characters; 16 characters of base64 have fewer than 16 letters and
// digits four times in ten, and base32 (uppercase and six digits) slips
// through one time in five at any length.
func LooksRandom(s string) bool {
	for i := 0; i < len(s); {
		if !runChars[s[i]] {
			i++
			continue
		}
		j := i
		for j < len(s) && runChars[s[j]] {
			j++
		}
		if randomRun(s[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// runChars are the bytes of a run LooksRandom inspects.
var runChars = classOf("A-Za-z0-9+/=_-")

// randomRun applies LooksRandom's thresholds to one run.
func randomRun(run string) bool {
	var counts [256]int
	n, pairs, changes := 0, 0, 0
	for i := 0; i < len(run); i++ {
		c := run[i]
		if !alnumChars[c] {
			continue
		}
		n++
		counts[c]++
		if i > 0 && alnumChars[run[i-1]] {
			pairs++
			if classChange(run[i-1], c) {
				changes++
			}
		}
	}
	if n < randomMinLen || float64(changes) < randomChanges*float64(pairs) || isUUID(run) {
		return false
	}
	return entropy(&counts, n) >= randomEntropy
}

// classChange reports whether b after a changes class: a letter next to a
// digit, or an uppercase letter after a lowercase one (a capital starting
// a word, as in AcmeCorp, counts once, not twice).
func classChange(a, b byte) bool {
	return digits[a] != digits[b] || ('a' <= a && a <= 'z' && isUpper(b))
}

// entropy is the Shannon entropy, in bits per character, of n characters
// with the given counts.
func entropy(counts *[256]int, n int) float64 {
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return h
}

// isUUID reports whether s is a UUID in its usual text form.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !hexDigits[s[i]] {
				return false
			}
		}
	}
	return true
}

var hexDigits = classOf("0-9a-fA-F")
