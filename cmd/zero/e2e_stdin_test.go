package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// userPrompt returns the content of the last user message of an OpenAI
// request body.
func userPrompt(t *testing.T, body []byte) string {
	t.Helper()
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role == "user" {
			return req.Messages[i].Content
		}
	}
	t.Fatalf("no user message in %s", body)
	return ""
}

// TestPipedStdin checks that a stdin that is no terminal is read: alone it
// is the prompt, after words it follows a blank line, and --file wins.
func TestPipedStdin(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.Forever(pt.OpenAI.Stream(pt.Text("ok"))))
	diff := "diff --git a/x b/x\n+added line\n"
	mustWrite(t, filepath.Join(z.ws, "prompt.txt"), "from the file\n")
	runs := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"hi\n", nil, "hi"},
		{diff, []string{"review", "this diff"}, "review this diff\n\n" + strings.TrimRight(diff, "\n")},
		{"", []string{"just words"}, "just words"},
		{"ignored stdin", []string{"-f", "prompt.txt", "words"}, "words\n\nfrom the file"},
	}
	for i, r := range runs {
		res := z.run(r.stdin, append([]string{"exec"}, r.args...)...)
		if res.code != 0 {
			t.Fatalf("run %d: exit %d, stderr %q", i, res.code, res.stderr)
		}
		if got := userPrompt(t, srv.Requests()[i].Body); got != r.want {
			t.Errorf("run %d: prompt %q, want %q", i, got, r.want)
		}
	}
}

// TestPipedStdinEmptyOrTooLong checks that empty stdin without words is
// still "no prompt" and that piped stdin is bounded like --file.
func TestPipedStdinEmptyOrTooLong(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.Forever(pt.OpenAI.Stream(pt.Text("ok"))))
	for _, stdin := range []string{"", " \n\t\n"} {
		res := z.run(stdin, "exec", "-o", "stream-json")
		if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, "no prompt") {
			t.Errorf("stdin %q: exit %d, stdout %q, stderr %q", stdin, res.code, res.stdout, res.stderr)
		}
	}
	z.vars["ZERO_MAX_INPUT_LINE_BYTES"] = "1KiB"
	res := z.run(strings.Repeat("x", 2000), "exec", "summarize")
	if res.code != 2 || !strings.Contains(res.stderr, "the prompt on stdin is longer than 1024 bytes") {
		t.Errorf("long stdin: exit %d, stderr %q", res.code, res.stderr)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests for runs without a usable prompt", n)
	}
}
