package mcp

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
)

var vendorName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func TestToolName(t *testing.T) {
	long := strings.Repeat("x", 80)
	cases := map[string]string{"echo": "mcp__srv__echo", "get-sum": "mcp__srv__get-sum"}
	for tool, want := range cases {
		if got := ToolName("srv", tool); got != want {
			t.Errorf("ToolName(srv, %q) = %q, want %q", tool, got, want)
		}
	}
	seen := map[string]string{}
	for _, tool := range []string{"a.b", "a/b", "a b", "a_b", long, long + "y", "ü", ""} {
		got := ToolName("srv", tool)
		if !vendorName.MatchString(got) || !strings.HasPrefix(got, "mcp__srv__") {
			t.Errorf("ToolName(srv, %q) = %q, which a vendor refuses", tool, got)
		}
		if prev, dup := seen[got]; dup {
			t.Errorf("%q and %q both map to %q", prev, tool, got)
		}
		seen[got] = tool
		if server, ok := ServerOf(got); !ok || server != "srv" {
			t.Errorf("ServerOf(%q) = %q, %v", got, server, ok)
		}
	}
}

func TestServerEnv(t *testing.T) {
	environ := []string{"PATH=/bin", "HOME=/h", "OPENAI_API_KEY=sk-x", "LC_ALL=C", "GITHUB_TOKEN=t", "TERM=xterm"}
	got := ServerEnv(environ, map[string]string{"GITHUB_TOKEN": "passed", "TERM": "dumb"})
	want := []string{"PATH=/bin", "HOME=/h", "LC_ALL=C", "GITHUB_TOKEN=passed", "TERM=dumb"}
	if !slices.Equal(got, want) {
		t.Errorf("ServerEnv = %v, want %v", got, want)
	}
	environ = []string{"HTTPS_PROXY=http://proxy:3128", "no_proxy=localhost", "SSL_CERT_FILE=/ca.pem", "NODE_EXTRA_CA_CERTS=/ca.pem", "AWS_SECRET_ACCESS_KEY=x", "PROXY_TOKEN=t"}
	got = ServerEnv(environ, nil)
	if want := environ[:4]; !slices.Equal(got, want) {
		t.Errorf("ServerEnv with proxy settings = %v, want %v", got, want)
	}
}

func TestParseConfig(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cret"}
	var secrets []string
	got, err := ParseConfig("f.json", []byte(`{"mcpServers":{
		"b":{"type":"http","url":"https://h/mcp","headers":{"Authorization":"Bearer ${TOKEN}"}},
		"a":{"command":"node","args":["x","${MISSING:-dflt}"],"env":{"T":"${TOKEN}"}}}}`),
		func(k string) string { return env[k] }, func(s string) { secrets = append(secrets, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "a" || got[0].Args[1] != "dflt" || got[0].Env["T"] != "s3cret" ||
		got[1].Transport != TransportHTTP || got[1].Headers["Authorization"] != "Bearer s3cret" {
		t.Errorf("ParseConfig = %+v", got)
	}
	if !slices.Contains(secrets, "s3cret") {
		t.Errorf("secrets %v lack the expanded token", secrets)
	}
	if _, err := Merge(got, got[:1]); err == nil || !strings.Contains(err.Error(), `"a" is configured twice`) {
		t.Errorf("Merge of a duplicate: %v", err)
	}
	for doc, want := range map[string]string{
		`{"mcpServers":{"a":{"type":"http","url":"ftp://x"}}}`:  `/mcpServers/a/url: "ftp://x" is not an http or https URL`,
		`{"mcpServers":{"a":{"command":"x","url":"http://h"}}}`: "/mcpServers/a/url: a stdio server has no url",
		`{"tools":{}}`:                   "additionalProperties",
		`{}`:                             "the file has no mcpServers object (nor VS Code's servers)",
		`{"mcpServers":{},"servers":{}}`: "the file has both mcpServers and servers",
	} {
		if _, err := ParseConfig("f.json", []byte(doc), func(string) string { return "" }, nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
}

// TestCollision: a name that spells another tool's sanitized form, and a
// name listed twice, are errors naming both tools and servers.
func TestCollision(t *testing.T) {
	obj := mcpv1.InputSchema{}
	spelled := strings.TrimPrefix(ToolName("srv", "a.b"), "mcp__srv__")
	for _, list := range [][]mcpv1.Tool{
		{{Name: "a.b", InputSchema: obj}, {Name: spelled, InputSchema: obj}},
		{{Name: "echo", InputSchema: obj}, {Name: "echo", InputSchema: obj}},
	} {
		m := &Manager{byName: map[string]*Tool{}}
		_, err := m.addTools("srv", list)
		var ce *CollisionError
		if !errors.As(err, &ce) || ce.Tool != list[0].Name || ce.Tool2 != list[1].Name || ce.Server != "srv" || ce.Server2 != "srv" {
			t.Fatalf("addTools(%s, %s) = %v, want a collision of both", list[0].Name, list[1].Name, err)
		}
		if msg := err.Error(); !strings.Contains(msg, `"`+list[1].Name+`" of server srv`) {
			t.Errorf("message %q does not name the second tool", msg)
		}
	}
	m := &Manager{byName: map[string]*Tool{}}
	if w, err := m.addTools("srv", []mcpv1.Tool{{Name: "a.b", InputSchema: obj}, {Name: "a_b", InputSchema: obj}}); err != nil || len(w) != 0 || len(m.Tools()) != 2 {
		t.Errorf("a.b and a_b: %v %v, want two tools", w, err)
	}
}

// TestSecrets: only credentials among env and header values are
// returned (redact.ConfigSecret decides); plain values, however many
// digits, capitals and symbols they have, are not.
func TestSecrets(t *testing.T) {
	servers := []ServerConfig{
		{Name: "a", Env: map[string]string{
			"B_TOKEN":       "env-b",                       // a sensitive name: always
			"A_PASSWORD":    "pw",                          // short, but the name says so (New drops values under 8 bytes)
			"CLIENT_ID":     "zq81Hk2mWq7Lp0Xa",            // random: a credential whatever its name
			"DATABASE_URL":  "postgres://me:hunter22@db/x", // the password alone
			"EXTRA_ARGS":    "--depth 3 --key 9f86d081884c7d659a2feaa0c55ad015",
			"ROOTS":         "/home/me/projects",
			"NODE_ENV":      "production",
			"PORT":          "8080",
			"VERBOSE":       "true",
			"HOME_URL":      "https://example.com/docs",
			"TIMEOUT_FLOAT": "1.5",
			"SINCE":         "2025-06-18",
			"AWS_REGION":    "eu-west-1",
			"PROJECT":       "my-proj-123",
			"STAGE":         "Production",
			"MODEL":         "gpt-4o-mini",
			"DB_HOST":       "localhost:5432",
			"LANG":          "en_US.UTF-8",
			"TZ":            "Europe/Berlin",
			"PYTHON":        "python3.12",
			"VERSION":       "1.2.3-beta",
			"ORG":           "AcmeCorp",
			"USE_AUTH":      "true",
		}},
		{Name: "b", Headers: map[string]string{
			"Authorization":   "Bearer header-token",
			"X-Key":           "Token 9f8e7d6c5b4a",
			"Accept-Language": "en",
			"Accept":          "application/json",
			"X-Region":        "eu-west",
			"User-Agent":      "acme-mcp/1.2.3 (linux)",
		}},
	}
	got := strings.Join(Secrets(servers), ",")
	want := "pw,env-b,zq81Hk2mWq7Lp0Xa,hunter22," +
		"--depth 3 --key 9f86d081884c7d659a2feaa0c55ad015,9f86d081884c7d659a2feaa0c55ad015," +
		"Bearer header-token,header-token,Token 9f8e7d6c5b4a,9f8e7d6c5b4a"
	if got != want {
		t.Errorf("Secrets =\n%s\nwant\n%s", got, want)
	}
}

// TestExpandedSecrets: a ${VAR} expansion is reported as a secret when the
// variable's name, the env or header name, the argument before it or the
// text before it says so, or when its value is a credential by itself;
// not otherwise.
func TestExpandedSecrets(t *testing.T) {
	env := map[string]string{
		"AWS_REGION": "eu-west-1", "MODEL": "claude-3-5-sonnet-20241022", "GH": "gh-value-1",
		"T1": "flag-value-1", "T2": "inline-value-2", "T3": "header-value-3", "K": "envkey-value-4",
		"RAND": "q8Xv2LmN7bR4tY1uWe9KsDf3", "WORKDIR": "/srv/mcp/work",
	}
	var secrets []string
	_, err := ParseConfig("f.json", []byte(`{"mcpServers":{
		"a":{"command":"srv","args":["--region","${AWS_REGION}","--model","${MODEL}","--token","${T1}",
			"--api-key=${T2}","--seed","${RAND}","${WORKDIR}"],
			"env":{"GITHUB_PERSONAL_ACCESS_TOKEN":"${GH}","OPENAI_API_KEY":"${K}","REGION":"${AWS_REGION}"}},
		"b":{"type":"http","url":"https://h/${AWS_REGION}/mcp","headers":{"X-Tenant":"${MODEL}","X-Auth":"Bearer ${T3}"}}}}`),
		func(k string) string { return env[k] }, func(s string) { secrets = append(secrets, s) })
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(secrets)
	want := []string{"envkey-value-4", "flag-value-1", "gh-value-1", "header-value-3", "inline-value-2", "q8Xv2LmN7bR4tY1uWe9KsDf3"}
	if !slices.Equal(secrets, want) {
		t.Errorf("expanded secrets = %q, want %q", secrets, want)
	}
}
