package main

import (
	"encoding/json"
	"strings"
	"testing"

	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// decodeResult decodes -o json's single line with the generated decoder.
func decodeResult(t *testing.T, stdout string) *execresultv2.ExecResult {
	t.Helper()
	ls := lines(t, stdout)
	if len(ls) != 1 {
		t.Fatalf("-o json wrote %d lines, want 1:\n%s", len(ls), stdout)
	}
	var r execresultv2.ExecResult
	if err := r.UnmarshalJSON([]byte(ls[0])); err != nil {
		t.Fatalf("not an ExecResult: %v\n%s", err, ls[0])
	}
	return &r
}

// TestTruncatedAnswer checks that an answer the output-token limit cut off
// is no success: exit 4, an error max_output_tokens, no final event, and
// the vendor's stop reason in -o json.
func TestTruncatedAnswer(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			turn := pt.Turn{Text: []string{"The answer ", "is"}, Usage: pt.Usage{Input: 5, Output: 2}, Truncated: true}
			z := newZeroEnv(t)
			z.serve(d, d.Stream(turn), d.Stream(turn), d.Stream(turn))

			evs, _ := z.streamV2(4, "question")
			e := errorEvent(t, evs)
			if e.Code != "max_output_tokens" || !strings.Contains(string(e.Message), d.StopReason(turn)) || !strings.Contains(string(e.Message), "--max-output-tokens") {
				t.Errorf("error = %+v", e)
			}
			if n := len(find[*streamjsonv2.Final](evs)); n != 0 {
				t.Errorf("%d final events for a cut answer", n)
			}
			if end := evs[len(evs)-1].v.(*streamjsonv2.RunEnd); end.Status != streamjsonv2.RunStatusError {
				t.Errorf("run_end = %+v", end)
			}

			res := z.exec("-o", "json", "question")
			r := decodeResult(t, res.stdout)
			if res.code != 4 || r.Status != execresultv2.ExecStatusIncomplete || r.ExitCode != 4 {
				t.Errorf("exit %d, result status %s exitCode %d", res.code, r.Status, r.ExitCode)
			}
			if r.StopReason.V != d.StopReason(turn) || r.Text != "The answer is" {
				t.Errorf("result = %+v", r)
			}
			if r.Error == nil || r.Error.Code != "max_output_tokens" {
				t.Errorf("result error = %+v", r.Error)
			}

			res = z.exec("question")
			if res.code != 4 || res.stdout != "The answer is\n" || !strings.Contains(res.stderr, "cut off at its output-token limit") {
				t.Errorf("text mode: exit %d\nstdout %q\nstderr %q", res.code, res.stdout, res.stderr)
			}
		})
	}
}

// TestCutToolCall checks that a tool call whose arguments the output-token
// limit cut is reported as cut, to the user (a warning) and to the model
// (the call's error result), and that the run goes on.
func TestCutToolCall(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			cut := pt.Turn{Calls: []pt.Call{
				{ID: "call_1", Name: "read_file", Args: []string{`{"path":"README.md"}`}},
				{ID: "call_2", Name: "read_file", Args: []string{`{"path":"docs/gu`}},
			}, Truncated: true}
			srv := z.serve(d, d.Stream(cut), d.Stream(pt.Text("Read it.")))
			evs, _ := z.streamV2(0, "read both")
			warns := find[*streamjsonv2.Warning](evs)
			if len(warns) != 1 || warns[0].Code != "max_output_tokens" || !strings.Contains(string(warns[0].Message), "read_file call are incomplete") {
				t.Errorf("warnings = %+v", warns)
			}
			results := find[*streamjsonv2.ToolResult](evs)
			if len(results) != 2 || results[0].Status != "ok" || results[1].Status != "error" ||
				!strings.Contains(results[1].Output, "cut off at the output-token limit") {
				t.Fatalf("results = %+v", results)
			}
			if reqs := srv.Requests(); len(reqs) != 2 || !strings.Contains(string(reqs[1].Body), "cut off at the output-token limit") {
				t.Errorf("the model was not told its call was cut")
			}
		})
	}
}

// TestMaxOutputTokens checks that --max-output-tokens and
// ZERO_MAX_OUTPUT_TOKENS reach both vendors, and the defaults without them.
func TestMaxOutputTokens(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			srv := z.serve(d, pt.Forever(d.Stream(pt.Text("ok"))))
			z.exec("hi")
			z.exec("--max-output-tokens", "1234", "hi")
			z.vars["ZERO_MAX_OUTPUT_TOKENS"] = "777"
			z.exec("hi")
			z.exec("--max-output-tokens", "99", "hi")
			reqs := srv.Requests()
			if len(reqs) != 4 {
				t.Fatalf("%d requests, want 4", len(reqs))
			}
			want := []int{0, 1234, 777, 99}
			if d == pt.Anthropic {
				want[0] = 8192
			}
			for i, r := range reqs {
				var body struct {
					MaxTokens int `json:"max_tokens"`
				}
				if err := json.Unmarshal(r.Body, &body); err != nil {
					t.Fatal(err)
				}
				if body.MaxTokens != want[i] {
					t.Errorf("request %d: max_tokens %d, want %d", i, body.MaxTokens, want[i])
				}
			}
		})
	}
}

func TestMaxOutputTokensInvalid(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.Forever(pt.OpenAI.Stream(pt.Text("ok"))))
	if res := z.exec("--max-output-tokens", "0", "hi"); res.code != 2 || !strings.Contains(res.stderr, "--max-output-tokens must be at least 1") {
		t.Errorf("--max-output-tokens 0: exit %d, stderr %q", res.code, res.stderr)
	}
	z.vars["ZERO_MAX_OUTPUT_TOKENS"] = "lots"
	if res := z.exec("hi"); res.code != 3 || !strings.Contains(res.stderr, "ZERO_MAX_OUTPUT_TOKENS=lots") {
		t.Errorf("ZERO_MAX_OUTPUT_TOKENS=lots: exit %d, stderr %q", res.code, res.stderr)
	}
}

// TestFinishWithoutDone checks that an OpenAI-compatible stream that sent
// its finish_reason is complete without "data: [DONE]", and that one cut
// before any finish_reason stays an error.
func TestFinishWithoutDone(t *testing.T) {
	d := pt.OpenAI
	turn := pt.Turn{Text: []string{"All ", "done."}, Usage: pt.Usage{Input: 3, Output: 2}}
	full := d.Stream(turn)
	z := newZeroEnv(t)
	z.serve(d, pt.Truncate(full, len(full.Chunks)-1)) // everything but [DONE]
	evs, _ := z.streamV2(0, "hi")
	if got := finalText(t, evs); got != "All done." {
		t.Errorf("final = %q", got)
	}

	z = newZeroEnv(t)
	z.serve(d, pt.Forever(pt.Truncate(full, 3))) // role, "All ", "done.": no finish_reason
	evs, _ = z.streamV2(3, "hi")
	if e := errorEvent(t, evs); e.Code != "provider_error" || !strings.Contains(string(e.Message), "stream ended before the turn was complete") {
		t.Errorf("error = %+v", e)
	}
}
