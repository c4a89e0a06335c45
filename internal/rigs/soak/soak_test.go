package soak

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/redact/redacttest"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/rt"
)

// soakCount is how many events and lines the soak streams.
const soakCount = 1_000_000

// early is the count at which the early peak is taken.
const early = 100_000

// sampleEvery is how often (in events or lines) the heap is sampled.
const sampleEvery = 5_000

func skipUnlessSoak(t *testing.T) {
	if os.Getenv("ZERO_SOAK") == "" {
		t.Skip("set ZERO_SOAK=1 (make soak) to stream a million events and lines")
	}
}

// heapPeaks samples the heap as a run goes: the heap in use (garbage
// included) at every sample, and the live heap (after a collection) at
// every liveEvery-th item, whose peaks over the first 100,000 and over the
// whole run are compared.
type heapPeaks struct {
	early, all uint64 // live heap peaks
	inUse      uint64 // HeapAlloc peak, garbage included
	rss        int64  // VmRSS peak, sampled
}

// liveEvery is how often (in events or lines) the live heap is measured.
const liveEvery = 50_000

func (h *heapPeaks) sample(n int) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.inUse = max(h.inUse, ms.HeapAlloc)
	h.rss = max(h.rss, procStatus("VmRSS"))
	if n%liveEvery != 0 {
		return
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if n <= early {
		h.early = max(h.early, ms.HeapAlloc)
	}
	h.all = max(h.all, ms.HeapAlloc)
}

// check fails t when the live heap grew with the count: its peak over the
// whole run must stay within twice its peak over the first 100,000 (with
// 1 MiB of slack, for figures this small).
func (h *heapPeaks) check(t *testing.T, what string) {
	t.Logf("%s: live heap peak %.2f MiB in the first %d, %.2f MiB over %d; heap in use (garbage included) peak %.1f MiB; RSS peak %.1f MiB (VmHWM %.1f MiB)",
		what, mib(h.early), early, mib(h.all), soakCount, mib(h.inUse), mib(uint64(h.rss)), mib(uint64(procStatus("VmHWM"))))
	if h.all > 2*h.early+1<<20 {
		t.Errorf("%s: the live heap grew with the count: %.2f MiB after %d, %.2f MiB after %d", what, mib(h.early), early, mib(h.all), soakCount)
	}
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// procStatus reads a "kB" field of /proc/self/status, in bytes; 0 where
// there is no /proc.
func procStatus(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// soakEvents is a cycle of events like a long run's: mostly deltas, tool
// calls with arguments, tool results of a few KiB (some holding a
// credential), usage, warnings.
func soakEvents() []streamjsonv2.OutputValue {
	const id = "run_20260603_soak0000"
	var evs []streamjsonv2.OutputValue
	for i := range 12 {
		evs = append(evs, &streamjsonv2.Text{RunID: id, Delta: fmt.Sprintf("word %d of the answer, with \"quotes\", a tab\t and ünïcödé ", i)})
	}
	evs = append(evs,
		&streamjsonv2.Reasoning{RunID: id, Delta: "I should read the README and the main package first."},
		&streamjsonv2.ToolCall{RunID: id, ID: "call_1", Name: "read_file", Args: rt.Raw(`{"path":"internal/run/loop.go","offset":120,"limit":80}`), SideEffect: "read"},
		&streamjsonv2.ToolResult{RunID: id, ID: "call_1", Status: "ok", Output: strings.Repeat("   120\tfunc (r *runner) loop(ctx context.Context) error {\n", 60)},
		&streamjsonv2.ToolCall{RunID: id, ID: "call_2", Name: "bash", Args: rt.Raw(`{"command":"env | grep KEY","config":{"apiKey":"` + redacttest.OpenAIKey + `"}}`), SideEffect: "shell"},
		&streamjsonv2.ToolResult{RunID: id, ID: "call_2", Status: "ok", Output: "HOME=/home/dev\nGITHUB_TOKEN=" + redacttest.GitHubToken + "\n" + strings.Repeat("PATH=/usr/bin:/bin\n", 20)},
		&streamjsonv2.Usage{RunID: id, PromptTokens: 1200, CompletionTokens: 80, TotalTokens: 1280},
		&streamjsonv2.Warning{RunID: id, Code: "session_warning", Message: "a warning that mentions password=hunter2fake"},
	)
	return evs
}

// countingWriter counts bytes and lines and decodes every 1000th line with
// the generated decoder.
type countingWriter struct {
	bytes, lines int
	bad          error
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.bytes += len(p)
	w.lines++
	if w.lines%1000 == 0 && w.bad == nil {
		var o streamjsonv2.Output
		if err := o.UnmarshalJSON(bytes.TrimSuffix(p, []byte("\n"))); err != nil {
			w.bad = fmt.Errorf("line %d: %v: %s", w.lines, err, p)
		}
		if bytes.Contains(p, []byte(redacttest.GitHubToken)) || bytes.Contains(p, []byte(redacttest.OpenAIKey)) {
			w.bad = fmt.Errorf("line %d leaks a credential: %s", w.lines, p)
		}
	}
	return len(p), nil
}

// TestSoakEventWriter streams a million events through the stream-json
// sink with the redactor as its hook.
func TestSoakEventWriter(t *testing.T) {
	skipUnlessSoak(t)
	red := redact.New(redacttest.ConfiguredSecret)
	var w countingWriter
	sink := streamio.NewStreamJSON(&w, 2, red.String)
	evs := soakEvents()
	var h heapPeaks
	runtime.GC()
	start := time.Now()
	for n := 1; n <= soakCount; n++ {
		if err := sink.Emit(evs[n%len(evs)]); err != nil {
			t.Fatal(err)
		}
		if n%sampleEvery == 0 {
			h.sample(n)
		}
	}
	elapsed := time.Since(start)
	if w.bad != nil {
		t.Fatal(w.bad)
	}
	if w.lines != soakCount {
		t.Fatalf("%d lines for %d events", w.lines, soakCount)
	}
	rate := float64(soakCount) / elapsed.Seconds()
	t.Logf("%d events (%.0f MB) in %v: %.0f events/s, %.0f MB/s", soakCount, float64(w.bytes)/1e6, elapsed.Round(time.Millisecond), rate, float64(w.bytes)/1e6/elapsed.Seconds())
	h.check(t, "event writer")
	Record(t, "soak", "event writer", map[string]any{"count": soakCount, "perSecond": rate, "mbPerSecond": float64(w.bytes) / 1e6 / elapsed.Seconds(),
		"heapEarly": h.early, "heapAll": h.all, "heapInUse": h.inUse, "peakRSS": h.rss, "vmHWM": procStatus("VmHWM"), "seconds": elapsed.Seconds()})
}

// inputLines generates n stream-json input lines of version 2 without
// holding them: prompts and messages of varied length, blank lines, CRLF.
type inputLines struct {
	n, i int
	buf  bytes.Buffer
}

func (g *inputLines) Read(p []byte) (int, error) {
	for g.buf.Len() < len(p) && g.i < g.n {
		g.i++
		switch g.i % 5 {
		case 0:
			g.buf.WriteString("   \r\n")
		case 1:
			fmt.Fprintf(&g.buf, `{"schemaVersion":2,"type":"prompt","content":"line %d: inspect the repo"}`+"\n", g.i)
		case 2:
			fmt.Fprintf(&g.buf, `{"schemaVersion":2,"type":"message","role":"user","content":"%s %d"}`+"\r\n", strings.Repeat("long message text ", 50), g.i)
		case 3:
			fmt.Fprintf(&g.buf, `{"type":"prompt","content":"escapes \u00e9\n\t\"q\" %d","schemaVersion":2}`+"\n", g.i)
		case 4:
			fmt.Fprintf(&g.buf, `{"schemaVersion":2,"type":"prompt","content":"ünïcödé 日本語 🔑 %d"}`+"\n", g.i)
		}
	}
	if g.buf.Len() == 0 {
		return 0, io.EOF
	}
	return g.buf.Read(p)
}

// TestSoakInputReader reads a million stream-json input lines through the
// input reader, one rt.Decoder reused for all.
func TestSoakInputReader(t *testing.T) {
	skipUnlessSoak(t)
	gen := &inputLines{n: soakCount} // one line in five is blank
	counted := &countingReader{r: gen}
	r := streamio.NewInputReader(bufio.NewReaderSize(counted, 64<<10), 2, 0)
	var h heapPeaks
	runtime.GC()
	start := time.Now()
	events := 0
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		events++
		if events%sampleEvery == 0 {
			h.sample(events)
		}
	}
	elapsed := time.Since(start)
	if gen.i != soakCount || events != soakCount*4/5 {
		t.Fatalf("read %d lines, %d events", gen.i, events)
	}
	rate := float64(gen.i) / elapsed.Seconds()
	t.Logf("%d lines (%d events, %.0f MB) in %v: %.0f lines/s, %.0f MB/s", gen.i, events, float64(counted.n)/1e6, elapsed.Round(time.Millisecond), rate, float64(counted.n)/1e6/elapsed.Seconds())
	h.check(t, "input reader")
	Record(t, "soak", "input reader", map[string]any{"count": gen.i, "events": events, "perSecond": rate, "mbPerSecond": float64(counted.n) / 1e6 / elapsed.Seconds(),
		"heapEarly": h.early, "heapAll": h.all, "heapInUse": h.inUse, "peakRSS": h.rss, "vmHWM": procStatus("VmHWM"), "seconds": elapsed.Seconds()})
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
