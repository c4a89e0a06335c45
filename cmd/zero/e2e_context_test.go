package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// The long task of the context tests: the model reads ctxFiles files of
// about ctxFileBytes each, one per turn, collects the value on the first
// line of each, and writes them all to result.txt. Its raw conversation is
// several times the fake vendor's window.
const (
	ctxFiles     = 55
	ctxFileBytes = 4000
	ctxWindow    = 12000
	ctxTaskMark  = "TASK-7b3e"
	ctxTask      = "Read src/f01.txt to src/f55.txt, one file per turn, note the word after the colon on the first line " +
		"of each, and write those words in file order, one per line, to result.txt. " + ctxTaskMark
)

// ctxValue is the value on the first line of file n.
func ctxValue(n int) string { return fmt.Sprintf("w%04x%02d", n*2654435761%65536, n) }

// ctxResult is what result.txt must hold.
func ctxResult() string {
	var b strings.Builder
	for n := 1; n <= ctxFiles; n++ {
		b.WriteString(ctxValue(n) + "\n")
	}
	return b.String()
}

// writeCtxFiles writes the task's files into the workspace.
func writeCtxFiles(t *testing.T, ws string) {
	for n := 1; n <= ctxFiles; n++ {
		var b strings.Builder
		fmt.Fprintf(&b, "value %02d: %s\n", n, ctxValue(n))
		for i := 2; b.Len() < ctxFileBytes; i++ {
			fmt.Fprintf(&b, "filler line %d of file %02d: nothing to see here, keep reading the next files\n", i, n)
		}
		mustWrite(t, filepath.Join(ws, "src", fmt.Sprintf("f%02d.txt", n)), b.String())
	}
}

// ctxVendor is a fake model vendor that enforces a context window the
// way the real ones do: a request longer than window tokens gets HTTP 400
// with the vendor's own error (OpenAI's context_length_exceeded,
// Anthropic's "prompt is too long"); every other request is answered by a
// scripted model that decides from what it was sent, and whose usage
// reports the tokens it counted. It counts a token per three bytes of the
// request body, which is not Zero's estimate, so that Zero must calibrate.
//
// The model reads the next file whose value the request does not show
// yet; with every value known, it writes result.txt; after the write, it
// answers. Asked to summarize (the request carries Zero's summarizer
// prompt), it lists every value the request shows. Asked a QUESTION about
// a file's value, it answers from what it was sent.
type ctxVendor struct {
	d      *pt.Dialect
	window int
	// leak, when set, ends every summary the model writes: a secret the
	// redactor knows, which must reach neither later requests nor the
	// session.
	leak string

	mu   sync.Mutex
	reqs []ctxRequest
}

// ctxRequest is what the vendor saw of one request.
type ctxRequest struct {
	tokens  int
	summary bool // Zero's summarizing call
	refused bool // over the window: answered with the context error
	body    string
}

var (
	valueRe    = regexp.MustCompile(`value (\d\d): (w[0-9a-f]{4}\d\d)`)
	questionRe = regexp.MustCompile(`QUESTION: what is the value of file (\d+)\?`)
)

func (v *ctxVendor) reply(req pt.Request) pt.Response {
	body := string(req.Body)
	r := ctxRequest{tokens: len(body) / 3, body: body, summary: strings.Contains(body, "You compact the history of a coding agent")}
	r.refused = r.tokens > v.window
	v.mu.Lock()
	v.reqs = append(v.reqs, r)
	v.mu.Unlock()
	if r.refused {
		return v.d.ContextExceeded(v.window, r.tokens)
	}
	return v.d.Stream(v.turn(r, req))
}

// turn is the model's answer to a request it accepted.
func (v *ctxVendor) turn(r ctxRequest, req pt.Request) pt.Turn {
	usage := pt.Usage{Input: r.tokens, Output: 30}
	known := map[int]string{}
	for _, m := range valueRe.FindAllStringSubmatch(r.body, -1) {
		var n int
		fmt.Sscanf(m[1], "%d", &n)
		known[n] = m[2]
	}
	if r.summary {
		var b strings.Builder
		b.WriteString("Collecting the values of src/f01.txt to src/f55.txt for result.txt. Values so far:\n")
		for n := 1; n <= ctxFiles; n++ {
			if val, ok := known[n]; ok {
				fmt.Fprintf(&b, "value %02d: %s\n", n, val)
			}
		}
		return pt.Turn{Text: []string{b.String(), v.leak}, Usage: usage}
	}
	if q := questionRe.FindStringSubmatch(lastUserText(req)); q != nil {
		var n int
		fmt.Sscanf(q[1], "%d", &n)
		return pt.Turn{Text: []string{fmt.Sprintf("File %d has the value %s.", n, cmpOr(known[n], "unknown"))}, Usage: usage}
	}
	if strings.Contains(r.body, "call_write") {
		return pt.Turn{Text: []string{"Wrote result.txt."}, Usage: usage}
	}
	for n := 1; n <= ctxFiles; n++ {
		if _, ok := known[n]; !ok {
			args := fmt.Sprintf(`{"path":"src/f%02d.txt"}`, n)
			return pt.Turn{Calls: []pt.Call{{ID: fmt.Sprintf("call_read_%02d", n), Name: "read_file", Args: []string{args}}}, Usage: usage}
		}
	}
	content, _ := json.Marshal(ctxResult())
	args := `{"path":"result.txt","content":` + string(content) + `}`
	return pt.Turn{Calls: []pt.Call{{ID: "call_write", Name: "write_file", Args: []string{args}}}, Usage: usage}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// lastUserText is the text of the last text the user role sent: a user
// message's content (OpenAI) or its last text block (Anthropic).
func lastUserText(req pt.Request) string {
	var body struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	json.Unmarshal(req.Body, &body)
	last := ""
	for _, m := range body.Messages {
		if m.Role != "user" {
			continue
		}
		var s string
		if json.Unmarshal(m.Content, &s) == nil {
			last = s
			continue
		}
		var blocks []struct{ Type, Text string }
		json.Unmarshal(m.Content, &blocks)
		for _, b := range blocks {
			if b.Type == "text" {
				last = b.Text
			}
		}
	}
	return last
}

// requests returns what the vendor saw so far.
func (v *ctxVendor) requests() []ctxRequest {
	v.mu.Lock()
	defer v.mu.Unlock()
	return slices.Clone(v.reqs)
}

// serveCtx starts the vendor for d and points the environment at it.
func serveCtx(z *zeroEnv, d *pt.Dialect, window int) (*ctxVendor, *pt.Server) {
	v := &ctxVendor{d: d, window: window}
	srv := z.serve(d, pt.Response{Reply: v.reply, Repeat: true})
	return v, srv
}

// ctxFigures are the figures of a run against the vendor.
type ctxFigures struct {
	requests, summaries, refused, peak int
	peakKnown                          int // the peak of the requests after the first refusal, when there was one
}

func (f ctxFigures) String() string {
	s := fmt.Sprintf("%d requests (%d summarizing), %d refused, peak %d tokens of a %d-token window (%.0f%%)",
		f.requests, f.summaries, f.refused, f.peak, ctxWindow, 100*float64(f.peak)/ctxWindow)
	if f.refused > 0 {
		s += fmt.Sprintf(", %d (%.0f%%) once the refusal taught the window", f.peakKnown, 100*float64(f.peakKnown)/ctxWindow)
	}
	return s
}

// checkCtxRequests checks every request the vendor saw since request from:
// the original task in each, at most maxRefused over the window, and
// returns the figures.
func checkCtxRequests(t *testing.T, v *ctxVendor, from, maxRefused int) ctxFigures {
	t.Helper()
	var f ctxFigures
	for i, r := range v.requests()[from:] {
		f.requests++
		if r.summary {
			f.summaries++
		}
		switch {
		case r.refused:
			f.refused++
		case f.refused > 0:
			f.peakKnown = max(f.peakKnown, r.tokens)
			fallthrough
		default:
			f.peak = max(f.peak, r.tokens)
		}
		if !strings.Contains(r.body, ctxTaskMark) {
			t.Errorf("request %d (summary %v) lacks the original task", from+i+1, r.summary)
		}
	}
	if f.refused > maxRefused {
		t.Errorf("%d requests were over the window, want at most %d", f.refused, maxRefused)
	}
	return f
}

// sessionRecords returns the types of the records of session id, and the
// log's text.
func (z *zeroEnv) sessionRecords(id string) ([]string, string) {
	z.t.Helper()
	b, err := os.ReadFile(filepath.Join(z.data, "zero", "sessions", id, "events.jsonl"))
	if err != nil {
		z.t.Fatal(err)
	}
	var typs []string
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		var rec struct{ Type string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			z.t.Fatal(err)
		}
		typs = append(typs, rec.Type)
	}
	return typs, string(b)
}

func countOf(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// warningsOf returns the messages of the warnings of code.
func warningsOf(evs []event, code string) []string {
	var out []string
	for _, w := range find[*streamjsonv2.Warning](evs) {
		if w.Code == code {
			out = append(out, string(w.Message))
		}
	}
	return out
}

// TestContextLongTaskExec runs the long task through zero exec on both
// vendors: with the window from --context-window (Anthropic) and with a
// model Zero does not know, whose window it learns from the vendor's first
// refusal (OpenAI). The run finishes with the right result.txt; every
// request carries the task, none but the one refusal is over the window;
// each compaction cost one summarizing call and is reported and recorded;
// the session keeps the original turns, and the API key the model wrote
// into its summaries reaches neither a request nor the session. Then the
// session is resumed: the
// resumed run starts from the compacted conversation (the summary, not
// the early files) and answers from the summary, and a third run asks
// again.
func TestContextLongTaskExec(t *testing.T) {
	for _, tc := range []struct {
		d       *pt.Dialect
		args    []string
		refused int
	}{
		{pt.Anthropic, []string{"--model", "claude-test-ctx", "--context-window", fmt.Sprint(ctxWindow)}, 0},
		{pt.OpenAI, []string{"--model", "gpt-test-ctx"}, 1},
	} {
		t.Run(tc.d.Name(), func(t *testing.T) {
			z := newZeroEnv(t)
			writeCtxFiles(t, z.ws)
			v, srv := serveCtx(z, tc.d, ctxWindow)
			key := z.vars["OPENAI_API_KEY"] + z.vars["ANTHROPIC_API_KEY"]
			v.leak = "The API key is " + key + "."
			args := append([]string{"--provider", tc.d.Name(), "--max-turns", "80", "--permission-mode", "accept-edits"}, tc.args...)
			evs, _ := z.streamV2(0, append(args, ctxTask)...)
			got, err := os.ReadFile(filepath.Join(z.ws, "result.txt"))
			if err != nil || string(got) != ctxResult() {
				t.Fatalf("result.txt: %v\n%s\nwant:\n%s", err, got, ctxResult())
			}
			f := checkCtxRequests(t, v, 0, tc.refused)
			compacted := warningsOf(evs, streamjsonv2.WarningCodeContextCompacted)
			pruned := warningsOf(evs, streamjsonv2.WarningCodeContextPruned)
			learned := warningsOf(evs, streamjsonv2.WarningCodeContextWindow)
			t.Logf("%s exec: %s; %d compactions, %d prunings, %d model turns", tc.d.Name(), f, len(compacted), len(pruned), f.requests-f.summaries-f.refused)
			if f.refused != tc.refused || len(learned) != tc.refused {
				t.Errorf("%d refused requests and %d context_window warnings, want %d of each: %q", f.refused, len(learned), tc.refused, learned)
			}
			if len(compacted) == 0 || f.summaries != len(compacted) {
				t.Errorf("%d compactions and %d summarizing calls; want at least one, one call each", len(compacted), f.summaries)
			}
			if turns := f.requests - f.summaries - f.refused; turns != ctxFiles+2 {
				t.Errorf("%d model turns, want %d: one per file, the write and the answer", turns, ctxFiles+2)
			}
			for _, w := range append(compacted, pruned...) {
				if !regexp.MustCompile(`estimated \d+ → \d+ tokens, window \d+`).MatchString(w) {
					t.Errorf("warning without its estimates: %q", w)
				}
			}
			id := sessionID(evs)
			typs, log := z.sessionRecords(id)
			if n := countOf(typs, "compaction"); n != len(compacted) {
				t.Errorf("%d compaction records, %d compactions", n, len(compacted))
			}
			if n := countOf(typs, "tool_result"); n != ctxFiles+1 || !strings.Contains(log, "filler line 30 of file 01") {
				t.Errorf("the session lost original turns: %d tool results", n)
			}

			// Resume: the first request starts from the compacted state.
			before := len(v.requests())
			evs, _ = z.streamV2(0, append(args, "--resume", id, "QUESTION: what is the value of file 3?")...)
			reqs := v.requests()[before:]
			first := reqs[0].body
			if !strings.Contains(first, "compacted to fit the model") || strings.Contains(first, "filler line 30 of file 01") {
				t.Errorf("the resumed run does not start from the compacted conversation")
			}
			if want := "File 3 has the value " + ctxValue(3) + "."; !strings.Contains(finalText(t, evs), want) {
				t.Errorf("answer %q, want %q", finalText(t, evs), want)
			}
			checkCtxRequests(t, v, before, 0)
			before = len(v.requests())
			evs, _ = z.streamV2(0, append(args, "--resume", id, "QUESTION: what is the value of file 54?")...)
			if want := "File 54 has the value " + ctxValue(54) + "."; !strings.Contains(finalText(t, evs), want) {
				t.Errorf("answer %q, want %q", finalText(t, evs), want)
			}
			checkCtxRequests(t, v, before, 0)
			for i, r := range v.requests() {
				if strings.Contains(r.body, key) {
					t.Errorf("request %d holds the API key the summary leaked", i+1)
				}
			}
			if _, log := z.sessionRecords(id); strings.Contains(log, key) {
				t.Errorf("the session holds the API key the summary leaked")
			}
			if n := len(srv.Requests()); n != len(v.requests()) {
				t.Errorf("the server got %d requests, the vendor answered %d", n, len(v.requests()))
			}
		})
	}
}

// TestContextNoCompact: with --no-compact the conversation is sent whole,
// and the vendor's refusal ends the run with context_window_exceeded and
// exit code 3, after no summarizing call.
func TestContextNoCompact(t *testing.T) {
	z := newZeroEnv(t)
	writeCtxFiles(t, z.ws)
	v, _ := serveCtx(z, pt.OpenAI, ctxWindow)
	evs, _ := z.streamV2(3, "--provider", "openai", "--model", "gpt-test-ctx", "--max-turns", "80", "--context-window", fmt.Sprint(ctxWindow), "--no-compact", ctxTask)
	e := errorEvent(t, evs)
	if e.Code != streamjsonv2.ErrorCodeContextWindowExceeded || !strings.Contains(string(e.Message), "compaction is off") {
		t.Errorf("error %s %q, want context_window_exceeded saying compaction is off", e.Code, e.Message)
	}
	f := checkCtxRequests(t, v, 0, 1)
	if f.summaries != 0 || f.refused != 1 {
		t.Errorf("%s; want no summarizing call and one refusal", f)
	}
	if n := len(warningsOf(evs, streamjsonv2.WarningCodeContextPruned)); n != 0 {
		t.Errorf("%d context_pruned warnings with --no-compact", n)
	}
}

// TestContextTooSmall: a window too small for even the task and one turn
// ends the run with context_window_exceeded and exit code 3 once the
// vendor refused the request: Zero sends no summarizing call and does not
// send the request again.
func TestContextTooSmall(t *testing.T) {
	z := newZeroEnv(t)
	v, _ := serveCtx(z, pt.Anthropic, 200)
	evs, _ := z.streamV2(3, "--provider", "anthropic", "--model", "claude-test-ctx", "--context-window", "200", ctxTask)
	e := errorEvent(t, evs)
	if e.Code != streamjsonv2.ErrorCodeContextWindowExceeded || !strings.Contains(string(e.Message), "window of 200 tokens") {
		t.Errorf("error %s %q, want context_window_exceeded naming the window", e.Code, e.Message)
	}
	if f := checkCtxRequests(t, v, 0, 1); f.requests != 1 || f.refused != 1 {
		t.Errorf("%s; want the one request the vendor refused", f)
	}
}
