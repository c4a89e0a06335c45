package main

import (
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// TestLiveStreamHoldsBackAtMostMaxHold streams 4 KB of text whose end
// could be the start of a credential ("api_key=") and then hangs. While
// the model hangs, everything but fewer than redact.MaxHold bytes must
// already be on stdout: redaction holds back only what could still turn
// out to be a secret.
func TestLiveStreamHoldsBackAtMostMaxHold(t *testing.T) {
	var sent []string
	for i := range 40 {
		sent = append(sent, strings.Repeat(string(rune('a'+i%26)), 99)+" ")
	}
	sent = append(sent, "and the setting is api_key=")
	total := len(strings.Join(sent, ""))
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.HangAfter(pt.OpenAI.Stream(pt.Text(sent...)), len(sent)+1))
	p := z.start(strings.NewReader(""), "exec", "-o", "stream-json", "stream")
	got := 0
	deadline := time.Now().Add(20 * time.Second)
	for got < total-redact.MaxHold && time.Now().Before(deadline) && p.sc.Scan() {
		p.lines = append(p.lines, p.sc.Text())
		var o streamjsonv2.Output
		if err := o.UnmarshalJSON(p.sc.Bytes()); err == nil {
			if tx, ok := o.Value.(*streamjsonv2.Text); ok {
				got += len(tx.Delta)
			}
		}
	}
	time.Sleep(200 * time.Millisecond) // nothing more may come while the model hangs
	held := total - got
	stdout, code := p.signal(os.Interrupt)
	evs := decodeV2(t, stdout)
	checkStream(t, evs, true, code)
	if held <= 0 || held >= redact.MaxHold {
		t.Errorf("held back %d of %d bytes while the model hung, want 0 < held < %d", held, total, redact.MaxHold)
	}
	if d := deltas(evs); d != strings.Join(sent, "") {
		t.Errorf("the deltas lost text: %d bytes, want %d", len(d), total)
	}
	t.Logf("held back %d bytes of %d while the model hung (redact.MaxHold %d)", held, total, redact.MaxHold)
	reportCase(t, "leak", "live stream holds back less than MaxHold", map[string]any{"held": held, "maxHold": redact.MaxHold})
}

// reasoningChunk is an OpenAI-compatible chunk carrying reasoning.
func reasoningChunk(s string) string {
	b, _ := json.Marshal(s)
	return `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"reasoning_content":` + string(b) + `},"finish_reason":null}]}` + "\n\n"
}

// TestSecretSplitAroundAReasoningDelta sends a key in two text deltas with
// a reasoning delta between them. The text deltas, joined as a client
// joins them, must not hold the key, and must equal final.text.
func TestSecretSplitAroundAReasoningDelta(t *testing.T) {
	var leaks atomic.Int64
	t.Run("corpus", func(t *testing.T) {
		for _, s := range redacttest.Credentials() {
			t.Run(s.Name, func(t *testing.T) {
				t.Parallel()
				if splitAroundReasoning(t, s) {
					leaks.Add(1)
				}
			})
		}
	})
	reportCase(t, "leak", "secrets split around the other channel", map[string]any{"leaks": leaks.Load(), "samples": len(redacttest.Credentials())})
}

// splitAroundReasoning runs one sample and reports whether it leaked.
func splitAroundReasoning(t *testing.T, s redacttest.Sample) (leaked bool) {
	secret := s.Secrets[0]
	parts := splitAround("key: "+s.Text+" done", secret)
	r := pt.OpenAI.Stream(pt.Text(parts[0]+parts[1], parts[2]))
	r = pt.Insert(r, 2, reasoningChunk("thinking about "+s.Text[:len(s.Text)/2]))
	r = pt.Insert(r, 4, reasoningChunk(s.Text[len(s.Text)/2:]+" done"))
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, r)
	z.vars["OPENAI_API_KEY"] = redacttest.ConfiguredSecret
	evs, _ := z.streamV2(0, "hi")
	var reasoning string
	for _, r := range find[*streamjsonv2.Reasoning](evs) {
		reasoning += r.Delta
	}
	for _, sec := range s.Secrets {
		if strings.Contains(deltas(evs), sec) || strings.Contains(reasoning, sec) {
			leaked = true
			t.Errorf("%s: the joined deltas hold %q", s.Name, clipString(sec, 30))
		}
	}
	if deltas(evs) != finalText(t, evs) {
		t.Errorf("%s: deltas %q, final %q", s.Name, deltas(evs), finalText(t, evs))
	}
	return leaked
}

// TestSecretOneByteADelta streams some samples one byte per delta, in
// text and in reasoning.
func TestSecretOneByteADelta(t *testing.T) {
	leaks := 0
	for _, s := range redacttest.Credentials() {
		switch s.Name {
		case "openai-project", "anthropic", "jwt", "url-password", "pem-rsa", "auth-bearer", "configured-secret":
		default:
			continue
		}
		bytes := strings.Split("say "+s.Text+" ok", "")
		z := newZeroEnv(t)
		z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Turn{Reasoning: bytes, Text: bytes}))
		z.vars["OPENAI_API_KEY"] = redacttest.ConfiguredSecret
		evs, res := z.streamV2(0, "hi")
		var reasoning string
		for _, r := range find[*streamjsonv2.Reasoning](evs) {
			reasoning += r.Delta
		}
		for _, sec := range s.Secrets {
			for name, out := range map[string]string{"text": deltas(evs), "reasoning": reasoning, "stdout": res.stdout} {
				if strings.Contains(out, sec) {
					leaks++
					t.Errorf("%s: %s holds %q", s.Name, name, clipString(sec, 30))
				}
			}
		}
	}
	reportCase(t, "leak", "secrets streamed one byte a delta", map[string]any{"leaks": leaks})
}

// TestBashEnvironment: bash commands get no API keys or other credentials
// from zero's environment unless --pass-env asks for them.
func TestBashEnvironment(t *testing.T) {
	z := newZeroEnv(t)
	cmd := `{"command":"echo openai=${OPENAI_API_KEY:+set} anthropic=${ANTHROPIC_API_KEY:+set} gh=${GITHUB_TOKEN:+set} db=${DB_PASSWORD:+set} aws=${AWS_SECRET_ACCESS_KEY:+set} path=${PATH:+set}"}`
	call := pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "call_env", Name: "bash", Args: []string{cmd}}))
	z.serve(pt.OpenAI, call, pt.OpenAI.Stream(pt.Text("ok")), call, pt.OpenAI.Stream(pt.Text("ok")))
	z.vars["ANTHROPIC_API_KEY"] = "sk-ant-test-fake"
	z.vars["GITHUB_TOKEN"] = redacttest.GitHubToken
	z.vars["DB_PASSWORD"] = "hunter2fake"
	z.vars["AWS_SECRET_ACCESS_KEY"] = redacttest.AWSSecretKey
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{nil, "openai= anthropic= gh= db= aws= path=set"},
		{[]string{"--pass-env"}, "openai=set anthropic=set gh=set db=set aws=set path=set"},
	} {
		evs, _ := z.streamV2(0, append([]string{"--skip-permissions-unsafe"}, append(tc.flags, "env")...)...)
		if out := find[*streamjsonv2.ToolResult](evs)[0].Output; !strings.Contains(out, tc.want) {
			t.Errorf("%v: bash saw %q, want %q", tc.flags, out, tc.want)
		}
	}
	reportCase(t, "leak", "bash gets no credentials from the environment without --pass-env", nil)
}
