package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// systemOf returns the system prompt of a request body of either vendor.
func systemOf(t *testing.T, d *pt.Dialect, body []byte) string {
	t.Helper()
	var req struct {
		System   string `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if d == pt.Anthropic {
		return req.System
	}
	if len(req.Messages) == 0 || req.Messages[0].Role != "system" {
		t.Fatalf("no system message in %s", body)
	}
	return req.Messages[0].Content.(string)
}

// TestSystemPrompt checks --system-prompt, --append-system-prompt and the
// workspace's AGENTS.md, in that order, on both vendors.
func TestSystemPrompt(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			srv := z.serve(d, pt.Forever(d.Stream(pt.Text("ok"))))
			z.exec("hi")
			mustWrite(t, filepath.Join(z.ws, "AGENTS.md"), "Run make test before you answer.\n")
			z.exec("hi")
			z.exec("--system-prompt", "You are a terse reviewer.", "--append-system-prompt", "Answer in French.", "hi")
			reqs := srv.Requests()
			if len(reqs) != 3 {
				t.Fatalf("%d requests", len(reqs))
			}
			plain, agents, custom := systemOf(t, d, reqs[0].Body), systemOf(t, d, reqs[1].Body), systemOf(t, d, reqs[2].Body)
			if !strings.HasPrefix(plain, "You are Zero") || strings.Contains(plain, "AGENTS.md") {
				t.Errorf("default system prompt = %q", plain)
			}
			if !strings.HasPrefix(agents, plain+"\n\n") || !strings.HasSuffix(agents, "AGENTS.md at the workspace root:\n\nRun make test before you answer.") {
				t.Errorf("system prompt with AGENTS.md = %q", agents)
			}
			want := "You are a terse reviewer.\n\n" + strings.TrimPrefix(agents, plain+"\n\n") + "\n\nAnswer in French."
			if custom != want {
				t.Errorf("custom system prompt =\n%q\nwant\n%q", custom, want)
			}
		})
	}
}

// TestAgentsFileOutside checks that an AGENTS.md linking outside the
// workspace is not read, with a warning.
func TestAgentsFileOutside(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("ok")))
	secret := filepath.Join(t.TempDir(), "secret.txt")
	mustWrite(t, secret, "outside words\n")
	if err := os.Symlink(secret, filepath.Join(z.ws, "AGENTS.md")); err != nil {
		t.Fatal(err)
	}
	res := z.exec("hi")
	if res.code != 0 || !strings.Contains(res.stderr, "AGENTS.md was not read") {
		t.Errorf("exit %d, stderr %q", res.code, res.stderr)
	}
	if body := string(srv.Requests()[0].Body); strings.Contains(body, "outside words") {
		t.Errorf("the system prompt holds a file outside the workspace")
	}
}

// TestOutputLastMessage checks that --output-last-message writes the final
// answer alone, and nothing for a run without one.
func TestOutputLastMessage(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI,
		pt.OpenAI.Stream(pt.Turn{Calls: []pt.Call{{ID: "c1", Name: "read_file", Args: []string{`{"path":"README.md"}`}}}}),
		pt.OpenAI.Stream(pt.Text("The README ", "is a title.")),
		pt.OpenAI.Error(400, "bad request"),
		pt.OpenAI.Stream(pt.Text("hello")))
	out := filepath.Join(t.TempDir(), "last.txt")
	res := z.exec("-o", "stream-json", "--output-last-message", out, "read it")
	b, err := os.ReadFile(out)
	if res.code != 0 || err != nil || string(b) != "The README is a title." {
		t.Errorf("exit %d, file %q (%v)", res.code, b, err)
	}
	out2 := filepath.Join(t.TempDir(), "none.txt")
	if res := z.exec("--output-last-message", out2, "again"); res.code != 3 {
		t.Errorf("exit %d, want 3", res.code)
	}
	if _, err := os.Stat(out2); !os.IsNotExist(err) {
		t.Errorf("a failed run wrote %s (%v)", out2, err)
	}
	res = z.exec("--output-last-message", filepath.Join(z.ws, "no", "such", "dir", "x"), "hi")
	if res.code != 3 || !strings.Contains(res.stderr, "--output-last-message") {
		t.Errorf("unwritable file: exit %d, stderr %q", res.code, res.stderr)
	}
}

// TestJSONTextOnError checks that -o json's text holds what the model
// streamed before the run failed or hit the turn limit.
func TestJSONTextOnError(t *testing.T) {
	z := newZeroEnv(t)
	full := pt.OpenAI.Stream(pt.Text("Partial ", "answer", " never finished"))
	z.serve(pt.OpenAI, pt.CutAfter(full, 3))
	res := z.exec("-o", "json", "hi")
	r := decodeResult(t, res.stdout)
	if res.code != 3 || r.Text != "Partial answer" || r.Error == nil {
		t.Errorf("exit %d, result %+v", res.code, r)
	}

	z = newZeroEnv(t)
	call := pt.Turn{Text: []string{"Looking."}, Calls: []pt.Call{{ID: "c1", Name: "read_file", Args: []string{`{"path":"README.md"}`}}}}
	z.serve(pt.OpenAI, pt.Forever(pt.OpenAI.Stream(call)))
	res = z.exec("-o", "json", "--max-turns", "2", "hi")
	r = decodeResult(t, res.stdout)
	if res.code != 4 || r.Text != "Looking.\n\nLooking." || r.Error == nil || r.Error.Code != "turn_limit" {
		t.Errorf("turn limit: exit %d, result %+v", res.code, r)
	}
}
