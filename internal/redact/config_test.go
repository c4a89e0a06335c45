package redact

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

func TestSecretName(t *testing.T) {
	secret := []string{
		"GITHUB_TOKEN", "OPENAI_API_KEY", "apiKey", "APIKey", "X-Api-Key", "x-api-key", "Api-Key",
		"X-Key", "KEY", "LICENSE_KEY", "SSH_PRIVATE_KEY", "Ocp-Apim-Subscription-Key", "API_KEY2",
		"API_KEY_PROD", "GITHUB_TOKEN_2", "PASSWORD_B64", "api-key-v2", "Private-Token",
		"X-Auth-Token", "DB_PASS", "PGPASSWORD", "MYSQL_PWD", "DB_PW", "BASIC_AUTH", "auth",
		"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "clientSecret",
		"CLIENT_SECRET", "GOOGLE_APPLICATION_CREDENTIALS", "AWS_CREDS", "SUPABASE_JWT",
		"X-Figma-Token", "--api-key", "--token=", "Bearer ", "webhookSecret", "passphrase",
	}
	plain := []string{
		"", "MONKEY", "TOKEN_URL", "AUTH_MODE", "AUTH_URL", "KEY_ID", "AWS_ACCESS_KEY_ID",
		"MAX_TOKENS", "maxTokens", "SECRET_NAME", "PUBLIC_KEY", "SORT_KEY", "partitionKey",
		"CACHE_KEY", "PASSWORD_FILE", "TOKEN_TYPE", "REGION", "AWS_REGION", "NODE_ENV",
		"PORT", "Content-Type", "Accept", "User-Agent", "Accept-Language", "X-Region",
		"X-Request-Id", "Anthropic-Version", "OAUTH", "AUTHOR", "BYPASS", "KEYBOARD",
		"TOKENIZER", "SESSION_ID", "--region", "PASSWORD_POLICY", "Keys",
	}
	for _, n := range secret {
		if !SecretName(n) {
			t.Errorf("SecretName(%q) = false, want true", n)
		}
	}
	for _, n := range plain {
		if SecretName(n) {
			t.Errorf("SecretName(%q) = true, want false", n)
		}
	}
}

func TestNameWords(t *testing.T) {
	tests := map[string]string{
		"APIKey":                     "api key",
		"apiKey":                     "api key",
		"X-Api-Key":                  "x api key",
		"OPENAI_API_KEY":             "openai api key",
		"OAuth2Token":                "o auth2 token",
		"spring.datasource.password": "spring datasource password",
		"--api-key=":                 "api key",
		"":                           "",
	}
	for in, want := range tests {
		if got := strings.Join(nameWords(in), " "); got != want {
			t.Errorf("nameWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConfigSecret is the table of real-world configuration values the
// rule must tell apart. The first list must never be registered: each
// would be cut out of every file, answer and session that mentions it.
func TestConfigSecret(t *testing.T) {
	type entry struct{ name, value string }
	notSecret := []entry{
		// The values of the issue that asked for the rule.
		{"AWS_REGION", "eu-west-1"}, {"GCP_PROJECT", "my-proj-123"}, {"STAGE", "Production"},
		{"MODEL", "gpt-4o-mini"}, {"DB_HOST", "localhost:5432"}, {"Content-Type", "application/json"},
		{"LANG", "en_US.UTF-8"}, {"TZ", "Europe/Berlin"}, {"PYTHON", "python3.12"},
		{"VERSION", "1.2.3-beta"}, {"ORG", "AcmeCorp"},
		// Model names, regions, hosts, paths and ids.
		{"MODEL", "claude-3-5-sonnet-20241022"}, {"BEDROCK_MODEL", "anthropic.claude-3-5-sonnet-20241022-v2:0"},
		{"EMBEDDINGS", "text-embedding-3-large"}, {"MODEL", "gpt-4o-2024-08-06"},
		{"ZONE", "us-central1-a"}, {"REGION", "ap-southeast-2"}, {"TZ", "America/Argentina/Buenos_Aires"},
		{"TZ", "Asia/Kolkata"}, {"TZ", "UTC"}, {"TENANT_ID", "550e8400-e29b-41d4-a716-446655440000"},
		{"ORG_NAME", "MyCompanyInternalTools"}, {"VM_SIZE", "Standard_D4s_v3"}, {"INSTANCE", "db.t3.medium"},
		{"IMAGE", "ghcr.io/acme/mcp-server:v1.4.2"}, {"PARENT", "projects/my-proj-123/locations/us-central1"},
		{"ROLE_ARN", "arn:aws:iam::123456789012:role/McpReader"}, {"BASE_URL", "https://api.example.com/v1"},
		{"ALLOW", "10.0.0.0/8"}, {"TARGET", "x86_64-unknown-linux-gnu"}, {"ROOTS", "/home/me/projects"},
		{"NODE_ENV", "production"}, {"PORT", "8080"}, {"LOG_LEVEL", "debug"}, {"SINCE", "2025-06-18"},
		{"STARTED", "2025-06-18T12:00:00Z"}, {"NODE", "v20.11.1"}, {"DRIVER", "postgresql+asyncpg"},
		{"CLASS", "com.example.mcp.Server"}, {"SIG_ALG", "sha256WithRSAEncryption"},
		{"SERVICE_ACCOUNT", "mcp-reader@my-proj-123.iam.gserviceaccount.com"},
		{"User-Agent", "Mozilla/5.0 (X11; Linux x86_64)"}, {"Accept-Language", "en-US,en;q=0.9"},
		{"EXTRA_ARGS", "--depth 3 --quiet"}, {"DATABASE_URL", "postgres://me:hunter22@db/x"},
		{"BRANCH", "feature/add-login-page"}, {"BUCKET", "acme-prod-artifacts-eu-west-1"},
		// A secret name, but the value says where the secret is, or whether it is used.
		{"USE_AUTH", "true"}, {"REQUIRE_TOKEN", "disabled"},
		{"GOOGLE_APPLICATION_CREDENTIALS", "/home/me/.config/gcloud/application_default_credentials.json"},
		{"SSH_KEY", "~/.ssh/id_ed25519"},
	}
	secret := []entry{
		// Known shapes, whatever the name.
		{"CONFIG", redacttest.OpenAIKey}, {"CONFIG", redacttest.AnthropicKey},
		{"CONFIG", redacttest.GitHubToken}, {"CONFIG", redacttest.GitHubPAT},
		{"CONFIG", redacttest.GitLabToken}, {"CONFIG", redacttest.GoogleKey},
		{"CONFIG", redacttest.SlackToken}, {"ACCESS_ID", redacttest.AWSAccessKeyID},
		{"CONFIG", redacttest.JWT}, {"DSN", "Server=db;User Id=app;Password=Tr0ub4dor&3"},
		// Random enough, whatever the name.
		{"AWS_SECRET", redacttest.AWSSecretKey},
		{"CONFIG", "9f86d081884c7d659a2feaa0c55ad015"},                                 // 32 hex digits
		{"CONFIG", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"}, // 64 upper hex
		{"CONFIG", "q3J8xZk0P/1mNbV7cR+tY2uWe9LaHsDf4GiOp6KjXn0="},                     // 32 bytes, base64
		{"CONFIG", "Xk9-q_Zp3LmN8vB2cR7tY4uWe1LaHsDf"},                                 // base64url
		{"STRIPE", "sk_live_51HxYzFAKEq8Rt2Lm9Nb4Vc7Xz1Kp0Qw"},
		{"NPM", "npm_FAKE0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0u"},
		{"HOOK", "https://hooks.slack.com/services/T0FAKE12/B0FAKE34/q8Xv2LmN7bR4tY1uWe9KsDf3"},
		{"STORAGE", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyRkFLRWtleTAxMjM0NTY3ODlhYmNkZWY=;EndpointSuffix=core.windows.net"},
		{"BASIC", "dXNlcjpGQUtFcGFzc3dvcmQxMjM="}, // user:password in base64
		{"CLIENT_ID", "zq81Hk2mWq7Lp0Xa"},
		// Secret names: even a plain-looking value is the credential.
		{"API_TOKEN", "Production1"}, {"DB_PASSWORD", "hunter2hunter2"},
		{"X-Api-Key", "walnutcobaltferry5521"}, {"Authorization", "Bearer abc"},
		{"Cookie", "session=abc"}, {"MYSQL_PWD", "correct horse battery staple"},
		{"SSH_KEY", "/ends-in-a-key/q8Xv2LmN7bR4tY1uWe9KsDf3"},
	}
	for _, e := range notSecret {
		if ConfigSecret(e.name, e.value) {
			t.Errorf("ConfigSecret(%q, %q) = true, want false", e.name, e.value)
		}
	}
	for _, e := range secret {
		if !ConfigSecret(e.name, e.value) {
			t.Errorf("ConfigSecret(%q, %q) = false, want true", e.name, e.value)
		}
	}
}

// TestLooksRandomRates checks the miss rates LooksRandom's doc gives, on
// 20,000 random values per alphabet and length (a fixed seed).
func TestLooksRandomRates(t *testing.T) {
	const hex, base62 = "0123456789abcdef", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	tests := []struct {
		alphabet string
		n        int
		maxMiss  float64 // percent
	}{
		{hex, 16, 2}, {strings.ToUpper(hex), 16, 2}, {base62, 16, 1},
		{hex, 32, 0.5}, {base62, 32, 0.5}, {base62 + "+/", 32, 0.5}, {base62 + "-_", 32, 0.5},
		{hex, 64, 0.05}, {base62 + "+/", 64, 0.05},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const runs = 20000
	for _, tt := range tests {
		miss := 0
		b := make([]byte, tt.n)
		for range runs {
			for i := range b {
				b[i] = tt.alphabet[rng.IntN(len(tt.alphabet))]
			}
			if !LooksRandom(string(b)) {
				miss++
			}
		}
		if pct := 100 * float64(miss) / runs; pct > tt.maxMiss {
			t.Errorf("%d characters of %q: %.2f%% missed, want at most %.2f%%", tt.n, tt.alphabet, pct, tt.maxMiss)
		}
	}
}

func TestLooksRandomRuns(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"a1a1a1a1a1a1a1a1a1a1", false},                        // changes class at every pair, but one bit of entropy
		{"9f86d081884c7d65", true},                             // 16 hex digits
		{"9f86d081884c7d6", false},                             // 15
		{"9f86d081-884c-7d65-9a2f-eaa0c55ad015", false},        // a UUID
		{"x9f86d081-884c-7d65-9a2f-eaa0c55ad015", true},        // joined hex, not a UUID
		{"the key is 9f86d081884c7d659a2feaa0c55ad015.", true}, // a run inside text
		{"walnutcobaltferry5521oystermaple", false},            // words and a number
	}
	for _, tt := range tests {
		if got := LooksRandom(tt.in); got != tt.want {
			t.Errorf("LooksRandom(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
