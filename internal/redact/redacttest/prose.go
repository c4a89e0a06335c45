package redacttest

// prose must come through redaction unchanged: it is full of the words,
// prefixes and punctuation that credentials are made of.
var prose = []string{
	"Update the task-list before you skip-tests again.",
	"He was the bearer of bad news.",
	"The prefix sk- alone is not a key, and neither is sk-learn-style-kebab-case-identifier.",
	"Keep an eye on the token count: it grows with every turn.",
	"max_tokens=1024 temperature=0.2",
	`{"promptTokens": 12, "completionTokens": 40, "maxTokens": 1000, "tokens": 52}`,
	"tokenizer: cl100k_base",
	"token_type: bearer",
	"Set the OPENAI_API_KEY environment variable before running zero exec.",
	"API_KEY: <your key here>",
	"password: ${DB_PASSWORD}",
	`token := os.Getenv("GITHUB_TOKEN")`,
	`if token == "" { return errMissingToken }`,
	"token = strings.TrimSpace(token)",
	"secret = os.environ[name]",
	"Note: Bearer tokens expire after an hour.",
	"The Authorization header is required; send it as a Bearer token.",
	"Use the ghp_ prefix for classic tokens and AKIA for access key ids; eyJ starts every JWT.",
	"The xoxb- prefix marks Slack bot tokens; AIza marks Google keys.",
	"-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEFAKEFAKEFAKEFAKE\n-----END PUBLIC KEY-----",
	"-----BEGIN CERTIFICATE-----\nMIIBFAKEcertificateFAKE\n-----END CERTIFICATE-----",
	"curl http://localhost:8080/health && ssh git@github.com:org/repo.git",
	"See https://example.com/docs?page=2&sort=asc#top for details.",
	"time: 12:30:45, date: 2024-01-02T03:04:05Z, ratio 3:2",
	"a == b && c != d || e <= f",
	"| key | value |\n|-----|-------|\n| mode | default |",
	"git commit -m 'fix: count tokens per turn'",
	"Mail user@example.com or visit C:\\Users\\me\\project.",
	"secretName: app-tls\nsecretKeyRef:\n  name: app\n  key: password",
	"The session_id is 4f1c2a and the request_id is 77.",
	"naïve café — 日本語のテキスト — emoji 🔑 stays",
	"--skip-permissions-unsafe disables every prompt",
	"A JWT has three parts: header.payload.signature",
	"PASSWORD_MIN_LENGTH=12",
	"e-mail, x-ray, e.g. AIDS, ASIA-Pacific, AKIA.",
}

// Prose returns the samples that must come through unchanged.
func Prose() []Sample {
	out := make([]Sample, len(prose))
	for i, p := range prose {
		out[i] = Sample{Name: "prose", Text: p}
	}
	return out
}
