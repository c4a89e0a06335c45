package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/acpclient"
	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/redact/redacttest"
	"github.com/zeroproject/zero/internal/run"
)

// Secrets a workspace file holds in the model-input tests: Zero's own API
// key and an --mcp-config credential, which Zero knows, and a GitHub token
// and a password Zero does not know (only their shapes say secret).
const (
	inputKey     = "sk-proj-Zx81TqP0aLmN4bVc7RsYeWu2Ko9HdJf3GiAa"
	inputMCPCred = "walnutcobaltferry5521"
	inputShaped  = "password=hunter2fake"
)

// modelInputSetup writes notes.txt holding the secrets, an --mcp-config
// file whose server gets the credential, and a fake OpenAI server that has
// the model read notes.txt and then answer. It returns the config's path
// and the server.
func modelInputSetup(z *zeroEnv) (string, *pt.Server) {
	z.t.Helper()
	mustWrite(z.t, filepath.Join(z.ws, "notes.txt"), "key "+inputKey+"\nmcp "+inputMCPCred+"\ngithub "+
		redacttest.GitHubToken+"\n"+inputShaped+"\n")
	cfg := z.mcpConfig(map[string]map[string]any{"fake": fakeServer(z.t, "ok", map[string]string{"ACME_API_KEY": inputMCPCred})})
	srv := z.serve(pt.OpenAI,
		calls(pt.Call{ID: "r1", Name: "read_file", Args: []string{`{"path":"notes.txt"}`}}),
		pt.OpenAI.Stream(pt.Text("Read.")))
	z.vars["OPENAI_API_KEY"] = inputKey
	return cfg, srv
}

// checkModelInput checks what the model got back for the read_file call
// (the body of the second request): with redaction, the secrets Zero
// knows are replaced and the note follows, while what only a shape marks
// comes through; without it, the model gets the file as it is.
func checkModelInput(t *testing.T, srv *pt.Server, redacted bool) {
	t.Helper()
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("the fake server got %d requests, want 2", len(reqs))
	}
	body := string(reqs[1].Body)
	for _, s := range []string{redacttest.GitHubToken, inputShaped} {
		if !strings.Contains(body, s) {
			t.Errorf("the model did not get %q, which Zero does not know as a secret:\n%s", s, body)
		}
	}
	for _, s := range []string{inputKey, inputMCPCred} {
		if got := strings.Contains(body, s); got == redacted {
			t.Errorf("redacted %v: the model got %q: %v\n%s", redacted, s, got, body)
		}
	}
	note := run.ModelRedactedNote[:40]
	if got := strings.Contains(body, "[REDACTED:secret]") && strings.Contains(body, note); got != redacted {
		t.Errorf("redacted %v: markers and note in the model's input: %v\n%s", redacted, got, body)
	}
}

// TestRedactModelInput: by default the model gets tool output as the tool
// returned it, secrets included (only what Zero prints and saves is
// redacted); --redact-model-input and ZERO_REDACT_MODEL_INPUT=1 remove
// from it the secrets Zero holds, and nothing else. What Zero prints is
// redacted the same way in every case.
func TestRedactModelInput(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		env      string
		redacted bool
	}{
		{"default", nil, "", false},
		{"flag", []string{"--redact-model-input"}, "", true},
		{"env", nil, "1", true},
		{"env off", nil, "0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z := newZeroEnv(t)
			cfg, srv := modelInputSetup(z)
			if tc.env != "" {
				z.vars["ZERO_REDACT_MODEL_INPUT"] = tc.env
			}
			args := append([]string{"-o", "stream-json", "--mcp-config", cfg}, tc.args...)
			evs, res := z.streamV2(0, append(args, "read notes.txt")...)
			checkModelInput(t, srv, tc.redacted)
			r := results(evs)["r1"]
			if r == nil {
				t.Fatalf("no tool_result:\n%s", res.stdout)
			}
			for _, s := range []string{inputKey, inputMCPCred, redacttest.GitHubToken, "hunter2fake"} {
				if strings.Contains(res.stdout, s) || strings.Contains(res.stderr, s) {
					t.Errorf("%q reached stdout or stderr", s)
				}
			}
			if strings.Contains(r.Output, "zero: secrets Zero holds") {
				t.Errorf("the note for the model reached the tool_result event:\n%s", r.Output)
			}
			z.noServerLeft()
		})
	}
}

func TestRedactModelInputBadEnv(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI)
	z.vars["ZERO_REDACT_MODEL_INPUT"] = "maybe"
	res := z.exec("hi")
	if res.code != 3 || !strings.Contains(res.stderr, "ZERO_REDACT_MODEL_INPUT=maybe is neither 1 nor 0") {
		t.Errorf("exit code %d, stderr %q; want 3 and a message naming the variable", res.code, res.stderr)
	}
}

// TestACPRedactModelInput runs one prompt of `zero acp` with and without
// --redact-model-input, driven by acpclient: the model's input is
// redacted only with the flag.
func TestACPRedactModelInput(t *testing.T) {
	for _, redacted := range []bool{false, true} {
		z := newZeroEnv(t)
		cfg, srv := modelInputSetup(z)
		args := []string{"acp", "--mcp-config", cfg}
		if redacted {
			args = append(args, "--redact-model-input")
		}
		cmd := exec.Command(zeroBin, args...)
		cmd.Dir, cmd.Env = z.ws, z.environ()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		c := acpclient.New(stdout, stdin)
		if _, err := c.Initialize(acpv1.ClientCapabilities{}); err != nil {
			t.Fatal(err)
		}
		id, err := c.NewSession(z.ws)
		if err != nil {
			t.Fatal(err)
		}
		if reason, err := c.Prompt(id, "read notes.txt"); err != nil || reason != acpv1.StopReasonEndTurn {
			t.Fatalf("prompt: %v %v\nstderr: %s", reason, err, stderr.String())
		}
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("zero acp: %v\n%s", err, stderr.String())
		}
		checkModelInput(t, srv, redacted)
		z.noServerLeft()
	}
}
