package main

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// userText returns the last user message of an OpenAI request.
func userText(t *testing.T, req pt.Request) (model, text string) {
	t.Helper()
	var body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatal(err)
	}
	for _, m := range body.Messages {
		if m.Role == "user" {
			text = m.Content.(string)
		}
	}
	return body.Model, text
}

func TestTextPromptSources(t *testing.T) {
	z := newZeroEnv(t)
	ok := pt.OpenAI.Stream(pt.Text("ok"))
	srv := z.serve(pt.OpenAI, ok, ok, ok)
	mustWrite(t, z.ws+"/task.md", "Fix the bug.\n")
	z.vars["ZERO_MODEL"] = "env-model"
	z.exec("review", "this", "-f", "task.md")
	z.run("piped text\n", "exec", "-f", "-", "-m", "flag-model")
	evs, _ := z.streamV2(0, "-C", "docs", "plain")
	for i, want := range [][2]string{{"env-model", "review this\n\nFix the bug."}, {"flag-model", "piped text"}, {"env-model", "plain"}} {
		model, text := userText(t, srv.Requests()[i])
		if model != want[0] || text != want[1] {
			t.Errorf("request %d: model %q, prompt %q; want %q", i, model, text, want)
		}
	}
	start := evs[0].v.(*streamjsonv2.RunStart)
	if !strings.HasSuffix(string(start.Cwd), "/ws/docs") || start.Model != "env-model" || start.APIModel != "env-model" {
		t.Errorf("run_start = %+v", start)
	}
}

func TestSIGTERM(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.HangAfter(pt.OpenAI.Stream(pt.Text("Hello there, ", "more")), 2))
	stop := startHanging(t, z, "hi")
	got, code := stop(syscall.SIGTERM)
	evs := decodeV2(t, strings.Join(got, "\n")+"\n")
	checkStream(t, evs, true, code)
	if e := errorEvent(t, evs); code != 130 || e.Message != "interrupted by SIGTERM" {
		t.Errorf("code %d, error %+v", code, e)
	}
}
