// Package redacttest provides a corpus of FAKE credentials and of prose
// for testing redaction, here and in other packages (session files, the
// stream-json writer): every sample's secrets must be gone after
// redaction, and every prose sample must come through unchanged.
//
// All values are made up. They have the shape of real credentials so that
// detectors fire, and most spell FAKE or fake so nobody mistakes them for
// live ones.
package redacttest

import (
	"fmt"
	"strings"
)

// ConfiguredSecret is a value to pass to redact.New: it has no credential
// shape and is found only because the redactor was told about it.
const ConfiguredSecret = "zero-configured-FAKE-value-7781"

// Fake credentials of each shape, for tests that need one.
const (
	OpenAIKey      = "sk-proj-FAKEfake0000Test1111KeyDoNotUse2222abcdEFGH3333ijkl"
	OpenAILegacy   = "sk-FAKE0123456789abcdefFAKE0123456789abcdefFAKE"
	AnthropicKey   = "sk-ant-api03-FAKEfake0123456789-FAKE_fake0123456789abcdefFAKEfake-AAAAbbbb"
	GitHubToken    = "ghp_FAKEfake0123456789FAKEfake0123456789"
	GitHubPAT      = "github_pat_11FAKE0000_FAKEfake0123456789abcdefFAKEfake0123456789abcdefFAKEfake0123456789ab"
	GitLabToken    = "glpat-FAKEfake0123456789ab"
	GoogleKey      = "AIzaFAKE_fake-0123456789abcdefFAKEfake0"
	SlackToken     = "xoxb-000000000000-0000000000000-FAKEfakeFAKEfake0000"
	AWSAccessKeyID = "AKIAIOSFODNN7EXAMPLE"
	AWSSecretKey   = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	JWT            = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." +
		"eyJzdWIiOiJmYWtlLXVzZXItMDAwMCIsIm5hbWUiOiJGYWtlIFBlcnNvbiIsImlhdCI6MTcwMDAwMDAwMH0." +
		"FAKEsignatureFAKEsignature0123456789abcdefg"
)

// pemBody is a made-up key body: base64 characters, not a real key.
const pemBody = "MIIEowIBAAKCAQEAFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE\n" +
	"fakefakefakefakefakefakefakefakefakefakefakefakefakefakefake0000\n" +
	"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/\n" +
	"FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE\n" +
	"notarealkeynotarealkeynotarealkeynotarealkeynotarealkeynotareal=\n"

// Sample is one corpus entry. For a credential sample, Text carries it
// the way it shows up in practice and Secrets are the substrings that
// must not survive redaction; Kind is the kind in "[REDACTED:kind]"
// ("" when the URL form "[REDACTED]" is used). Prose samples have no
// Secrets and must come through unchanged.
type Sample struct {
	Name    string
	Kind    string
	Text    string
	Secrets []string
}

// IsProse reports whether s must come through redaction unchanged.
func (s Sample) IsProse() bool { return len(s.Secrets) == 0 }

// Corpus returns every credential sample followed by every prose sample.
func Corpus() []Sample {
	return append(Credentials(), Prose()...)
}

// Credentials returns the credential samples.
func Credentials() []Sample {
	return append(append(tokenSamples(), assignmentSamples()...), blockSamples()...)
}

// one is a sample whose whole text is the secret.
func one(name, kind, value string) Sample {
	return Sample{Name: name, Kind: kind, Text: value, Secrets: []string{value}}
}

// tokenSamples are bare tokens of each shape.
func tokenSamples() []Sample {
	return []Sample{
		one("openai-project", "openai", OpenAIKey),
		one("openai-legacy", "openai", OpenAILegacy),
		one("openai-service-account", "openai", "sk-svcacct-FAKEfake0123456789FAKEfake0123456789_-xyz"),
		one("anthropic", "anthropic", AnthropicKey),
		one("github-classic", "github", GitHubToken),
		one("github-oauth", "github", "gho_FAKEfake0123456789FAKEfake0123456789"),
		one("github-server", "github", "ghs_0123456789FAKEfake0123456789FAKEfake"),
		one("github-user", "github", "ghu_FAKE0123456789fake0123456789FAKEfake"),
		one("github-fine-grained", "github", GitHubPAT),
		one("gitlab", "gitlab", GitLabToken),
		one("google", "google", GoogleKey),
		one("slack-bot", "slack", SlackToken),
		one("slack-user", "slack", "xoxp-0000000000-0000000000-0000000000000-FAKEfake0123456789abcdef"),
		one("aws-access-key-id", "aws", AWSAccessKeyID),
		one("aws-session-key-id", "aws", "ASIAFAKE0123456789AB"),
		one("jwt", "jwt", JWT),
		one("configured-secret", "secret", ConfiguredSecret),
	}
}

// assignmentSamples are values of sensitive keys, headers and URLs.
func assignmentSamples() []Sample {
	return []Sample{
		{"env-assignment", "credential", "DB_PASSWORD=correct-horse-FAKE-42", []string{"correct-horse-FAKE-42"}},
		{"password-equals", "credential", "password=hunter2fake", []string{"hunter2fake"}},
		{"yaml-api-key", "credential", "API_KEY: abc123fakekey", []string{"abc123fakekey"}},
		{"json-client-secret", "credential", `"client_secret": "fake-client-secret-0123"`, []string{"fake-client-secret-0123"}},
		{"quoted-spaced", "credential", `api_key = "FAKE key with spaces 0123"`, []string{"FAKE key with spaces 0123"}},
		{"aws-credentials-file", "credential", "aws_secret_access_key = " + AWSSecretKey, []string{AWSSecretKey}},
		{"cli-flag", "credential", "mysql --password=FAKEpass99 -u root", []string{"FAKEpass99"}},
		{"env-dump", "github", "HOME=/home/dev\nGITHUB_TOKEN=" + GitHubToken + "\nPATH=/usr/bin", []string{GitHubToken}},
		{"export-openai", "openai", `export OPENAI_API_KEY="` + OpenAIKey + `"`, []string{OpenAIKey}},
		{"query-token", "credential", "https://api.example.com/v1/items?token=FAKEtok123&page=2", []string{"FAKEtok123"}},
		{"query-api-key", "credential", "https://maps.example.com/geo?q=x&api_key=FAKEapikey77", []string{"FAKEapikey77"}},
		{"auth-bearer", "bearer", "Authorization: Bearer FAKEbearer0123456789token", []string{"FAKEbearer0123456789token"}},
		{"auth-basic", "basic", `curl -H 'Authorization: Basic ZmFrZXVzZXI6ZmFrZXBhc3MtMDAwMA==' https://example.com`, []string{"ZmFrZXVzZXI6ZmFrZXBhc3MtMDAwMA=="}},
		{"auth-json", "bearer", `"headers": {"authorization": "Bearer ` + JWT + `"}`, []string{JWT, "FAKEsignature"}},
		{"auth-loose", "bearer", "X-Upstream-Auth: Bearer FAKE0123456789upstream", []string{"FAKE0123456789upstream"}},
		{"cookie", "cookie", "Cookie: session=FAKEsess0123; csrftoken=FAKEcsrf456", []string{"FAKEsess0123", "FAKEcsrf456"}},
		{"url-password", "", "git clone https://deploy:FAKEpassw0rd@git.example.com/org/repo.git", []string{"FAKEpassw0rd"}},
		{"dsn-password", "", "DATABASE_URL=postgres://app:FAKEdbpass123@db.internal:5432/app", []string{"FAKEdbpass123"}},
		{"url-token-password", "", "https://x-access-token:" + GitHubToken + "@github.com/org/repo", []string{GitHubToken}},
	}
}

// blockSamples are private key blocks, raw and JSON-escaped.
func blockSamples() []Sample {
	rsa := "-----BEGIN RSA PRIVATE KEY-----\n" + pemBody + "-----END RSA PRIVATE KEY-----"
	openssh := "-----BEGIN OPENSSH PRIVATE KEY-----\n" + pemBody + pemBody + "-----END OPENSSH PRIVATE KEY-----"
	escaped := "-----BEGIN PRIVATE KEY-----\\n" + jsonLines(pemBody) + "-----END PRIVATE KEY-----\\n"
	encrypted := "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,FAKE0123456789ABCDEF\n\n" + pemBody + "-----END EC PRIVATE KEY-----"
	return []Sample{
		{"pem-rsa", "private_key", rsa, pemSecrets()},
		{"pem-read-file", "private_key", numberedLines(rsa, "%6d\t"), pemSecrets()},
		{"pem-grep", "private_key", numberedLines(rsa, "keys/deploy_key.pem:%d:"), pemSecrets()},
		{"pem-openssh", "private_key", openssh, pemSecrets()},
		{"pem-encrypted", "private_key", encrypted, append(pemSecrets(), "FAKE0123456789ABCDEF")},
		{"pem-json-escaped", "private_key", `{"type": "service_account", "key": "` + escaped + `"}`, pemSecrets()},
		{"pem-private-key-field", "private_key", `"private_key": "` + escaped + `"`, pemSecrets()},
	}
}

// numberedLines prefixes each line of s with format applied to its number,
// as read_file ("%6d\t") and grep ("file:%d:") show files.
func numberedLines(s, format string) string {
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		b.WriteString(fmt.Sprintf(format, i+1) + line + "\n")
	}
	return b.String()
}

// pemSecrets are the lines of pemBody.
func pemSecrets() []string {
	return []string{
		"MIIEowIBAAKCAQEAFAKEFAKE", "fakefakefakefake", "0123456789abcdefghij",
		"FAKEFAKEFAKEFAKEFAKE", "notarealkeynotarealkey",
	}
}

// jsonLines writes the newlines of s as JSON escapes.
func jsonLines(s string) string {
	out := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, '\\', 'n')
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
