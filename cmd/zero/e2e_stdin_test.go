package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

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

// TestSilentStdinIsNamed: a parent that gives zero a pipe on stdin and
// leaves it open and silent (Node's spawn default) is told on stderr,
// within seconds, that zero waits for stdin to close, with </dev/null
// named when words were given; once stdin closes the run goes on. Input
// that arrives at once gets no note, however long stdin stays open after.
func TestSilentStdinIsNamed(t *testing.T) {
	cases := []struct {
		name  string
		words []string
		write string        // written at once
		wait  time.Duration // then stdin stays open this long, if no note is awaited
		late  string        // written after the note
		note  []string      // the lines stderr must hold; none when empty
		want  string        // the prompt the provider gets
	}{
		{name: "words", words: []string{"just", "words"}, want: "just words", note: []string{
			"zero: waiting for stdin to close: it is not a terminal, so what it holds follows the prompt words, and nothing has arrived in 2s",
			"zero: to run on the words alone, give zero </dev/null (or start it with stdin closed or ignored)"}},
		{name: "alone", late: "late prompt\n", want: "late prompt", note: []string{
			"zero: waiting for the prompt on stdin: nothing has arrived in 2s; it is read until stdin closes"}},
		{name: "prompt at once", words: []string{"review"}, write: "the diff\n", wait: 3 * time.Second, want: "review\n\nthe diff"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			z := newZeroEnv(t)
			srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("ok")))
			cmd := exec.Command(zeroBin, append([]string{"exec", "-o", "stream-json"}, tc.words...)...)
			cmd.Dir, cmd.Env = z.ws, z.environ()
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			lines := make(chan string, 16)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stderr)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			if _, err := io.WriteString(stdin, tc.write); err != nil {
				t.Fatal(err)
			}
			var got []string
			deadline := time.After(20 * time.Second)
			for len(got) < len(tc.note) {
				select {
				case l := <-lines:
					got = append(got, l)
				case <-deadline:
					t.Fatalf("no note on stderr after 20s; stderr so far %q", got)
				}
			}
			time.Sleep(tc.wait)
			if _, err := io.WriteString(stdin, tc.late); err != nil {
				t.Fatal(err)
			}
			stdin.Close()
			for l := range lines {
				got = append(got, l)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("zero: %v; stderr %q", err, got)
			}
			if !reflect.DeepEqual(got, tc.note) && (len(got) != 0 || len(tc.note) != 0) {
				t.Errorf("stderr:\n%q\nwant\n%q", got, tc.note)
			}
			evs := decodeV2(t, stdout.String())
			if finalText(t, evs) != "ok" {
				t.Errorf("the run did not finish: %s", stdout.String())
			}
			if p := userPrompt(t, srv.Requests()[0].Body); p != tc.want {
				t.Errorf("prompt %q, want %q", p, tc.want)
			}
		})
	}
}
