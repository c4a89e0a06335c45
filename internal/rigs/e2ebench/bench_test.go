package e2ebench

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// delta is the text of every streamed delta: a short token, as models
// stream them.
const delta = "tok "

// defaultSizes are the delta counts of each series.
var defaultSizes = []int{10_000, 100_000, 200_000, 1_000_000}

// figures are what one measured run cost.
type figures struct {
	wall time.Duration
	cpu  time.Duration // user and system; 0 when not measured (the floor)
	rss  int64         // bytes; 0 when not measured (the floor)
}

// series is one line of runs over the sizes.
type series struct {
	name string
	runs []figures
}

// TestE2E prints the end-to-end figures; see the package doc.
func TestE2E(t *testing.T) {
	skipUnlessBench(t)
	sizes, reps := benchSizes(t), benchReps(t)
	fmt.Printf("zero exec end to end, best of %d runs, delta %q, stdout to /dev/null\n", reps, delta)
	for _, d := range []*pt.Dialect{pt.OpenAI, pt.Anthropic} {
		if !wanted(d.Name()) {
			continue
		}
		floor := series{name: d.Name() + " floor (read only)"}
		for _, n := range sizes {
			floor.runs = append(floor.runs, best(reps, func(int) figures { return readFloor(t, d, n) }))
		}
		report(sizes, floor)
		for _, format := range []string{"stream-json", "text"} {
			s := series{name: d.Name() + " -o " + format}
			if !wanted(s.name) {
				continue
			}
			checkOutput(t, d, format, sizes[0])
			for _, n := range sizes {
				s.runs = append(s.runs, best(reps, func(rep int) figures {
					return runZero(t, d, format, n, profilePath(t, s.name, n, rep == reps-1))
				}))
			}
			report(sizes, s)
		}
	}
	for _, d := range []*pt.Dialect{pt.OpenAI, pt.Anthropic} {
		if wanted(d.Name() + " tool turn") {
			toolTurn(t, d, reps)
		}
	}
}

// wanted reports whether the series named name runs: all do, unless
// ZERO_BENCH_E2E_ONLY names a part of the series' names, such as
// "openai -o stream-json" (the dialect's floor runs with its series).
func wanted(name string) bool {
	only := os.Getenv("ZERO_BENCH_E2E_ONLY")
	return only == "" || strings.Contains(name, only) || strings.HasPrefix(only, name+" ")
}

func skipUnlessBench(t *testing.T) {
	if os.Getenv("ZERO_BENCH_E2E") == "" {
		t.Skip("set ZERO_BENCH_E2E=1 (make bench-e2e) to build zero and stream up to a million deltas through it")
	}
}

func benchSizes(t *testing.T) []int {
	env := os.Getenv("ZERO_BENCH_E2E_SIZES")
	if env == "" {
		return defaultSizes
	}
	var sizes []int
	for _, f := range strings.Split(env, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			t.Fatalf("ZERO_BENCH_E2E_SIZES: %q is no positive count", f)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

func benchReps(t *testing.T) int {
	env := os.Getenv("ZERO_BENCH_E2E_REPS")
	if env == "" {
		return 3
	}
	n, err := strconv.Atoi(env)
	if err != nil || n <= 0 {
		t.Fatalf("ZERO_BENCH_E2E_REPS: %q is no positive count", env)
	}
	return n
}

// best runs measure reps times and keeps the least wall and CPU times and
// the highest peak RSS.
func best(reps int, measure func(rep int) figures) figures {
	var b figures
	for rep := range reps {
		b.keep(rep, measure(rep))
	}
	return b
}

// keep folds the figures of run number rep into the best so far.
func (b *figures) keep(rep int, f figures) {
	if rep == 0 || f.wall < b.wall {
		b.wall = f.wall
	}
	if rep == 0 || f.cpu < b.cpu {
		b.cpu = f.cpu
	}
	b.rss = max(b.rss, f.rss)
}

// report prints one series and the ratio of its cost per event at the
// largest size to that at the smallest.
func report(sizes []int, s series) {
	for i, f := range s.runs {
		n := sizes[i]
		cpu, rss := "       -", "-"
		if f.rss > 0 {
			cpu, rss = fmt.Sprintf("%6.3f s", f.cpu.Seconds()), fmt.Sprintf("%.1f MB", float64(f.rss)/1e6)
		}
		fmt.Printf("%-28s N=%-8d %7.3f s %6.0f ns/event %9.0f events/s  CPU %s  peak RSS %s\n",
			s.name, n, f.wall.Seconds(), float64(f.wall.Nanoseconds())/float64(n), float64(n)/f.wall.Seconds(), cpu, rss)
	}
	if len(s.runs) > 1 {
		first, last := s.runs[0], s.runs[len(s.runs)-1]
		ratio := (float64(last.wall) / float64(sizes[len(sizes)-1])) / (float64(first.wall) / float64(sizes[0]))
		line := fmt.Sprintf("%-28s cost per event at N=%d / at N=%d: %.2f (wall)", s.name, sizes[len(sizes)-1], sizes[0], ratio)
		if first.cpu > 0 {
			cpuRatio := (float64(last.cpu) / float64(sizes[len(sizes)-1])) / (float64(first.cpu) / float64(sizes[0]))
			line += fmt.Sprintf(", %.2f (CPU)", cpuRatio)
		}
		fmt.Println(line)
	}
}

// textStream is a 200 response streaming n text deltas in d's format.
func textStream(d *pt.Dialect, n int) pt.Response {
	return d.Bulk(pt.Text(delta), delta, n)
}

// readFloor reads the stream of n deltas over HTTP without parsing it.
func readFloor(t *testing.T, d *pt.Dialect, n int) figures {
	srv := pt.NewServer(textStream(d, n))
	defer srv.Close()
	start := time.Now()
	resp, err := http.Post(srv.URL+"/v1/floor", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	return figures{wall: time.Since(start)}
}

// env is a sandbox for runs of zero against a server.
type env struct {
	ws   string
	vars []string
	bin  string // the binary run: zeroBin when empty
}

func newEnv(t *testing.T, d *pt.Dialect, srv *pt.Server) env {
	root := t.TempDir()
	e := env{ws: filepath.Join(root, "ws"), vars: []string{
		"HOME=" + filepath.Join(root, "home"),
		"XDG_DATA_HOME=" + filepath.Join(root, "data"),
		"PATH=" + os.Getenv("PATH"),
	}}
	if err := os.MkdirAll(e.ws, 0o755); err != nil {
		t.Fatal(err)
	}
	switch d {
	case pt.OpenAI:
		e.vars = append(e.vars, "OPENAI_BASE_URL="+srv.URL+"/v1", "OPENAI_API_KEY=sk-bench-openai-fake")
	case pt.Anthropic:
		e.vars = append(e.vars, "ANTHROPIC_BASE_URL="+srv.URL, "ANTHROPIC_API_KEY=sk-ant-bench-fake")
	}
	return e
}

// run runs zero with args through the spawner, stdout to the file out,
// and returns its figures. profile, when not empty, is where zero writes
// a CPU profile.
func (e env) run(t *testing.T, out, profile string, args ...string) figures {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	spawnFile := filepath.Join(t.TempDir(), "figures")
	bin := zeroBin
	if e.bin != "" {
		bin = e.bin
	}
	cmd := exec.Command(self, append([]string{bin}, args...)...)
	cmd.Dir, cmd.Stdout = e.ws, stdout
	cmd.Env = append(append([]string{}, e.vars...), spawnEnv+"="+spawnFile)
	if profile != "" {
		cmd.Env = append(cmd.Env, "ZERO_CPUPROFILE="+profile)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("zero %v: %v\n%s", args, err, stderr.String())
	}
	return readFigures(t, spawnFile)
}

func readFigures(t *testing.T, path string) figures {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w, c, r int64
	if n, err := fmt.Sscan(string(b), &w, &c, &r); n != 3 || err != nil {
		t.Fatalf("spawner figures %q: %v", b, err)
	}
	return figures{wall: time.Duration(w), cpu: time.Duration(c), rss: r}
}

// runZero streams n deltas through `zero exec -o format`, stdout to
// /dev/null.
func runZero(t *testing.T, d *pt.Dialect, format string, n int, profile string) figures {
	srv := pt.NewServer(textStream(d, n))
	defer srv.Close()
	return newEnv(t, d, srv).run(t, os.DevNull, profile, "exec", "--provider", d.Name(), "-o", format, "bench")
}

// profilePath is where the run writes its CPU profile: only the last run
// of each size, and only with ZERO_BENCH_E2E_PROFILE set.
func profilePath(t *testing.T, name string, n int, last bool) string {
	dir := os.Getenv("ZERO_BENCH_E2E_PROFILE")
	if dir == "" || !last {
		return ""
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	name = strings.NewReplacer(" ", "", "-o", "_").Replace(name)
	return filepath.Join(dir, fmt.Sprintf("%s_%d.pprof", name, n))
}

// checkOutput runs n deltas once with stdout to a file and checks that the
// answer arrived whole: every delta in order, once.
func checkOutput(t *testing.T, d *pt.Dialect, format string, n int) {
	srv := pt.NewServer(textStream(d, n))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "out")
	newEnv(t, d, srv).run(t, out, "", "exec", "--provider", d.Name(), "-o", format, "bench")
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Repeat(delta, n)
	got := string(b)
	if format == "stream-json" {
		got = finalText(t, b)
	} else {
		want += "\n"
	}
	if got != want {
		t.Fatalf("%s -o %s: the answer has %d bytes, want %d", d.Name(), format, len(got), len(want))
	}
}

// finalText returns the text of the final event of stream-json output,
// checking that the deltas add up to it.
func finalText(t *testing.T, out []byte) string {
	var deltas strings.Builder
	final := ""
	for line := range bytes.Lines(out) {
		var ev streamjsonv2.Output
		if err := ev.UnmarshalJSON(bytes.TrimSuffix(line, []byte("\n"))); err != nil {
			t.Fatalf("bad event %.200q: %v", line, err)
		}
		switch e := ev.Value.(type) {
		case *streamjsonv2.Text:
			deltas.WriteString(e.Delta)
		case *streamjsonv2.Final:
			final = e.Text
		}
	}
	if deltas.String() != final {
		t.Fatalf("the text deltas (%d bytes) do not add up to the final text (%d bytes)", deltas.Len(), len(final))
	}
	return final
}
