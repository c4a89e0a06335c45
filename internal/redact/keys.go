package redact

import "strings"

// sensitiveSuffixes end normalized key names whose values are credentials.
var sensitiveSuffixes = []string{
	"apikey", "password", "passwd", "passphrase", "secret", "token",
	"authorization", "cookie", "privatekey", "secretkey", "accesskey",
	"signingkey", "encryptionkey", "credential", "credentials", "jwt",
}

// sensitiveLast marks the bytes a sensitive normalized name can end with:
// the last bytes of sensitiveSuffixes and sensitiveExact, built by init.
// Most key names end otherwise, and are told apart by one table lookup.
var sensitiveLast [256]bool

func init() {
	for _, s := range sensitiveSuffixes {
		sensitiveLast[s[len(s)-1]] = true
	}
	for s := range sensitiveExact {
		sensitiveLast[s[len(s)-1]] = true
	}
}

// sensitiveExact are normalized key names that are credentials on their own.
var sensitiveExact = map[string]bool{"auth": true}

// notSensitive are normalized names that end like a credential but name
// tokenizer vocabulary, not secrets.
var notSensitive = map[string]bool{
	"eostoken": true, "bostoken": true, "padtoken": true, "unktoken": true,
	"septoken": true, "clstoken": true, "masktoken": true, "stoptoken": true,
}

// SensitiveKey reports whether a value stored under this key name is a
// credential. Names are compared case-insensitively with "_" and "-"
// dropped, and only the part after the last "." counts (so
// spring.datasource.password is sensitive). A name is sensitive when it
// ends with apikey, password, passwd, passphrase, secret, token,
// authorization, cookie, privatekey, secretkey, accesskey, signingkey,
// encryptionkey, credential(s) or jwt, or is auth. So apiKey, api_key,
// X-Api-Key, clientSecret, accessToken, refresh_token and Set-Cookie are
// sensitive, while tokens, promptTokens, maxTokens, tokenizer, token_type
// and secretName are not. It does not allocate for names up to 64 bytes.
func SensitiveKey(name string) bool {
	if !mayBeSensitive(name) {
		return false
	}
	var buf [64]byte
	return sensitiveNormalized(appendNormalized(buf[:0], name))
}

// mayBeSensitive reports whether the normalized name would end with a byte
// of sensitiveLast: its last byte other than "_" and "-", lowercased, and
// none when that byte is the last ".".
func mayBeSensitive(name string) bool {
	for i := len(name) - 1; i >= 0; i-- {
		switch c := name[i]; {
		case c == '_' || c == '-':
		case c == '.':
			return false
		case 'A' <= c && c <= 'Z':
			return sensitiveLast[c+'a'-'A']
		default:
			return sensitiveLast[c]
		}
	}
	return false
}

// sensitiveNormalized is SensitiveKey for a normalized name.
func sensitiveNormalized(n []byte) bool {
	if len(n) == 0 || notSensitive[string(n)] {
		return false
	}
	if sensitiveExact[string(n)] {
		return true
	}
	for _, s := range sensitiveSuffixes {
		if len(n) >= len(s) && string(n[len(n)-len(s):]) == s {
			return true
		}
	}
	return false
}

// appendNormalized appends name lowercased, from after its last ".", with
// "_" and "-" dropped.
func appendNormalized(dst []byte, name string) []byte {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
		case 'A' <= c && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// headerKind classifies normalized keys whose value runs to the end of
// the line: KindAuthorization, KindCookie, or "".
func headerKind(n []byte) string {
	switch string(n) {
	case "authorization", "proxyauthorization":
		return KindAuthorization
	case "cookie", "setcookie":
		return KindCookie
	}
	return ""
}
