package redact

import "strings"

// sensitiveSuffixes end normalized key names whose values are credentials.
var sensitiveSuffixes = []string{
	"apikey", "password", "passwd", "passphrase", "secret", "token",
	"authorization", "cookie", "privatekey", "secretkey", "accesskey",
	"signingkey", "encryptionkey", "credential", "credentials", "jwt",
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
// and secretName are not.
func SensitiveKey(name string) bool {
	n := normalizeKey(name)
	if n == "" || notSensitive[n] {
		return false
	}
	if sensitiveExact[n] {
		return true
	}
	for _, s := range sensitiveSuffixes {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// normalizeKey lowercases name, keeps the part after the last ".", and
// drops "_" and "-". It allocates only when name needs changing.
func normalizeKey(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if !needsNormalizing(name) {
		return name
	}
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// needsNormalizing reports whether name has an upper-case letter, "_" or "-".
func needsNormalizing(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c == '_' || c == '-' || ('A' <= c && c <= 'Z') {
			return true
		}
	}
	return false
}

// headerKey classifies keys whose value runs to the end of the line.
func headerKey(normalized string) string {
	switch normalized {
	case "authorization", "proxyauthorization":
		return KindAuthorization
	case "cookie", "setcookie":
		return KindCookie
	}
	return ""
}
