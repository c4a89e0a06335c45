package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// providerFault is one way a provider fails a run.
type providerFault struct {
	name string
	// script answers the run's requests; point, when set, replaces the
	// server: it returns the base URL to use (a closed port, a silent
	// server).
	script func(d *pt.Dialect) []pt.Response
	point  func(t *testing.T) string
	env    map[string]string
	// want is in the error event's message; recoverable is its flag.
	want        string
	recoverable bool
	// requests is how many requests the server must get (0: not checked).
	requests int
	// slow marks faults that wait out backoff or timeouts: they run in
	// parallel, and in one dialect only (the transport under both is the
	// same code).
	slow bool
}

// helloTurn streams a few text deltas.
func helloTurn(d *pt.Dialect) pt.Response {
	return d.Stream(pt.Turn{Text: []string{"Hello", " there,", " friend", "."}, Usage: pt.Usage{Input: 3, Output: 4}})
}

// vendorErrorEvent is the dialect's error reported inside a stream.
func vendorErrorEvent(d *pt.Dialect) string {
	if d == pt.Anthropic {
		return pt.AnthropicErrorEvent("overloaded_error", "Overloaded")
	}
	return `data: {"error":{"message":"Overloaded","type":"server_error","code":null}}` + "\n\n"
}

func providerFaults() []providerFault {
	idle := map[string]string{"ZERO_IDLE_TIMEOUT": "500ms"}
	return []providerFault{
		{name: "stream cut mid-chunk", want: "stream broken", recoverable: true, requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				r := pt.Rechunk(helloTurn(d), 7)
				return []pt.Response{pt.CutAfter(r, len(r.Chunks)/2)}
			}},
		{name: "stream ended early", want: "stream ended before the turn was complete", recoverable: true, requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				// Before the vendor said why the model stopped: OpenAI's
				// finish_reason chunk, Anthropic's message_delta.
				r := helloTurn(d)
				return []pt.Response{pt.Truncate(r, len(r.Chunks)-3)}
			}},
		{name: "stream cut in the second turn, after a tool ran", want: "stream broken", recoverable: true, requests: 2,
			script: func(d *pt.Dialect) []pt.Response {
				turns := toolTurns(d, "The README is a title.")
				return []pt.Response{turns[0], pt.CutAfter(pt.Rechunk(turns[1], 5), 9)}
			}},
		{name: "malformed JSON in an event", want: "malformed", requests: 1,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{d.Malformed(pt.Text("Hello", " there"))} }},
		{name: "binary garbage instead of events", want: "stream ended before the turn was complete", recoverable: true, requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				r := helloTurn(d)
				r.Chunks = []string{"\x00\xff\xfe garbage \x1b[31m\r\n", "event\n\n", ":::\n\n", "retry: soon\n\n", "id: \x00\n\n"}
				return []pt.Response{r}
			}},
		{name: "an SSE line of 9 MiB", want: "malformed stream: sse: line too long", requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				r := helloTurn(d)
				return []pt.Response{pt.Insert(r, 1, "data: "+strings.Repeat("x", 9<<20)+"\n\n")}
			}},
		{name: "JSON instead of a stream", want: "expected an event stream", requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				return []pt.Response{pt.JSONError(http.StatusOK, `{"id":"x","object":"chat.completion"}`)}
			}},
		{name: "vendor error inside the stream", want: "Overloaded", recoverable: true, requests: 1,
			script: func(d *pt.Dialect) []pt.Response {
				return []pt.Response{pt.Insert(helloTurn(d), 3, vendorErrorEvent(d))}
			}},
		{name: "server silent after the headers", want: "stream idle for more than 500ms", recoverable: true, requests: 1, env: idle,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{pt.HangAfter(helloTurn(d), 0)} }},
		{name: "server silent mid-stream", want: "stream idle for more than 500ms", recoverable: true, requests: 1, env: idle,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{pt.HangAfter(helloTurn(d), 3)} }},
		{name: "server accepts and never answers", want: "no response within 500ms (after 3 tries)", recoverable: true, env: idle, slow: true,
			point: func(t *testing.T) string { return "http://" + newSilentServer(t).Addr().String() }},
		{name: "429 storm", want: "429 Too Many Requests", recoverable: true, requests: 3,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{pt.Forever(pt.RateLimited(d, "0"))} }},
		{name: "5xx storm with backoff", want: "500 Internal Server Error", recoverable: true, requests: 3, slow: true,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{pt.ServerErrorForever(d)} }},
		{name: "429 then 503 then 502", want: "502 Bad Gateway", recoverable: true, requests: 3,
			script: func(d *pt.Dialect) []pt.Response {
				return []pt.Response{pt.RateLimited(d, "0"), retryNow(d.Error(503, "unavailable")), retryNow(d.Error(502, "bad gateway"))}
			}},
		{name: "400 bad request", want: "400 Bad Request", requests: 1,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{d.Error(400, "messages: too many tokens")} }},
		{name: "401 unauthorized", want: "401 Unauthorized", requests: 1,
			script: func(d *pt.Dialect) []pt.Response { return []pt.Response{d.Error(401, "invalid x-api-key")} }},
		{name: "error body that is not JSON", want: "<html>", recoverable: true, requests: 3,
			script: func(d *pt.Dialect) []pt.Response {
				return []pt.Response{pt.Forever(pt.Response{Status: 502, Header: http.Header{"Retry-After": {"0"}}, Chunks: []string{"<html>" + strings.Repeat("bad gateway ", 10000) + "</html>"}})}
			}},
		{name: "connection refused", want: "connection refused (after 3 tries)", recoverable: true, slow: true,
			point: func(t *testing.T) string { return "http://" + closedPort(t) }},
	}
}

// retryNow makes r ask for an immediate retry.
func retryNow(r pt.Response) pt.Response {
	r.Header.Set("Retry-After", "0")
	return r
}

// TestProviderFaults runs zero against every provider fault in both
// dialects. Each run must end with exit code 3, an error event with code
// provider_error followed by run_end, a one-line message on stderr, and a
// session log whose every line decodes and whose last record is run_end;
// what the model streamed before the fault is in the log. A resumed run
// afterwards works and sends the interrupted conversation.
func TestProviderFaults(t *testing.T) {
	for _, f := range providerFaults() {
		t.Run(f.name, func(t *testing.T) {
			if f.slow {
				t.Parallel()
			}
			for i, d := range dialects {
				if f.slow && i != len(f.name)%len(dialects) {
					continue
				}
				checkFault(t, d, f)
			}
			reportCase(t, "fault", "provider: "+f.name, nil)
		})
	}
}

func checkFault(t *testing.T, d *pt.Dialect, f providerFault) {
	z := newZeroEnv(t)
	var srv *pt.Server
	if f.point != nil {
		z.serve(d).Close()
		url := f.point(t)
		if d == pt.OpenAI {
			url += "/v1"
		}
		z.vars[strings.ToUpper(d.Name())+"_BASE_URL"] = url
	} else {
		srv = z.serve(d, f.script(d)...)
	}
	for k, v := range f.env {
		z.vars[k] = v
	}
	start := time.Now()
	evs, res := z.streamV2(3, "--provider", d.Name(), "say hello then fail")
	t.Logf("%s: %v", d.Name(), time.Since(start).Round(time.Millisecond))
	e := errorEvent(t, evs)
	if e.Code != "provider_error" || !strings.Contains(string(e.Message), f.want) || e.Recoverable != f.recoverable {
		t.Errorf("%s: error %+v, want provider_error containing %q, recoverable %v", d.Name(), e, f.want, f.recoverable)
	}
	if len(e.Message) > 1000 {
		t.Errorf("%s: error message of %d bytes", d.Name(), len(e.Message))
	}
	if !strings.HasPrefix(res.stderr, "zero: ") || strings.Count(res.stderr, "\n") != 1 {
		t.Errorf("%s: stderr %.300q, want one line", d.Name(), res.stderr)
	}
	if srv != nil && f.requests > 0 && len(srv.Requests()) != f.requests {
		t.Errorf("%s: %d requests, want %d", d.Name(), len(srv.Requests()), f.requests)
	}
	for k := range f.env {
		delete(z.vars, k) // the resume below must not time out on a slow machine
	}
	id := sessionID(evs)
	recs := completeLog(t, z, id, 3)
	if streamed := deltas(evs); streamed != "" && !strings.Contains(recordedText(recs), streamed) {
		t.Errorf("%s: streamed %q, but the log holds %q", d.Name(), streamed, recordedText(recs))
	}
	next := z.serve(d, d.Stream(pt.Text("recovered")))
	again, _ := z.streamV2(0, "--provider", d.Name(), "--resume", id, "try again")
	if sessionID(again) != id || finalText(t, again) != "recovered" {
		t.Errorf("%s: resumed run: %s", d.Name(), types(again))
	}
	if body := string(next.Requests()[0].Body); !strings.Contains(body, "say hello then fail") || !strings.Contains(body, "try again") {
		t.Errorf("%s: the resumed request lacks the conversation:\n%.2000s", d.Name(), body)
	}
	completeLog(t, z, id, 0)
}

// recordedText joins the text of the assistant records.
func recordedText(recs []sessionv1.SessionRecord) string {
	var b strings.Builder
	for _, r := range recs {
		if a, ok := r.Value.(*sessionv1.AssistantRecord); ok {
			b.WriteString(a.Text)
		}
	}
	return b.String()
}

// TestClientClosesStdout: the client reads the first line of stdout and
// goes away while the model still streams, as `| head -1` does. zero must
// not die of SIGPIPE: the run ends with exit code 3 (output_error), with
// nothing on stderr in either format (a reader that stops early is
// ordinary), and a complete session log that a resumed run continues.
func TestClientClosesStdout(t *testing.T) {
	for _, format := range []string{"stream-json", "text"} {
		z := newZeroEnv(t)
		z.serve(pt.OpenAI, pt.Slow(pt.OpenAI.Stream(pt.Text("Hello\n", " there\n", " and\n", " more\n", " text\n")), 50*time.Millisecond))
		cmd := exec.Command(zeroBin, "exec", "-o", format, "talk to me")
		cmd.Dir, cmd.Env = z.ws, z.environ()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		out.Close()
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 3 || stderr.String() != "" {
			t.Errorf("-o %s: %v, stderr %q; want exit code 3 and nothing on stderr", format, cmd.ProcessState, stderr.String())
		}
		entries, _ := os.ReadDir(z.sessionsDir())
		if len(entries) != 1 {
			t.Fatalf("-o %s: %d sessions", format, len(entries))
		}
		id := entries[0].Name()
		completeLog(t, z, id, 3)
		next := z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("resumed")))
		if evs, _ := z.streamV2(0, "--resume", id, "again"); finalText(t, evs) != "resumed" || !strings.Contains(string(next.Requests()[0].Body), "talk to me") {
			t.Errorf("-o %s: the resumed run lacks the conversation", format)
		}
	}
	reportCase(t, "fault", "client: stdout closed by the reader mid-stream", nil)
}
