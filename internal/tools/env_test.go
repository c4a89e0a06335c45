package tools

import (
	"slices"
	"testing"
)

func TestSensitiveEnv(t *testing.T) {
	drop := []string{
		"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN",
		"AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_ACCESS_KEY_ID", "CLIENT_SECRET_VALUE",
		"DB_PASSWORD", "PGPASSWORD", "MYSQL_PWD_PASSWD", "SOME_APIKEY", "my_api_key",
		"SSH_PRIVATE_KEY", "GOOGLE_APPLICATION_CREDENTIALS", "STRIPE_KEY", "TOKEN",
		"SLACK_AUTH_TOKEN", "GPG_PASSPHRASE", "X_SECRET",
	}
	keep := []string{
		"PATH", "HOME", "USER", "PWD", "SHELL", "LANG", "TERM", "GOPATH", "GOFLAGS",
		"TOKENIZERS_PARALLELISM", "OPENAI_BASE_URL", "ZERO_MODEL", "SSH_AUTH_SOCK",
		"KEYBOARD", "MONKEY", "XDG_DATA_HOME",
	}
	for _, name := range drop {
		if !SensitiveEnv(name) {
			t.Errorf("SensitiveEnv(%q) = false", name)
		}
	}
	for _, name := range keep {
		if SensitiveEnv(name) {
			t.Errorf("SensitiveEnv(%q) = true", name)
		}
	}
}

func TestFilterEnv(t *testing.T) {
	env := []string{"PATH=/bin", "OPENAI_API_KEY=sk-x", "HOME=/h", "broken", "=x", "GITHUB_TOKEN=g", "EMPTY="}
	got := FilterEnv(env, nil)
	want := []string{"PATH=/bin", "HOME=/h", "EMPTY="}
	if !slices.Equal(got, want) {
		t.Errorf("FilterEnv(nil) = %q, want %q", got, want)
	}
	got = FilterEnv(env, func(name string) bool { return name == "PATH" })
	want = []string{"OPENAI_API_KEY=sk-x", "HOME=/h", "GITHUB_TOKEN=g", "EMPTY="}
	if !slices.Equal(got, want) {
		t.Errorf("FilterEnv(custom) = %q, want %q", got, want)
	}
}
