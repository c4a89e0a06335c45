package streamio

import (
	"bytes"
	"strings"
	"testing"

	execresultv1 "github.com/zeroproject/zero/generated/execresult/v1"

	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

const runID = "run_20260603_abc123"

// sampleRun is one run with every kind of event.
func sampleRun() []streamjsonv2.OutputValue {
	return []streamjsonv2.OutputValue{
		&streamjsonv2.RunStart{RunID: runID, SessionID: "zero_1", Cwd: "/repo", Provider: "openai", Model: "m", APIModel: "m"},
		&streamjsonv2.Reasoning{RunID: runID, Delta: "think"},
		&streamjsonv2.Text{RunID: runID, Delta: "Let me look with SECRET. "},
		&streamjsonv2.ToolCall{RunID: runID, ID: "call_1", Name: "read_file", Args: rt.Raw(`{"path":"SECRET.md"}`), SideEffect: streamjsonv2.SideEffectRead},
		&streamjsonv2.ToolCall{RunID: runID, ID: "call_2", Name: "write_file", Args: rt.Raw(`{"path":"x","content":"y"}`), SideEffect: streamjsonv2.SideEffectWrite},
		&streamjsonv2.PermissionRequest{RunID: runID, ID: "call_2", Name: "write_file", Action: "deny", Permission: "prompt",
			PermissionMode: "ask", SideEffect: "write", Reason: "needs approval"},
		&streamjsonv2.PermissionDecision{RunID: runID, ID: "call_2", Name: "write_file", Action: "deny", Permission: "prompt", PermissionGranted: false},
		&streamjsonv2.ToolResult{RunID: runID, ID: "call_1", Status: "ok", Output: "# Zero"},
		&streamjsonv2.ToolResult{RunID: runID, ID: "call_2", Status: "error", Output: "permission denied"},
		&streamjsonv2.Usage{RunID: runID, PromptTokens: 10, CompletionTokens: 5, TotalTokens: 15},
		&streamjsonv2.Text{RunID: runID, Delta: "Done."},
		&streamjsonv2.Usage{RunID: runID, PromptTokens: 20, CompletionTokens: 1, TotalTokens: 21},
		&streamjsonv2.Final{RunID: runID, Text: "Let me look with SECRET. Done."},
		&streamjsonv2.RunEnd{RunID: runID, Status: "success", ExitCode: 0},
	}
}

func hideSecret(_, s string) string { return strings.ReplaceAll(s, "SECRET", "[redacted]") }

func emitAll(t *testing.T, s Sink, evs []streamjsonv2.OutputValue) {
	t.Helper()
	for _, ev := range evs {
		if err := s.Emit(ev); err != nil {
			t.Fatal(err)
		}
	}
}

// countingWriter records each Write call.
type countingWriter struct{ writes []string }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

func TestStreamJSONV2(t *testing.T) {
	var w countingWriter
	emitAll(t, NewStreamJSON(&w, 2, hideSecret), sampleRun())
	if len(w.writes) != len(sampleRun()) {
		t.Fatalf("%d writes, want one per event (%d)", len(w.writes), len(sampleRun()))
	}
	for _, line := range w.writes {
		if !strings.HasSuffix(line, "\n") || strings.Count(line, "\n") != 1 {
			t.Errorf("write %q is not exactly one line", line)
		}
		if strings.Contains(line, "SECRET") {
			t.Errorf("secret not redacted: %s", line)
		}
		var ev streamjsonv2.Output
		if err := ev.UnmarshalJSON([]byte(line)); err != nil {
			t.Errorf("line %s does not decode: %v", line, err)
		}
	}
}

func TestStreamJSONV1DropsV2Events(t *testing.T) {
	var w countingWriter
	emitAll(t, NewStreamJSON(&w, 1, hideSecret), sampleRun())
	if len(w.writes) != len(sampleRun())-3 {
		t.Fatalf("%d lines, want %d", len(w.writes), len(sampleRun())-3)
	}
	for _, line := range w.writes {
		var ev streamjsonv1.Output
		if err := ev.UnmarshalJSON([]byte(line)); err != nil {
			t.Errorf("line %s is not a v1 event: %v", line, err)
		}
		if strings.Contains(line, "SECRET") {
			t.Errorf("secret not redacted: %s", line)
		}
	}
}

func TestTextSink(t *testing.T) {
	var out, errw bytes.Buffer
	emitAll(t, NewText(&out, &errw, hideSecret), sampleRun())
	if got, want := out.String(), "Let me look with [redacted]. Done.\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	for _, want := range []string{"• read_file [redacted].md\n", "• write_file x\n", "  error: permission denied\n"} {
		if !strings.Contains(errw.String(), want) {
			t.Errorf("stderr %q lacks %q", errw.String(), want)
		}
	}
}

func TestTextSinkFinalOnly(t *testing.T) {
	var out, errw bytes.Buffer
	emitAll(t, NewText(&out, &errw, nil), []streamjsonv2.OutputValue{
		&streamjsonv2.Final{RunID: runID, Text: "table"},
		&streamjsonv2.RunEnd{RunID: runID, Status: "success"},
	})
	if out.String() != "table\n" {
		t.Errorf("stdout = %q", out.String())
	}
}

func TestJSONSink(t *testing.T) {
	var out bytes.Buffer
	emitAll(t, NewJSON(&out, 2, hideSecret), sampleRun())
	var res execresultv2.ExecResult
	if err := res.UnmarshalJSON(out.Bytes()); err != nil {
		t.Fatalf("%s: %v", out.String(), err)
	}
	if res.Status != "success" || res.Text != "Let me look with [redacted]. Done." || res.Usage.TotalTokens != 36 {
		t.Errorf("result = %+v", res)
	}
	if len(res.ToolCalls) != 2 || res.ToolCalls[0].Status != "ok" || res.ToolCalls[1].Status != "error" {
		t.Errorf("tool calls = %+v", res.ToolCalls)
	}
}

// TestJSONSinkVersion1 writes the result a client that asked for version 1
// expects: the same fields, schemaVersion 1 and no stop reason.
func TestJSONSinkVersion1(t *testing.T) {
	var out bytes.Buffer
	j := NewJSON(&out, 1, hideSecret)
	j.SetStopReason("stop")
	emitAll(t, j, sampleRun())
	var res execresultv1.ExecResult
	if err := res.UnmarshalJSON(out.Bytes()); err != nil {
		t.Fatalf("%s: %v", out.String(), err)
	}
	if res.Status != "success" || res.Text != "Let me look with [redacted]. Done." || res.Usage.TotalTokens != 36 || len(res.ToolCalls) != 2 {
		t.Errorf("result = %+v", res)
	}
	if !bytes.HasPrefix(out.Bytes(), []byte(`{"schemaVersion":1,`)) || bytes.Contains(out.Bytes(), []byte("stopReason")) {
		t.Errorf("not a version 1 result: %s", out.Bytes())
	}
}

func TestJSONSinkError(t *testing.T) {
	var out bytes.Buffer
	emitAll(t, NewJSON(&out, 2, nil), []streamjsonv2.OutputValue{
		&streamjsonv2.Error{RunID: runID, Code: "invalid_input", Message: "bad"},
		&streamjsonv2.RunEnd{RunID: runID, Status: "error", ExitCode: 2},
	})
	var res execresultv2.ExecResult
	if err := res.UnmarshalJSON(out.Bytes()); err != nil {
		t.Fatalf("%s: %v", out.String(), err)
	}
	if res.SessionID != NoSession || res.Status != "error" || res.Error == nil || res.Error.Code != "invalid_input" {
		t.Errorf("result = %+v", res)
	}
}

// TestTextSinkTerminal checks the options of a terminal: dim reasoning on
// its own line, coloured rows, and one line break after an answer cut
// mid-line only when stdout shares the screen.
func TestTextSinkTerminal(t *testing.T) {
	for _, shared := range []bool{false, true} {
		var out, errw bytes.Buffer
		s := NewText(&out, &errw, nil)
		s.SetOptions(TextOptions{Color: true, Reasoning: true, SharedScreen: shared})
		emitAll(t, s, []streamjsonv2.OutputValue{
			&streamjsonv2.Reasoning{RunID: runID, Delta: "think"},
			&streamjsonv2.Reasoning{RunID: runID, Delta: "ing"},
			&streamjsonv2.Text{RunID: runID, Delta: "Look"},
			&streamjsonv2.ToolCall{RunID: runID, ID: "c1", Name: "glob", Args: rt.Raw(`{"pattern":"*"}`)},
			&streamjsonv2.ToolCall{RunID: runID, ID: "c2", Name: "grep", Args: rt.Raw(`{"pattern":"x"}`)},
		})
		want := "\x1b[2mthink\x1b[0m\x1b[2ming\x1b[0m\n\x1b[36m• glob *\x1b[0m\n\x1b[36m• grep x\x1b[0m\n"
		if shared {
			want = "\x1b[2mthink\x1b[0m\x1b[2ming\x1b[0m\n\n\x1b[36m• glob *\x1b[0m\n\x1b[36m• grep x\x1b[0m\n"
		}
		if errw.String() != want || out.String() != "Look" {
			t.Errorf("shared %v: stderr %q, want %q; stdout %q", shared, errw.String(), want, out.String())
		}
	}
}

// TestDeltasRedactedSkipsOnlyDeltas checks that DeltasRedacted keeps the
// hook away from text and reasoning deltas and from nothing else.
func TestDeltasRedactedSkipsOnlyDeltas(t *testing.T) {
	var seen []string
	hook := func(key, s string) string {
		seen = append(seen, key+"="+s)
		return s
	}
	evs := []streamjsonv2.OutputValue{
		&streamjsonv2.Text{RunID: "run_1", Delta: "text delta"},
		&streamjsonv2.Reasoning{RunID: "run_1", Delta: "reasoning delta"},
		&streamjsonv2.Warning{RunID: "run_1", Code: "note", Message: "a warning"},
	}
	var out bytes.Buffer
	sj := NewStreamJSON(&out, 2, hook)
	sj.DeltasRedacted()
	txt := NewText(&out, &out, hook)
	txt.DeltasRedacted()
	for _, sink := range []Sink{sj, txt} {
		seen = nil
		for _, ev := range evs {
			if err := sink.Emit(ev); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(seen, ","); got != "message=a warning" {
			t.Errorf("%T: the hook saw %s, want only the warning's message", sink, got)
		}
	}
	seen = nil
	if err := NewStreamJSON(&out, 2, hook).Emit(evs[0]); err != nil || strings.Join(seen, ",") != "delta=text delta" {
		t.Errorf("without DeltasRedacted the hook saw %v (%v), want the delta", seen, err)
	}
}
