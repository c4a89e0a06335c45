package redact

import "testing"

func TestSensitiveKey(t *testing.T) {
	sensitive := []string{
		"apiKey", "api_key", "API-KEY", "x-api-key", "openai_api_key", "password", "PASSWORD",
		"db_password", "passwd", "passphrase", "secret", "clientSecret", "client_secret",
		"token", "accessToken", "access_token", "refreshToken", "id_token", "GITHUB_TOKEN",
		"authorization", "Authorization", "Proxy-Authorization", "cookie", "Set-Cookie",
		"privateKey", "private_key", "aws_secret_access_key", "secretKey", "signing_key",
		"credentials", "auth", "spring.datasource.password", "jwt",
	}
	plain := []string{
		"", "tokens", "promptTokens", "maxTokens", "max_tokens", "completion_tokens",
		"tokenizer", "token_type", "tokenCount", "secretName", "secrets", "key", "keyId",
		"aws_access_key_id", "author", "authority", "passwordPolicy", "cookies_enabled",
		"eos_token", "pad_token", "session_id", "model", "content",
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
