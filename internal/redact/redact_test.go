package redact

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

func TestStringSensitiveKey(t *testing.T) {
	r := New()
	tests := []struct{ key, in, want string }{
		{"apiKey", "anything at all", Redacted},
		{"Authorization", "Bearer abc", Redacted},
		{"password", "", ""},
		{"maxTokens", "1000", "1000"},
		{"tokens", "sk- alone", "sk- alone"},
		{"content", "key " + redacttest.OpenAIKey, "key [REDACTED:openai]"},
		{"", "password=hunter2fake", "password=[REDACTED:credential]"},
	}
	for _, tt := range tests {
		if got := r.String(tt.key, tt.in); got != tt.want {
			t.Errorf("String(%q, %q) = %q, want %q", tt.key, tt.in, got, tt.want)
		}
	}
}

func TestStringExamples(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	tests := []struct{ in, want string }{
		{"use " + redacttest.OpenAIKey + " now", "use [REDACTED:openai] now"},
		{redacttest.AnthropicKey, "[REDACTED:anthropic]"},
		{"(" + redacttest.GitHubToken + ")", "([REDACTED:github])"},
		{"url https://deploy:FAKEpassw0rd@git.example.com/x", "url https://deploy:[REDACTED]@git.example.com/x"},
		{"https://x.example/?token=abc123&page=2", "https://x.example/?token=[REDACTED:credential]&page=2"},
		{"password=hunter2 API_KEY: abc", "password=[REDACTED:credential] API_KEY: [REDACTED:credential]"},
		{`{"api_key":"abc","model":"m"}`, `{"api_key":"[REDACTED:credential]","model":"m"}`},
		{`{\"api_key\":\"abc\",\"n\":1}`, `{\"api_key\":\"[REDACTED:credential]\",\"n\":1}`},
		{"OPENAI_API_KEY=" + redacttest.OpenAIKey, "OPENAI_API_KEY=[REDACTED:openai]"},
		{"Authorization: Bearer abc.def", "Authorization: Bearer [REDACTED:bearer]"},
		{"authorization: Digest user=\"x\", nonce=\"y\"", "authorization: Digest [REDACTED:authorization]\"x\", nonce=\"y\""},
		{"Authorization: sometoken123", "Authorization: [REDACTED:authorization]"},
		{"Cookie: a=b; c=d\nnext", "Cookie: [REDACTED:cookie]\nnext"},
		{"jwt " + redacttest.JWT + ". Done", "jwt [REDACTED:jwt]. Done"},
		{"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\nafter", "[REDACTED:private_key]\nafter"},
		{`const header = "-----BEGIN RSA PRIVATE KEY-----"`, `const header = "[REDACTED:private_key]"`},
		{"the " + redacttest.ConfiguredSecret + "!", "the [REDACTED:secret]!"},
		{"xx" + redacttest.ConfiguredSecret + "yy", "xx[REDACTED:secret]yy"},
		{"password=[REDACTED:credential]", "password=[REDACTED:credential]"},
		{"api_key = " + redacttest.AWSSecretKey, "api_key = [REDACTED:credential]"},
	}
	for _, tt := range tests {
		if got := r.String("", tt.in); got != tt.want {
			t.Errorf("String(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestStringLongValuesAreDroppedWhole(t *testing.T) {
	r := New()
	long := strings.Repeat("aB3", 500)
	for _, in := range []string{
		"sk-" + long + " end",
		"password=" + long + " end",
		`"token": "` + strings.Repeat("x y ", 300) + `" end`,
		"Cookie: " + strings.Repeat("k=v; ", 300) + "\nend",
	} {
		got := r.String("", in)
		if !strings.HasSuffix(got, " end") && !strings.HasSuffix(got, "\nend") || strings.Contains(got, "aB3") || strings.Contains(got, "x y") || strings.Contains(got, "k=v") {
			t.Errorf("String(%.30q...) = %.80q", in, got)
		}
	}
}

func TestStringUnterminatedPEM(t *testing.T) {
	r := New()
	body := strings.Repeat("QUJD", MaxPEMBytes/2)
	got := r.String("", "-----BEGIN PRIVATE KEY-----\n"+body)
	if got != "[REDACTED:private_key]"+body[MaxPEMBytes-1:] {
		t.Errorf("got %d bytes starting %.40q", len(got), got)
	}
	// Without an END line, the body runs until a byte no key body has.
	got = r.String("", "-----BEGIN PRIVATE KEY-----\nQUJD\nQUJD\nThe end! Next")
	if got != "[REDACTED:private_key]! Next" {
		t.Errorf("unterminated then prose: %q", got)
	}
}

func TestNilAndZeroRedactor(t *testing.T) {
	var nilR *Redactor
	var zero Redactor
	in := "key " + redacttest.GitHubToken
	for _, r := range []*Redactor{nilR, &zero} {
		if got := r.String("", in); got != "key [REDACTED:github]" {
			t.Errorf("String = %q", got)
		}
		s := r.Stream()
		if got := s.Write(in) + s.Flush(); got != "key [REDACTED:github]" {
			t.Errorf("Stream = %q", got)
		}
	}
}

func TestNewIgnoresShortAndDuplicateSecrets(t *testing.T) {
	r := New("short", "", "longenough1", "longenough1", "longenough1-and-more")
	if got := r.String("", "a short word"); got != "a short word" {
		t.Errorf("short secret redacted: %q", got)
	}
	if got := r.String("", "x longenough1-and-more longenough1"); got != "x [REDACTED:secret] [REDACTED:secret]" {
		t.Errorf("got %q", got)
	}
	if len(r.secrets['l']) != 2 {
		t.Errorf("secrets = %q", r.secrets['l'])
	}
}
