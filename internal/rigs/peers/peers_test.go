package peers

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPeers measures every library on every mix, decode and encode, side
// by side in this one process, and prints the table; with
// ZERO_PEERS_REPORT=FILE it also writes the dated report there. It asserts
// nothing about time. Run it with `make bench-peers` (ZERO_BENCH=1).
//
// Before anything is timed, each library's round trip of the mix is
// checked (checkRoundTrip); a peer that fails it is marked in the table and
// not timed. Timings are paired: zerogen and a peer run by turns, each run
// ZERO_PEERS_BENCHTIME long (default 100ms), and each run of a peer is
// divided by the mean of the zerogen runs just before and just after it.
// The table gives, for each peer, the median of its ZERO_PEERS_ROUNDS
// (default 15) ratios and their range, and the median time of each
// library's runs. ZERO_MIX=NAME measures one mix.
func TestPeers(t *testing.T) {
	if os.Getenv("ZERO_BENCH") == "" {
		t.Skip("set ZERO_BENCH=1 (make bench-peers) to measure; timings are not assertions")
	}
	benchtime := os.Getenv("ZERO_PEERS_BENCHTIME")
	if benchtime == "" {
		benchtime = "100ms"
	}
	rounds := 15
	if s := os.Getenv("ZERO_PEERS_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("ZERO_PEERS_ROUNDS=%q: want a positive number", s)
		}
		rounds = n
	}
	old := flag.Lookup("test.benchtime").Value.String()
	if err := flag.Set("test.benchtime", benchtime); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("test.benchtime", old)

	start := time.Now()
	loadBefore := loadavg()
	var results []mixResult
	for _, m := range mixes() {
		if only := os.Getenv("ZERO_MIX"); only != "" && only != m.name {
			continue
		}
		r := mixResult{mix: m, failed: map[string]error{}}
		for _, lib := range libraries() {
			if lib.roundTrip == nil {
				continue
			}
			if err := checkRoundTrip(m, lib); err != nil {
				if lib.name == zerogenLib.name {
					t.Fatalf("%s: zerogen: %v", m.name, err)
				}
				r.failed[lib.name] = err
			}
		}
		r.decode = measure(m, rounds, r.failed, func(l library) func(mix) func(*testing.B) { return l.decode })
		if !m.readOnly {
			r.encode = measure(m, rounds, r.failed, func(l library) func(mix) func(*testing.B) { return l.encode })
		}
		fmt.Fprintf(os.Stderr, "peers: %s measured (%s so far)\n", m.name, time.Since(start).Round(time.Second))
		results = append(results, r)
	}
	rep := report{
		results: results, rounds: rounds, benchtime: benchtime,
		start: start, took: time.Since(start), loadBefore: loadBefore, loadAfter: loadavg(),
		rejects: rejectTable(verdicts(t)),
	}
	fmt.Print(rep.tables())
	if path := os.Getenv("ZERO_PEERS_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(rep.markdown()), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("\nwrote %s\n", path)
	}
}

// mixResult is what TestPeers measured on one mix.
type mixResult struct {
	mix            mix
	failed         map[string]error // peers that failed the round trip
	decode, encode []timing         // zerogen first; nil encode for the vendor chunks
}

// timing is one library's runs on one mix and operation.
type timing struct {
	lib    string
	ns     []float64 // ns per pass over the mix, one per run
	ratios []float64 // each run's ns over the neighbouring zerogen runs' mean; none for zerogen
	allocs int64
	bytes  int64
	err    error // the round trip failed: not timed
}

// measure runs zerogen and each peer by turns, rounds times.
func measure(m mix, rounds int, failed map[string]error, op func(library) func(mix) func(*testing.B)) []timing {
	libs := libraries()
	out := make([]timing, len(libs))
	for i, l := range libs {
		out[i] = timing{lib: l.name, err: failed[l.name]}
	}
	run := func(i int) float64 {
		r := testing.Benchmark(op(libs[i])(m))
		ns := float64(r.T.Nanoseconds()) / float64(r.N)
		out[i].ns = append(out[i].ns, ns)
		out[i].allocs, out[i].bytes = r.AllocsPerOp(), r.AllocedBytesPerOp()
		return ns
	}
	zero := run(0)
	for range rounds {
		for i := 1; i < len(libs); i++ {
			if op(libs[i]) == nil || out[i].err != nil {
				continue
			}
			peer := run(i)
			next := run(0)
			out[i].ratios = append(out[i].ratios, peer/((zero+next)/2))
			zero = next
		}
	}
	var kept []timing
	for i, tm := range out {
		if i == 0 || op(libs[i]) != nil {
			kept = append(kept, tm)
		}
	}
	return kept
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// report renders TestPeers' results.
type report struct {
	results               []mixResult
	rounds                int
	benchtime             string
	start                 time.Time
	took                  time.Duration
	loadBefore, loadAfter string
	rejects               string
}

// tables returns the timing tables and the goals.
func (r report) tables() string {
	var b strings.Builder
	for _, op := range []string{"decode", "encode"} {
		if op == "decode" {
			b.WriteString("### Decode\n\nzerogen: DecodeJSON (validates against the schema); ogen: Decode then Validate; sonic and json/v2: Unmarshal into plain structs; jx: Skip. Each library decodes into values it reuses (the peers' zeroed before each pass). zerogen copies its input into 24 KiB blocks it allocates now and then: B/mix counts those bytes, and allocs/mix rounds their fraction of an allocation down to 0.\n\n")
		} else {
			b.WriteString("\n### Encode\n\nzerogen: AppendJSON into a reused buffer; ogen: Encode into a reused jx.Encoder; sonic and json/v2: Marshal (a new slice each time). The vendor chunks are read, never written: no encode.\n\n")
		}
		b.WriteString("| mix | library | ns/mix | allocs/mix | B/mix | peer ÷ zerogen, median | range |\n")
		b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
		for _, res := range r.results {
			ts := res.decode
			if op == "encode" {
				ts = res.encode
			}
			for _, tm := range ts {
				name := tm.lib
				if tm.lib == zerogenLib.name {
					name = "**zerogen**"
				}
				label := fmt.Sprintf("%s (%d B)", res.mix.name, totalBytes(res.mix.docs))
				if tm.err != nil {
					fmt.Fprintf(&b, "| %s | %s | no round trip: not timed | | | | |\n", label, name)
					continue
				}
				ratio, rng := "", ""
				if len(tm.ratios) > 0 {
					ratio = fmt.Sprintf("%.2f", median(tm.ratios))
					rng = fmt.Sprintf("%.2f–%.2f", slices.Min(tm.ratios), slices.Max(tm.ratios))
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s | %s |\n", label, name, thousands(median(tm.ns)), tm.allocs, tm.bytes, ratio, rng)
			}
		}
	}
	b.WriteString("\nA ratio above 1 means the peer takes longer than zerogen.\n")
	var failed []string
	for _, res := range r.results {
		for _, lib := range libraries() {
			if err := res.failed[lib.name]; err != nil {
				failed = append(failed, fmt.Sprintf("- %s on %s: %v", lib.name, res.mix.name, err))
			}
		}
	}
	if len(failed) > 0 {
		b.WriteString("\nPeers that did not give back what they read (not timed):\n\n" + strings.Join(failed, "\n") + "\n")
	}
	b.WriteString("\n### Goals\n\n" + r.goals())
	return b.String()
}

// goal is one of issue 29's codec goals: zerogen against one peer on one
// operation, ahead of it or at least level with it.
type goal struct {
	peer, op string
	level    bool // at least level; otherwise ahead
}

var goals = []goal{
	{"ogen", "decode", false}, {"ogen", "encode", false},
	{"sonic", "decode", true}, {"sonic", "encode", true},
	{"json/v2", "decode", false}, {"json/v2", "encode", false},
}

// goals renders, for each goal and mix, whether it holds. Ahead holds when
// the median ratio is above 1; at least level holds when it is 1 or more.
// The range says how firmly: "clear" when every pair agrees.
func (r report) goals() string {
	var b strings.Builder
	b.WriteString("| goal |")
	for _, res := range r.results {
		b.WriteString(" " + res.mix.name + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(r.results)) + "\n")
	for _, g := range goals {
		word := "ahead of"
		if g.level {
			word = "at least level with"
		}
		fmt.Fprintf(&b, "| %s %s, %s |", word, g.peer, g.op)
		for _, res := range r.results {
			ts := res.decode
			if g.op == "encode" {
				ts = res.encode
			}
			b.WriteString(" " + verdict(g, ts) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\nA goal holds on a mix when the median ratio is above 1 (ahead) or at least 1 (level); \"clear\" when the lowest ratio of the range agrees, \"within noise\" when the range straddles 1.\n")
	return b.String()
}

func verdict(g goal, ts []timing) string {
	if ts == nil {
		return "n/a (read only)"
	}
	for _, tm := range ts {
		if tm.lib != g.peer {
			continue
		}
		if tm.err != nil {
			return "misses: no round trip"
		}
		med, lo, hi := median(tm.ratios), slices.Min(tm.ratios), slices.Max(tm.ratios)
		holds := med > 1 || (g.level && med >= 1)
		switch {
		case holds && lo >= 1:
			return fmt.Sprintf("holds, clear (%.2f)", med)
		case holds:
			return fmt.Sprintf("holds within noise (%.2f)", med)
		case hi >= 1:
			return fmt.Sprintf("misses within noise (%.2f)", med)
		default:
			return fmt.Sprintf("**misses** (%.2f)", med)
		}
	}
	return "n/a"
}

// markdown is the dated report for reports/peers.md.
func (r report) markdown() string {
	var b strings.Builder
	b.WriteString("# zerogen and its peers\n\n<!-- Generated by `make bench-peers` (internal/rigs/peers). DO NOT EDIT. -->\n\n")
	fmt.Fprintf(&b, "Measured %s", r.start.UTC().Format("2006-01-02 15:04 MST"))
	if c := os.Getenv("ZERO_PEERS_COMMIT"); c != "" {
		fmt.Fprintf(&b, " at commit %s", c)
	}
	fmt.Fprintf(&b, ", in %s. Each mix is the set of documents codecbench states the codec goals on (package mixdocs); ns/mix is one pass over all of its documents.\n\n", r.took.Round(time.Second))
	b.WriteString("Machine: " + machine() + "\n\n")
	fmt.Fprintf(&b, "Load average (1, 5, 15 min) before: %s; after: %s. The machine is shared: every ratio is a median of %d pairs of neighbouring runs of %s each, with its range.\n\n", r.loadBefore, r.loadAfter, r.rounds, r.benchtime)
	b.WriteString("Libraries: " + versions() + ".\n\n")
	b.WriteString(r.tables())
	b.WriteString("\n### What each library rejects\n\nEach document below is a document of a mix with one rule of its schema, or of JSON, broken (TestWhatEachRejects).\n\n" + r.rejects)
	return b.String()
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], ", ")
}

func machine() string {
	cpu := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		s := bufio.NewScanner(f)
		for s.Scan() {
			if k, v, ok := strings.Cut(s.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	exp := os.Getenv("GOEXPERIMENT")
	if exp == "" {
		exp = "none"
	}
	return fmt.Sprintf("%s, %d cores (GOMAXPROCS %d), %s %s/%s, GOEXPERIMENT %s", cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH, exp)
}

// versions returns the peers' versions as the rig's go.mod pins them.
func versions() string {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		return "unknown"
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "require "))
		if len(f) >= 2 {
			switch f[0] {
			case "github.com/ogen-go/ogen", "github.com/bytedance/sonic", "github.com/go-json-experiment/json", "github.com/go-faster/jx":
				out = append(out, f[0]+" "+f[1])
			}
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

func thousands(ns float64) string {
	s := strconv.FormatInt(int64(ns+0.5), 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
