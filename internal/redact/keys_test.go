package redact

import (
	"strings"
	"testing"
)

func TestSensitiveKey(t *testing.T) {
	sensitive := []string{
		"apiKey", "api_key", "API-KEY", "x-api-key", "openai_api_key", "password", "PASSWORD",
		"db_password", "passwd", "passphrase", "secret", "clientSecret", "client_secret",
		"token", "accessToken", "access_token", "refreshToken", "id_token", "GITHUB_TOKEN",
		"authorization", "Authorization", "Proxy-Authorization", "cookie", "Set-Cookie",
		"privateKey", "private_key", "aws_secret_access_key", "secretKey", "signing_key",
		"credentials", "auth", "spring.datasource.password", "jwt", "TOKEN_", "Api-Key-", "x.AUTH",
		"a.b.Secret__",
	}
	plain := []string{
		"", "tokens", "promptTokens", "maxTokens", "max_tokens", "completion_tokens",
		"tokenizer", "token_type", "tokenCount", "secretName", "secrets", "key", "keyId",
		"aws_access_key_id", "author", "authority", "passwordPolicy", "cookies_enabled",
		"eos_token", "pad_token", "session_id", "model", "content", "delta", "password.",
		"password.x", "_-", ".", "TOKEN.", "x.-_",
	}
	for _, k := range sensitive {
		if !SensitiveKey(k) {
			t.Errorf("SensitiveKey(%q) = false", k)
		}
	}
	for _, k := range plain {
		if SensitiveKey(k) {
			t.Errorf("SensitiveKey(%q) = true", k)
		}
	}
}

func TestSensitiveKeyDoesNotAllocate(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { SensitiveKey("X-Api-Key") }); n != 0 {
		t.Errorf("SensitiveKey allocates %v times", n)
	}
}

// TestSensitiveKeyFastCheckIsExact checks that the last-byte check never
// refuses a name the full comparison would find sensitive: every word the
// comparison knows, with every byte appended and with decorations.
func TestSensitiveKeyFastCheckIsExact(t *testing.T) {
	words := append([]string{"auth", "x", ""}, sensitiveSuffixes...)
	for w := range notSensitive {
		words = append(words, w)
	}
	for _, w := range words {
		for _, name := range []string{"x_" + w, "A." + w + "__", strings.ToUpper(w[:len(w)/2]) + "-" + w[len(w)/2:] + "-", w + "_" + "s"} {
			var buf [64]byte
			if sensitiveNormalized(appendNormalized(buf[:0], name)) && !mayBeSensitive(name) {
				t.Fatalf("%q: the fast check refuses a sensitive name", name)
			}
		}
		for c := range 256 {
			for _, name := range []string{w, strings.ToUpper(w), w + string([]byte{byte(c)}) + "_", "a." + w + string([]byte{byte(c)}), w + "-" + string([]byte{byte(c)})} {
				var buf [64]byte
				full := sensitiveNormalized(appendNormalized(buf[:0], name))
				if full && !mayBeSensitive(name) {
					t.Fatalf("%q: the fast check refuses a sensitive name", name)
				}
			}
		}
	}
}
