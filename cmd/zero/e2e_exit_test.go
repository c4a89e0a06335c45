package main

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

func TestUsageErrors(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI)
	mustWrite(t, z.ws+"/file.txt", "not a dir")
	mustWrite(t, z.ws+"/empty.txt", "  \n")
	cases := map[string][]string{
		"unknown output format": {"-o", "yaml", "hi"},
		"unknown input format":  {"--input-format", "xml", "hi"},
		"schema version":        {"--schema-version", "3", "hi"},
		"resume with fork":      {"--resume=a", "--fork", "b", "hi"},
		"unknown tool":          {"--enabled-tools", "read_file,teleport", "hi"},
		"enabled and disabled":  {"--enabled-tools", "grep", "--disabled-tools", "grep", "hi"},
		"missing prompt":        {},
		"empty prompt":          {"  "},
		"empty prompt file":     {"-f", "empty.txt"},
		"missing prompt file":   {"-f", "nope.txt"},
		"prompt file is a dir":  {"-f", "docs"},
		"prompt with stream":    {"--input-format", "stream-json", "hi"},
		"cwd not a directory":   {"-C", "file.txt", "hi"},
		"cwd missing":           {"-C", "nowhere", "hi"},
		"unknown flag":          {"--frobnicate", "hi"},
		"max turns":             {"--max-turns", "0", "hi"},
		"max output tokens":     {"--max-output-tokens", "0", "hi"},
		"unknown provider":      {"--provider", "acme", "hi"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			for _, format := range []string{"text", "json", "stream-json"} {
				res := z.exec(append([]string{"-o", format}, args...)...)
				if res.code != 2 || res.stdout != "" || !strings.HasPrefix(res.stderr, "zero: ") {
					t.Errorf("-o %s: code %d, stdout %q, stderr %q", format, res.code, res.stdout, res.stderr)
				}
			}
		})
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("usage errors sent %d requests", n)
	}
	if res := z.exec("-f", "docs"); res.stderr != "zero: --file docs is a directory; give a file, or - for standard input\nRun 'zero exec --help' for usage.\n" {
		t.Errorf("-f DIR: stderr %q", res.stderr)
	}
	if res := z.run("", "frobnicate"); res.code != 2 {
		t.Errorf("unknown command: code %d", res.code)
	}
}

func TestInvalidInputLine(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI)
	input := `{"schemaVersion":2,"type":"prompt","content":"first"}` + "\r\n\n" +
		`{"schemaVersion":2,"type":"message","role":"assistant","content":"x"}` + "\n"
	const want = `invalid stream-json input at line 3: /role: const: want "user"`
	res := z.run(input, "exec", "--input-format", "stream-json")
	if res.code != 2 || res.stdout != "" || res.stderr != "zero: "+want+"\n" {
		t.Errorf("text output: code %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
	res = z.run(input, "exec", "--input-format", "stream-json", "-o", "stream-json")
	evs := decodeV2(t, res.stdout)
	checkStream(t, evs, false, res.code)
	if e := errorEvent(t, evs); res.code != 2 || e.Code != "invalid_input" || e.Message != want {
		t.Errorf("stream-json output: code %d, error %+v", res.code, e)
	}
	res = z.run(input, "exec", "--input-format", "stream-json", "-o", "json")
	var er execresultv2.ExecResult
	if err := er.UnmarshalJSON([]byte(res.stdout)); err != nil || er.Error == nil || er.Error.Message != want || er.ExitCode != 2 {
		t.Errorf("json output: %v\n%s", err, res.stdout)
	}
}

func TestStreamJSONInput(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("ok")))
	input := `{"schemaVersion":1,"type":"message","role":"user","content":"Inspect this repo."}` + "\n\n" +
		`{"schemaVersion":1,"type":"prompt","content":"Return only blockers."}`
	res := z.run(input, "exec", "--input-format", "stream-json", "--schema-version", "1", "-o", "stream-json")
	checkStream(t, decodeV1(t, res.stdout), true, res.code)
	if !strings.Contains(string(srv.Requests()[0].Body), `Inspect this repo.\n\nReturn only blockers.`) {
		t.Errorf("request: %s", srv.Requests()[0].Body)
	}
}

func TestInputLineLimit(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI)
	z.vars["ZERO_MAX_INPUT_LINE_BYTES"] = "1KiB"
	line := `{"schemaVersion":2,"type":"prompt","content":"` + strings.Repeat("x", 2000) + `"}`
	res := z.run(line+"\n", "exec", "--input-format", "stream-json")
	if res.code != 2 || !strings.Contains(res.stderr, "line 1: line is longer than 1024 bytes") {
		t.Errorf("code %d, stderr %q", res.code, res.stderr)
	}
}

func TestNoProviderConfigured(t *testing.T) {
	z := newZeroEnv(t)
	res := z.exec("hi")
	for _, fix := range []string{"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "--provider", "ZERO_PROVIDER", "--provider replay"} {
		if !strings.Contains(res.stderr, fix) {
			t.Errorf("the error does not name %s: %q", fix, res.stderr)
		}
	}
	if res.code != 3 || res.stdout != "" {
		t.Errorf("code %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
	res = z.exec("-o", "stream-json", "hi")
	evs := decodeV2(t, res.stdout)
	checkStream(t, evs, false, 3)
	if e := errorEvent(t, evs); e.Code != "config_error" {
		t.Errorf("error = %+v", e)
	}
}

// TestBaseURLWithoutKey checks that OPENAI_BASE_URL alone selects a keyless
// OpenAI-compatible server, sent no Authorization header.
func TestBaseURLWithoutKey(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("local answer")))
	delete(z.vars, "OPENAI_API_KEY")
	res := z.exec("-m", "llama3.1", "hi")
	if res.code != 0 || res.stdout != "local answer\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
	req := srv.Requests()[0]
	if h := req.Header.Get("Authorization"); h != "" {
		t.Errorf("Authorization header %q sent to a keyless server", h)
	}
	if req.JSON["model"] != "llama3.1" {
		t.Errorf("model = %v", req.JSON["model"])
	}
}

func TestMaxTurns(t *testing.T) {
	z := newZeroEnv(t)
	call := pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_l", Name: "list_directory", Args: []string{`{}`}}))
	srv := z.serve(pt.OpenAI, call, call, call)
	evs, _ := z.streamV2(4, "--max-turns", "2", "loop forever")
	if e := errorEvent(t, evs); e.Code != "turn_limit" || !strings.Contains(string(e.Message), "limit of 2 turns") || !strings.Contains(string(e.Message), "--max-turns") {
		t.Errorf("error = %+v, want turn_limit naming the flag --max-turns", e)
	}
	if end := evs[len(evs)-1].v.(*streamjsonv2.RunEnd); end.Status != "error" {
		t.Errorf("run_end = %+v", end)
	}
	if len(srv.Requests()) != 2 {
		t.Errorf("%d requests, want 2", len(srv.Requests()))
	}
	res := z.exec("-o", "json", "--max-turns", "1", "loop")
	var er execresultv2.ExecResult
	if err := er.UnmarshalJSON([]byte(res.stdout)); err != nil || er.Status != "incomplete" || res.code != 4 {
		t.Errorf("json: code %d, %v\n%s", res.code, err, res.stdout)
	}
}

func TestTextModeStdoutIsTheAnswer(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, append(toolTurns(pt.OpenAI, "The README is a title."), pt.RateLimited(pt.OpenAI, "0"), pt.ServerErrorForever(pt.OpenAI))...)
	res := z.exec("what is in the readme")
	if res.code != 0 || res.stdout != "The README is a title.\n" {
		t.Errorf("code %d, stdout %q", res.code, res.stdout)
	}
	if res.stderr != "• read_file README.md\n" {
		t.Errorf("stderr = %q", res.stderr)
	}
	res = z.exec("again")
	if res.code != 3 || res.stdout != "" || !strings.HasPrefix(res.stderr, "zero: openai: ") {
		t.Errorf("failed run: code %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
}

func TestJSONModeOneResult(t *testing.T) {
	z := newZeroEnv(t)
	turns := toolTurns(pt.OpenAI, "unused")
	z.serve(pt.OpenAI, turns[0], pt.OpenAI.Stream(pt.Turn{Text: []string{"Done."}, Usage: pt.Usage{Input: 5, Output: 2}}))
	res := z.exec("-o", "json", "read")
	if res.code != 0 || strings.Count(res.stdout, "\n") != 1 {
		t.Fatalf("code %d, stdout %q", res.code, res.stdout)
	}
	var er execresultv2.ExecResult
	if err := er.UnmarshalJSON([]byte(res.stdout)); err != nil {
		t.Fatal(err)
	}
	if er.Status != "success" || er.Text != "Done." || len(er.ToolCalls) != 1 || er.ToolCalls[0].Status != "ok" || er.Usage.TotalTokens != 7 {
		t.Errorf("result = %+v", er)
	}
}

// startHanging starts zero against a server that streams the first text
// delta and then hangs, and waits until that delta is on stdout: proof that
// events are flushed while the model is still streaming. stop sends a
// signal and collects the rest of stdout and the exit code.
func startHanging(t *testing.T, z *zeroEnv, args ...string) (stop func(sig os.Signal) ([]string, int)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	cmd := z.command(ctx, "", append([]string{"exec", "-o", "stream-json"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var got []string
	for sc.Scan() {
		got = append(got, sc.Text())
		if strings.Contains(sc.Text(), `"type":"text"`) {
			break
		}
	}
	if len(got) == 0 || !strings.Contains(got[len(got)-1], "Hello there") {
		t.Fatalf("no text delta while the model streams: %q", got)
	}
	return func(sig os.Signal) ([]string, int) {
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		for sc.Scan() {
			got = append(got, sc.Text())
		}
		cmd.Wait()
		return got, cmd.ProcessState.ExitCode()
	}
}

func TestInterruptAndLockedSession(t *testing.T) {
	z := newZeroEnv(t)
	hang := pt.HangAfter(pt.OpenAI.Stream(pt.Text("Hello there, ", "I am still ", "thinking")), 2)
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("first")), hang)
	id := firstRun(t, z)
	interrupt := startHanging(t, z, "--resume", id, "keep going")

	locked := z.exec("--resume", id, "in parallel")
	if locked.code != 3 || !strings.Contains(locked.stderr, "in use") {
		t.Errorf("locked session: code %d, stderr %q", locked.code, locked.stderr)
	}

	got, code := interrupt(os.Interrupt)
	evs := decodeV2(t, strings.Join(got, "\n")+"\n")
	checkStream(t, evs, true, code)
	if e := errorEvent(t, evs); code != 130 || e.Code != "interrupted" || e.Message != "interrupted by SIGINT" {
		t.Errorf("code %d, error %+v", code, e)
	}
	show := z.run("", "sessions", "show", id, "--json")
	if !strings.Contains(show.stdout, `"type":"run_end","runId":"`+evs[0].runID) || !strings.Contains(show.stdout, `"exitCode":130`) {
		t.Errorf("the interrupted run's end was not recorded:\n%s", show.stdout)
	}
}
