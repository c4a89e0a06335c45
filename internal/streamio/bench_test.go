package streamio

// Benchmarks of the two hot paths at the edge of zero exec:
//
//   - writing events: the generated encoder with the redactor as its hook,
//     side by side with the obvious encoding/json pipeline (marshal, unmarshal
//     to a map, redact every string, marshal again) on the same events; the
//     encoding_json run reports how many times slower it is as "x-generated";
//   - reading stream-json input: 50 MB of valid input events through
//     InputReader, reported in MB/s, with the peak heap it needed.
//
//	go test -run '^$' -bench . -benchmem ./internal/streamio/

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/rt"
)

// benchEvents is a realistic slice of a run: many text deltas, tool calls
// with arguments, a long tool result, usage, final.
func benchEvents() []streamjsonv2.OutputValue {
	const id = "run_20260603_abc123"
	var evs []streamjsonv2.OutputValue
	evs = append(evs, &streamjsonv2.RunStart{RunID: id, SessionID: "zero_20260603100000_abc123", Cwd: "/home/user/src/zero", Provider: "openai", Model: "gpt-5", APIModel: "gpt-5"})
	for i := range 20 {
		evs = append(evs, &streamjsonv2.Text{RunID: id, Delta: fmt.Sprintf("word %d of the answer, with \"quotes\" and a tab\t", i)})
	}
	evs = append(evs,
		&streamjsonv2.Reasoning{RunID: id, Delta: "I should read the README and the main package first."},
		&streamjsonv2.ToolCall{RunID: id, ID: "call_1", Name: "read_file", Args: rt.Raw(`{"path":"internal/run/loop.go","offset":120,"limit":80}`), SideEffect: "read"},
		&streamjsonv2.ToolResult{RunID: id, ID: "call_1", Status: "ok", Output: strings.Repeat("   120\tfunc (r *runner) loop(ctx context.Context) error {\n", 40)},
		&streamjsonv2.Usage{RunID: id, PromptTokens: 1200, CompletionTokens: 80, TotalTokens: 1280},
		&streamjsonv2.Final{RunID: id, Text: strings.Repeat("The loop streams every turn and runs the tools. ", 10)},
		&streamjsonv2.RunEnd{RunID: id, Status: "success", ExitCode: 0},
	)
	return evs
}

// nsPerEvent keeps the last generated-encoder result for the ratio.
var nsPerEvent float64

func BenchmarkEventWrite(b *testing.B) {
	red := redact.New("sk-proj-benchmarkbenchmarkbenchmark0000")
	evs := benchEvents()
	b.Run("generated", func(b *testing.B) {
		sink := NewStreamJSON(io.Discard, 2, red.String)
		b.ReportAllocs()
		for b.Loop() {
			for _, ev := range evs {
				if err := sink.Emit(ev); err != nil {
					b.Fatal(err)
				}
			}
		}
		nsPerEvent = float64(b.Elapsed().Nanoseconds()) / float64(b.N*len(evs))
		b.ReportMetric(nsPerEvent, "ns/event")
	})
	b.Run("encoding_json", func(b *testing.B) {
		plain := plainEvents(evs)
		b.ReportAllocs()
		for b.Loop() {
			for _, ev := range plain {
				if err := writeWithEncodingJSON(io.Discard, ev, red.String); err != nil {
					b.Fatal(err)
				}
			}
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N*len(evs))
		b.ReportMetric(ns, "ns/event")
		if nsPerEvent > 0 {
			b.ReportMetric(ns/nsPerEvent, "x-generated")
		}
	})
}

// writeWithEncodingJSON is the pipeline the generated encoder replaces:
// marshal, unmarshal into a map, redact every string, marshal again.
func writeWithEncodingJSON(w io.Writer, ev any, hook rt.StringHook) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out, err := json.Marshal(redactValue("", m, hook))
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

func redactValue(key string, v any, hook rt.StringHook) any {
	switch x := v.(type) {
	case string:
		return hook(key, x)
	case map[string]any:
		for k, sub := range x {
			x[k] = redactValue(k, sub, hook)
		}
	case []any:
		for i := range x {
			x[i] = redactValue(key, x[i], hook)
		}
	}
	return v
}

// Plain structs with json tags: what the events look like without zerogen.
type (
	plainStart struct {
		SchemaVersion int    `json:"schemaVersion"`
		Type          string `json:"type"`
		RunID         string `json:"runId"`
		SessionID     string `json:"sessionId"`
		Cwd           string `json:"cwd"`
		Provider      string `json:"provider"`
		Model         string `json:"model"`
		APIModel      string `json:"apiModel"`
	}
	plainDelta struct {
		SchemaVersion int    `json:"schemaVersion"`
		Type          string `json:"type"`
		RunID         string `json:"runId"`
		Delta         string `json:"delta"`
	}
	plainCall struct {
		SchemaVersion int             `json:"schemaVersion"`
		Type          string          `json:"type"`
		RunID         string          `json:"runId"`
		ID            string          `json:"id"`
		Name          string          `json:"name"`
		Args          json.RawMessage `json:"args"`
		SideEffect    string          `json:"sideEffect"`
	}
	plainResult struct {
		SchemaVersion int    `json:"schemaVersion"`
		Type          string `json:"type"`
		RunID         string `json:"runId"`
		ID            string `json:"id"`
		Status        string `json:"status"`
		Output        string `json:"output"`
		Truncated     bool   `json:"truncated"`
	}
	plainUsage struct {
		SchemaVersion    int    `json:"schemaVersion"`
		Type             string `json:"type"`
		RunID            string `json:"runId"`
		PromptTokens     int64  `json:"promptTokens"`
		CompletionTokens int64  `json:"completionTokens"`
		TotalTokens      int64  `json:"totalTokens"`
	}
	plainFinal struct {
		SchemaVersion int    `json:"schemaVersion"`
		Type          string `json:"type"`
		RunID         string `json:"runId"`
		Text          string `json:"text"`
	}
	plainEnd struct {
		SchemaVersion int    `json:"schemaVersion"`
		Type          string `json:"type"`
		RunID         string `json:"runId"`
		Status        string `json:"status"`
		ExitCode      int64  `json:"exitCode"`
	}
)

// plainEvents converts the events to the plain structs.
func plainEvents(evs []streamjsonv2.OutputValue) []any {
	var out []any
	for _, ev := range evs {
		switch e := ev.(type) {
		case *streamjsonv2.RunStart:
			out = append(out, &plainStart{2, "run_start", string(e.RunID), string(e.SessionID), string(e.Cwd), string(e.Provider), string(e.Model), string(e.APIModel)})
		case *streamjsonv2.Text:
			out = append(out, &plainDelta{2, "text", string(e.RunID), e.Delta})
		case *streamjsonv2.Reasoning:
			out = append(out, &plainDelta{2, "reasoning", string(e.RunID), e.Delta})
		case *streamjsonv2.ToolCall:
			out = append(out, &plainCall{2, "tool_call", string(e.RunID), string(e.ID), string(e.Name), json.RawMessage(e.Args), string(e.SideEffect)})
		case *streamjsonv2.ToolResult:
			out = append(out, &plainResult{2, "tool_result", string(e.RunID), string(e.ID), string(e.Status), e.Output, e.Truncated})
		case *streamjsonv2.Usage:
			out = append(out, &plainUsage{2, "usage", string(e.RunID), int64(e.PromptTokens), int64(e.CompletionTokens), int64(e.TotalTokens)})
		case *streamjsonv2.Final:
			out = append(out, &plainFinal{2, "final", string(e.RunID), e.Text})
		case *streamjsonv2.RunEnd:
			out = append(out, &plainEnd{2, "run_end", string(e.RunID), string(e.Status), e.ExitCode})
		}
	}
	return out
}

// benchInput returns about n bytes of valid version 2 input lines.
func benchInput(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&b, `{"schemaVersion":2,"type":"prompt","content":"Step %d: inspect the repository and report every blocker you find in internal/run."}`+"\n", i)
		} else {
			fmt.Fprintf(&b, `{"schemaVersion":2,"type":"message","role":"user","content":"Line %d says \"quoted\" things\twith escapes \u00e9 and a longer tail of ordinary words."}`+"\r\n", i)
		}
	}
	return b.Bytes()
}

// repeatReader yields block again and again, n bytes in all, so that 50 MB
// of input never sit in memory at once.
type repeatReader struct {
	block []byte
	off   int
	n     int
}

func newInput50MB() *repeatReader {
	block := benchInput(1 << 20)
	return &repeatReader{block: block, n: 50 * len(block)}
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.block[r.off:])
	r.off = (r.off + k) % len(r.block)
	r.n -= k
	return k, nil
}

func BenchmarkInputRead50MB(b *testing.B) {
	b.SetBytes(int64(newInput50MB().n))
	b.ReportAllocs()
	runtime.GC()
	var peak uint64
	for b.Loop() {
		r := NewInputReader(newInput50MB(), 2, 0)
		for n := 0; ; n++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if n%100_000 == 0 {
				peak = max(peak, heapInUse())
			}
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestInputReaderBoundedMemory reads 50 MB of input and checks that the
// heap stays far below the input's size: the reader keeps one line.
func TestInputReaderBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MB")
	}
	in := newInput50MB()
	runtime.GC()
	base := heapInUse()
	r := NewInputReader(in, 2, 0)
	var peak uint64
	for n := 0; ; n++ {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if n%10_000 == 0 {
			peak = max(peak, heapInUse())
		}
	}
	if grew := int64(peak) - int64(base); grew > 16<<20 {
		t.Errorf("the heap grew by %d MiB while reading 50 MB of input", grew>>20)
	}
	if r.line < 100_000 {
		t.Errorf("read only %d lines", r.line)
	}
}
