package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// leakCounter counts secrets found in what zero wrote.
type leakCounter struct {
	mu      sync.Mutex
	leaks   int
	checked int // places (stdout, stderr, files) searched, per secret
	where   []string
}

// count adds every secret of s found in the outputs of a run.
func (c *leakCounter) count(t *testing.T, z *zeroEnv, s redacttest.Sample, label string, res result) {
	t.Helper()
	places := map[string]string{"stdout": res.stdout, "stderr": res.stderr}
	for path, content := range dataFiles(t, z) {
		places[strings.TrimPrefix(path, z.data+"/")] = content
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for name, content := range places {
		for _, secret := range s.Secrets {
			c.checked++
			if n := strings.Count(content, secret); n > 0 {
				c.leaks += n
				c.where = append(c.where, fmt.Sprintf("%s: %s: %s holds %q %d times", s.Name, label, name, clipString(secret, 40), n))
				t.Errorf("%s: %s: %s leaks %q", s.Name, label, name, clipString(secret, 40))
			}
		}
	}
}

// splitAround cuts text into three deltas, the cuts inside secret.
func splitAround(text, secret string) []string {
	i := max(strings.Index(text, secret), 0)
	a, b := i+len(secret)/3, i+2*len(secret)/3
	return []string{text[:a], text[a:b], text[b:]}
}

// leakTurn is a model turn that carries the sample everywhere the model
// can put it: reasoning and text split inside the secret, and tool calls
// whose arguments hold it (plain, as a path, under nested sensitive keys)
// or that read files holding it (read_file, grep, bash printing it in two
// chunks, and a path that does not exist, echoed in the error).
func leakTurn(s redacttest.Sample) pt.Turn {
	secret := s.Secrets[0]
	args := func(v any) []string {
		b, _ := json.Marshal(v)
		return pt.SplitArgs("", "", string(b), 7).Args
	}
	return pt.Turn{
		Reasoning: splitAround("I see "+s.Text+" in the file.", secret),
		Text:      splitAround("Here it is: "+s.Text+" (done).", secret),
		Calls: []pt.Call{
			{ID: "call_read", Name: "read_file", Args: args(map[string]any{"path": "creds.txt"})},
			{ID: "call_grep", Name: "grep", Args: args(map[string]any{"pattern": ".", "path": "creds.txt"})},
			{ID: "call_bash", Name: "bash", Args: args(map[string]any{"command": "cat half1.txt; sleep 0.02; cat half2.txt"})},
			{ID: "call_write", Name: "write_file", Args: args(map[string]any{"path": "echo.txt", "content": s.Text})},
			{ID: "call_path", Name: "read_file", Args: args(map[string]any{"path": "missing/" + s.Text})},
			{ID: "call_nested", Name: "read_file", Args: args(map[string]any{"path": "creds.txt",
				"config":  map[string]any{"apiKey": secret, "db": map[string]any{"password": secret}},
				"headers": map[string]any{"Authorization": "Bearer " + secret}})},
			{ID: "call_list", Name: "glob", Args: args([]any{s.Text, map[string]any{"client_secret": secret}})},
			{ID: "call_key", Name: "read_file", Args: args(map[string]any{"path": "creds.txt", s.Text: 1})},
			{ID: secretID(secret), Name: "list_directory", Args: args(map[string]any{})},
		},
	}
}

// secretID is the secret when it could pass for a tool call id, which a
// model may echo, and is a credential by itself (not only in its sample's
// context): the id must not leak either.
func secretID(secret string) string {
	if validCallID.MatchString(secret) && redact.New(redacttest.ConfiguredSecret).String("", secret) != secret {
		return secret
	}
	return "call_id"
}

var validCallID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$`)

// TestNoSecretLeaks runs the whole redacttest corpus of fake credentials
// through the binary in every output format. Each sample is placed in the
// prompt, the model's reasoning and text (split across deltas inside the
// secret), tool arguments (also under nested sensitive keys), tool output
// (read_file, grep, and bash printing it in two chunks), file contents the
// tools read, and provider error bodies (an OpenAI 400 in stream-json and
// text output, an Anthropic 500 storm in stream-json). The API key zero is
// configured with is the corpus's configured secret. Not one secret may
// appear in stdout, stderr or any session file; the count is printed.
func TestNoSecretLeaks(t *testing.T) {
	var c leakCounter
	samples := redacttest.Credentials()
	runs := 0
	var mu sync.Mutex
	t.Run("corpus", func(t *testing.T) {
		for _, s := range samples {
			t.Run(s.Name, func(t *testing.T) {
				t.Parallel()
				n := leakSample(t, &c, s)
				mu.Lock()
				runs += n
				mu.Unlock()
			})
		}
	})
	t.Logf("%d leaks of %d credential samples (%d secrets) in %d runs, %d secret-and-place checks (stdout, stderr, every session file), redact.MaxHold %d bytes",
		c.leaks, len(samples), secretCount(samples), runs, c.checked, redact.MaxHold)
	for _, w := range c.where {
		t.Log(w)
	}
	if c.leaks != 0 {
		t.Errorf("%d leaks", c.leaks)
	}
	reportCase(t, "leak", "corpus", map[string]any{"leaks": c.leaks, "samples": len(samples), "secrets": secretCount(samples),
		"runs": runs, "checks": c.checked, "maxHold": redact.MaxHold})
}

func secretCount(samples []redacttest.Sample) int {
	n := 0
	for _, s := range samples {
		n += len(s.Secrets)
	}
	return n
}

// leakSample runs one sample through every format and the error paths; it
// returns the number of runs.
func leakSample(t *testing.T, c *leakCounter, s redacttest.Sample) int {
	runs := 0
	for _, format := range []string{"stream-json", "text", "json"} {
		z := newZeroEnv(t)
		z.serve(pt.OpenAI, pt.OpenAI.Stream(leakTurn(s)), pt.OpenAI.Stream(pt.Text("Checked.")))
		z.vars["OPENAI_API_KEY"] = redacttest.ConfiguredSecret
		secret := s.Secrets[0]
		half := strings.Index(s.Text, secret) + len(secret)/2
		mustWrite(t, filepath.Join(z.ws, "creds.txt"), "# settings\n"+s.Text+"\n# end\n")
		mustWrite(t, filepath.Join(z.ws, "half1.txt"), s.Text[:half])
		mustWrite(t, filepath.Join(z.ws, "half2.txt"), s.Text[half:]+"\n")
		res := z.exec("-o", format, "--skip-permissions-unsafe", "check this: "+s.Text)
		runs++
		if res.code != 0 {
			t.Errorf("-o %s: exit %d\n%s", format, res.code, res.stderr)
		}
		if format == "stream-json" {
			checkStream(t, decodeV2(t, res.stdout), true, 0)
		}
		os.Remove(filepath.Join(z.ws, "echo.txt"))
		c.count(t, z, s, "-o "+format, res)

		if format == "json" {
			continue // its error path is the stream-json one
		}
		z = newZeroEnv(t)
		z.serve(pt.OpenAI, pt.OpenAI.Error(http.StatusBadRequest, "invalid request: "+s.Text))
		z.vars["OPENAI_API_KEY"] = redacttest.ConfiguredSecret
		res = z.exec("-o", format, "hi")
		runs++
		if res.code != 3 {
			t.Errorf("-o %s 400: exit %d", format, res.code)
		}
		c.count(t, z, s, "-o "+format+", a 400 whose body holds it", res)
	}
	z := newZeroEnv(t)
	storm := pt.Anthropic.Error(http.StatusInternalServerError, "upstream said: "+s.Text)
	storm.Header.Set("Retry-After", "0")
	z.serve(pt.Anthropic, pt.Forever(storm))
	z.vars["ANTHROPIC_API_KEY"] = redacttest.ConfiguredSecret
	res := z.exec("-o", "stream-json", "--provider", "anthropic", "hi")
	c.count(t, z, s, "an Anthropic 500 storm whose bodies hold it", res)
	return runs + 1
}

// TestProseSurvives checks the other side of redaction through the
// binary: the corpus's prose, full of credential-like words, comes out of
// the text deltas unchanged.
func TestProseSurvives(t *testing.T) {
	var deltasIn []string
	for _, p := range redacttest.Prose() {
		deltasIn = append(deltasIn, splitAround(p.Text+"\n", p.Text)...)
	}
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text(deltasIn...)))
	z.vars["OPENAI_API_KEY"] = redacttest.ConfiguredSecret
	evs, _ := z.streamV2(0, "say it")
	changed := 0
	for _, p := range redacttest.Prose() {
		if !strings.Contains(deltas(evs), p.Text) || !strings.Contains(finalText(t, evs), p.Text) {
			changed++
			t.Errorf("prose changed: %q", p.Text)
		}
	}
	reportCase(t, "leak", "prose", map[string]any{"samples": len(redacttest.Prose()), "changed": changed})
}
