package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// plainConfigValues are MCP env values that are data, not credentials.
var plainConfigValues = map[string]string{
	"AWS_REGION": "eu-west-1", "GCP_PROJECT": "my-proj-123", "STAGE": "Production",
	"LLM_MODEL": "gpt-4o-mini", "DB_HOST": "localhost:5432", "ACCEPT": "application/json",
	"LC_MESSAGES": "en_US.UTF-8", "TZ": "Europe/Berlin", "PYTHON": "python3.12",
	"RELEASE": "1.2.3-beta", "ORG": "AcmeCorp",
}

// TestMCPConfigPlainValuesStayReadable gives an --mcp-config server the
// plain env values of issue 24 beside one credential (under a name that
// says so). A file holding all of them is read and grepped, and the answer
// quotes them: the plain values come through everywhere (tool results,
// answer, session files), the credential nowhere.
func TestMCPConfigPlainValuesStayReadable(t *testing.T) {
	const credential = "walnutcobaltferry5521"
	env := map[string]string{"ACME_API_KEY": credential}
	var file strings.Builder
	for name, v := range plainConfigValues {
		env[name] = v
		file.WriteString(name + "=" + v + "\n")
	}
	file.WriteString("ACME_API_KEY=" + credential + "\n")
	z := newZeroEnv(t)
	mustWrite(t, filepath.Join(z.ws, "deploy.env"), file.String())
	cfg := z.mcpConfig(map[string]map[string]any{"fake": fakeServer(t, "ok", env)})
	var quoted []string
	for _, v := range plainConfigValues {
		quoted = append(quoted, v)
	}
	answer := "Settings: " + strings.Join(quoted, ", ") + "."
	z.serve(pt.OpenAI,
		calls(pt.Call{ID: "r1", Name: "read_file", Args: []string{`{"path":"deploy.env"}`}},
			pt.Call{ID: "g1", Name: "grep", Args: []string{`{"pattern":"="}`}}),
		pt.OpenAI.Stream(pt.Text(answer[:30], answer[30:])))
	evs, res := z.streamV2(0, "--mcp-config", cfg, "what are the settings?")
	rs := results(evs)
	for _, id := range []string{"r1", "g1"} {
		r := rs[id]
		if r == nil {
			t.Fatalf("no tool_result %s:\n%s", id, res.stdout)
		}
		for name, v := range plainConfigValues {
			if !strings.Contains(r.Output, name+"="+v) {
				t.Errorf("tool_result %s lost %s=%s:\n%s", id, name, v, r.Output)
			}
		}
		if strings.Contains(r.Output, credential) || !strings.Contains(r.Output, "ACME_API_KEY=[REDACTED") {
			t.Errorf("tool_result %s does not redact the credential:\n%s", id, r.Output)
		}
	}
	if got := finalText(t, evs); got != answer {
		t.Errorf("final text = %q, want %q", got, answer)
	}
	z.noServerLeft()
	z.noSecretInSessions(credential)
	sessions := sessionText(t, z.data)
	for _, v := range plainConfigValues {
		if !strings.Contains(sessions, v) {
			t.Errorf("the session files lost %q", v)
		}
	}
}

// sessionText returns the text of every file under dir.
func sessionText(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("read %s: %v", path, err)
			}
			b.Write(data)
		}
		return nil
	})
	return b.String()
}

// TestShortKeyLeavesErrorsIntact runs with a one-letter API key against a
// server that rejects the request with an error holding that letter many
// times: a key shorter than redact.MinSecretLen is never cut out of
// ordinary text, so the error reaches stderr and the error event whole.
func TestShortKeyLeavesErrorsIntact(t *testing.T) {
	const vendorMsg = "syntax error: unexpected token x in the JSON body at position 7"
	for _, tc := range []struct {
		d   *pt.Dialect
		env string
	}{{pt.OpenAI, "OPENAI_API_KEY"}, {pt.Anthropic, "ANTHROPIC_API_KEY"}} {
		for _, format := range []string{"stream-json", "text"} {
			t.Run(tc.d.Name()+" "+format, func(t *testing.T) {
				z := newZeroEnv(t)
				z.serve(tc.d, tc.d.Error(400, vendorMsg))
				z.vars[tc.env] = "x"
				res := z.exec("-o", format, "hi")
				if res.code != 3 {
					t.Fatalf("exit code %d, want 3\nstdout %s\nstderr %s", res.code, res.stdout, res.stderr)
				}
				if !strings.Contains(res.stderr, vendorMsg) {
					t.Errorf("stderr lost the vendor's message %q:\n%s", vendorMsg, res.stderr)
				}
				if format == "stream-json" {
					if msg := errorEvent(t, decodeV2(t, res.stdout)).Message; !strings.Contains(string(msg), vendorMsg) {
						t.Errorf("error event %q lost the vendor's message %q", msg, vendorMsg)
					}
				}
			})
		}
	}
}
