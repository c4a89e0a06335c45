package redact

import "strings"

// sensitiveSuffixes end normalized key names whose values are credentials.
var sensitiveSuffixes = []string{
	"apikey", "password", "passwd", "passphrase", "secret", "token",
	"authorization", "cookie", "privatekey", "secretkey", "accesskey",
	"signingkey", "encryptionkey", "credential", "credentials", "jwt",
}

// sensitiveTails marks the last two bytes a sensitive normalized name can
// end with (bit b1<<8|b2): those of sensitiveSuffixes and sensitiveExact,
// built by init. Most key names end otherwise, and are told apart without
// normalizing them.
var sensitiveTails [1 << 16 / 64]uint64

func init() {
	for _, s := range sensitiveSuffixes {
		markTail(s)
	}
	for s := range sensitiveExact {
		markTail(s)
	}
}

func markTail(s string) {
	t := uint16(s[len(s)-2])<<8 | uint16(s[len(s)-1])
	sensitiveTails[t/64] |= 1 << (t % 64)
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

// mayBeSensitive reports whether the normalized name would end with two
// bytes of sensitiveTails: its last two bytes other than "_" and "-" after
// its last ".", lowercased. Every sensitive name has at least two.
func mayBeSensitive(name string) bool {
	var tail [2]byte
	n := 0
	for i := len(name) - 1; i >= 0 && n < 2; i-- {
		switch c := name[i]; {
		case c == '_' || c == '-':
		case c == '.':
			return false
		case 'A' <= c && c <= 'Z':
			n++
			tail[2-n] = c + 'a' - 'A'
		default:
			n++
			tail[2-n] = c
		}
	}
	if n < 2 {
		return false
	}
	t := uint16(tail[0])<<8 | uint16(tail[1])
	return sensitiveTails[t/64]&(1<<(t%64)) != 0
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
