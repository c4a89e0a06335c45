package main

import (
	"strings"
	"testing"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

var dialects = []*pt.Dialect{pt.OpenAI, pt.Anthropic}

func TestTextOnly(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			turn := pt.Turn{Text: []string{"Hello", ", world"}, Usage: pt.Usage{Input: 11, Output: 3}}
			z.serve(d, d.Stream(turn))
			evs, _ := z.streamV2(0, "--provider", d.Name(), "say hello")
			if got := types(evs); got != "run_start,text,text,usage,final,run_end" && got != "run_start,text,usage,final,run_end" {
				t.Errorf("events = %s", got)
			}
			if got := finalText(t, evs); got != "Hello, world" || deltas(evs) != got {
				t.Errorf("final %q, deltas %q", got, deltas(evs))
			}
			start := evs[0].v.(*streamjsonv2.RunStart)
			if string(start.Provider) != d.Name() || start.SessionID == "" || start.Cwd == "" || !strings.HasPrefix(string(start.RunID), "run_") {
				t.Errorf("run_start = %+v", start)
			}
			u := find[*streamjsonv2.Usage](evs)[0]
			if u.PromptTokens != 11 || u.CompletionTokens != 3 || u.TotalTokens != 14 {
				t.Errorf("usage = %+v", u)
			}
		})
	}
}

func TestSeveralToolCallsInOneTurn(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			srv := z.serve(d,
				d.Stream(pt.Turn{Text: []string{"Reading both."}, Calls: []pt.Call{
					pt.SplitArgs("call_1", "read_file", `{"path":"README.md"}`, 5),
					{ID: "call_2", Name: "read_file", Args: []string{`{"path":"docs/guide.txt"}`}},
					{ID: "call_3", Name: "glob", Args: []string{`{"pattern":"**/*.txt"}`}},
				}}),
				d.Stream(pt.Text("Both files are short.")),
			)
			evs, _ := z.streamV2(0, "summarize the docs")
			want := "run_start,text,tool_call,tool_call,tool_call,tool_result,tool_result,tool_result,usage,text,usage,final,run_end"
			if got := types(evs); got != want {
				t.Errorf("events =\n%s\nwant\n%s", got, want)
			}
			results := find[*streamjsonv2.ToolResult](evs)
			for i, want := range []string{"# Zero test workspace", "the guide says hello", "docs/guide.txt"} {
				if results[i].Status != "ok" || !strings.Contains(results[i].Output, want) {
					t.Errorf("result %d = %+v, want ok with %q", i, results[i], want)
				}
			}
			if got := finalText(t, evs); got != "Reading both.\n\nBoth files are short." {
				t.Errorf("final = %q", got)
			}
			reqs := srv.Requests()
			if len(reqs) != 2 || !strings.Contains(string(reqs[1].Body), "the guide says hello") {
				t.Errorf("the second request does not carry the tool results (%d requests)", len(reqs))
			}
		})
	}
}

func TestReasoningOnlyInV2(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			turn := pt.Turn{Reasoning: []string{"Thinking ", "hard."}, Text: []string{"42"}}
			z := newZeroEnv(t)
			z.serve(d, d.Stream(turn), d.Stream(turn))
			evs, _ := z.streamV2(0, "question")
			var reasoning string
			for _, r := range find[*streamjsonv2.Reasoning](evs) {
				reasoning += r.Delta
			}
			if reasoning != "Thinking hard." {
				t.Errorf("v2 reasoning = %q (%s)", reasoning, types(evs))
			}
			res := z.exec("-o", "stream-json", "--schema-version", "1", "question")
			v1 := decodeV1(t, res.stdout)
			checkStream(t, v1, true, res.code)
			if strings.Contains(types(v1), "reasoning") || find[*streamjsonv1.Final](v1)[0].Text != "42" {
				t.Errorf("v1 events = %s", types(v1))
			}
		})
	}
}

func TestRateLimitedThenSuccess(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.RateLimited(pt.OpenAI, "0"), pt.OpenAI.Stream(pt.Text("ok")))
	evs, _ := z.streamV2(0, "hi")
	if finalText(t, evs) != "ok" || len(srv.Requests()) != 2 {
		t.Errorf("final %q after %d requests", finalText(t, evs), len(srv.Requests()))
	}
}

func TestServerErrorUntilRetriesRunOut(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, pt.ServerErrorForever(pt.OpenAI))
	evs, res := z.streamV2(3, "hi")
	e := errorEvent(t, evs)
	if e.Code != "provider_error" || !e.Recoverable || !strings.Contains(string(e.Message), "500") {
		t.Errorf("error = %+v", e)
	}
	if len(srv.Requests()) != 3 {
		t.Errorf("%d requests, want 3 tries", len(srv.Requests()))
	}
	if !strings.HasPrefix(res.stderr, "zero: ") {
		t.Errorf("stderr = %q", res.stderr)
	}
}

func TestStreamCutMidway(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			z.serve(d, pt.CutAfter(d.Stream(pt.Text("Hello", " there", " friend")), 3))
			evs, _ := z.streamV2(3, "hi")
			if e := errorEvent(t, evs); e.Code != "provider_error" {
				t.Errorf("error = %+v", e)
			}
		})
	}
}

func TestMalformedChunk(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			z.serve(d, d.Malformed(pt.Text("Hello", " there")))
			evs, _ := z.streamV2(3, "hi")
			if e := errorEvent(t, evs); e.Code != "provider_error" || e.Recoverable {
				t.Errorf("error = %+v", e)
			}
		})
	}
}

func TestReplayDemoOffline(t *testing.T) {
	z := newZeroEnv(t)
	// No keys, and base URLs that lead nowhere: the demo must not need them.
	z.vars["OPENAI_BASE_URL"] = "http://127.0.0.1:1/v1"
	z.vars["ANTHROPIC_BASE_URL"] = "http://127.0.0.1:1"
	evs, _ := z.streamV2(0, "--provider", "replay", "what is Zero?")
	if r := find[*streamjsonv2.ToolResult](evs); len(r) != 1 || r[0].Status != "ok" || !strings.Contains(r[0].Output, "README.md") {
		t.Errorf("tool results = %+v", r)
	}
	if !strings.Contains(finalText(t, evs), "headless agent") {
		t.Errorf("final = %q", finalText(t, evs))
	}
	res := z.exec("--provider", "replay", "what is Zero?")
	if res.code != 0 || !strings.Contains(res.stdout, "headless agent") || !strings.Contains(res.stderr, "• list_directory") {
		t.Errorf("text mode: code %d\nstdout %q\nstderr %q", res.code, res.stdout, res.stderr)
	}
}
