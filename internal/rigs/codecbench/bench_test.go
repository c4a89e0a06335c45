package codecbench

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/go-faster/jx"

	v2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

func totalBytes(docs [][]byte) int64 {
	var n int64
	for _, d := range docs {
		n += int64(len(d))
	}
	return n
}

// benchDecodeGenerated decodes and validates each document of m into its
// generated type, reusing the decoder and the targets.
func benchDecodeGenerated(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		var d rt.Decoder
		out := m.targets()
		for i := 0; i < b.N; i++ {
			for j, doc := range m.docs {
				d.Reset(doc)
				if err := out[j].DecodeJSON(&d); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// benchDecodeStdlibPlain decodes each document of m with encoding/json into
// fresh plain structs, validating nothing.
func benchDecodeStdlibPlain(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			targets := m.plain()
			for j, doc := range m.docs {
				if err := json.Unmarshal(doc, targets[j]); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// benchDecodeAnyPlusJSONSchema decodes each document of m into any and
// validates it against its schema with jsonschema/v5.
func benchDecodeAnyPlusJSONSchema(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		schemas := m.schemas(b)
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for j, doc := range m.docs {
				dec := json.NewDecoder(bytes.NewReader(doc))
				dec.UseNumber()
				var v any
				if err := dec.Decode(&v); err != nil {
					b.Fatal(err)
				}
				if err := schemas[j].Validate(v); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// benchJxSkip reads each document of m once with jx and keeps nothing.
func benchJxSkip(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		d := jx.DecodeBytes(nil)
		for i := 0; i < b.N; i++ {
			for _, doc := range m.docs {
				d.ResetBytes(doc)
				if err := d.Skip(); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// benchEncodeGenerated encodes the decoded documents of m into a reused
// buffer.
func benchEncodeGenerated(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		values := m.decoded(b)
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		buf := make([]byte, 0, 16<<10)
		for i := 0; i < b.N; i++ {
			for _, v := range values {
				var err error
				buf, err = v.AppendJSON(buf[:0])
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// benchEncodeStdlibPlain encodes the documents of m, decoded into plain
// structs, with encoding/json.Marshal.
func benchEncodeStdlibPlain(m codecMix) func(*testing.B) {
	return func(b *testing.B) {
		targets := m.plain()
		for j, doc := range m.docs {
			if err := json.Unmarshal(doc, targets[j]); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(totalBytes(m.docs))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, t := range targets {
				if _, err := json.Marshal(t); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkCodecs runs every codec on every mix: go test -bench Codecs.
func BenchmarkCodecs(b *testing.B) {
	for _, m := range mixes() {
		for _, c := range []struct {
			name string
			fn   func(codecMix) func(*testing.B)
		}{
			{"decode-generated", benchDecodeGenerated}, {"decode-stdlib-plain", benchDecodeStdlibPlain},
			{"decode-any+jsonschema", benchDecodeAnyPlusJSONSchema}, {"jx-skip", benchJxSkip},
			{"encode-generated", benchEncodeGenerated}, {"encode-stdlib-plain", benchEncodeStdlibPlain},
		} {
			b.Run(m.name+"/"+c.name, c.fn(m))
		}
	}
}

func decodedMix(tb testing.TB) []v2.Output {
	var out []v2.Output
	for _, doc := range mix() {
		var o v2.Output
		if err := o.UnmarshalJSON(doc); err != nil {
			tb.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// TestRatios runs the benchmarks side by side, mix by mix, each the fastest
// of ratioRounds runs, and prints the ratios the project states its goals
// in. It asserts nothing about time:
// machines are noisy. Run it with ZERO_BENCH=1 (make bench); ZERO_MIX=NAME
// measures one mix.
func TestRatios(t *testing.T) {
	if os.Getenv("ZERO_BENCH") == "" {
		t.Skip("set ZERO_BENCH=1 (make bench) to measure; timings are not assertions")
	}
	for _, m := range mixes() {
		if only := os.Getenv("ZERO_MIX"); only != "" && only != m.name {
			continue
		}
		printRatios(m)
	}
}

// ratioRounds is how many times printRatios measures each codec, round
// after round; it keeps the fastest of each. On a machine shared with other
// work a run is only ever slowed down, never sped up, so the fastest run is
// the one nearest the codec's own cost, for the baselines as for the
// generated code.
const ratioRounds = 3

// printRatios measures every codec on m and prints the ratios.
func printRatios(m codecMix) {
	r := map[string]testing.BenchmarkResult{}
	codecs := map[string]func(codecMix) func(*testing.B){
		"gen": benchDecodeGenerated, "std": benchDecodeStdlibPlain, "any+schema": benchDecodeAnyPlusJSONSchema,
		"jx": benchJxSkip, "enc": benchEncodeGenerated, "stdenc": benchEncodeStdlibPlain,
	}
	for range ratioRounds {
		for name, fn := range codecs {
			if m.readOnly && (name == "enc" || name == "stdenc") {
				continue
			}
			res := testing.Benchmark(fn(m))
			if old, ok := r[name]; !ok || res.NsPerOp() < old.NsPerOp() {
				r[name] = res
			}
		}
	}
	ns := func(k string) float64 { return float64(r[k].NsPerOp()) }
	// The vendor chunks' goal is the one against jx (Zero reads them and
	// skips what it does not use); the others hold for Zero's own, ACP's
	// and MCP's documents.
	goal := func(g string) string {
		if m.readOnly {
			return "(no goal for vendor chunks)"
		}
		return "(goal " + g + ")"
	}
	lines := []string{
		fmt.Sprintf("mix %s: %d documents, %d bytes", m.name, len(m.docs), totalBytes(m.docs)),
		fmt.Sprintf("  decode+validate, generated: %8.0f ns/mix  %3d allocs/mix  %6.0f MB/s", ns("gen"), r["gen"].AllocsPerOp(), mbs(r["gen"])),
		fmt.Sprintf("  encoding/json plain structs: %7.0f ns/mix  %3d allocs/mix  -> generated is %.1fx faster %s", ns("std"), r["std"].AllocsPerOp(), ns("std")/ns("gen"), goal(">= 8x")),
		fmt.Sprintf("  any + jsonschema/v5 Validate: %6.0f ns/mix  %3d allocs/mix  -> generated is %.1fx faster %s", ns("any+schema"), r["any+schema"].AllocsPerOp(), ns("any+schema")/ns("gen"), "(no goal: the codec goals are against its peers, make bench-peers)"),
		fmt.Sprintf("  jx Skip (read once):         %7.0f ns/mix  -> generated takes %.2fx as long (goal <= 2x)", ns("jx"), ns("gen")/ns("jx")),
		fmt.Sprintf("  allocations: generated/encoding-json = %.2f %s", float64(r["gen"].AllocsPerOp())/float64(r["std"].AllocsPerOp()), goal("<= 0.33")),
	}
	if m.readOnly {
		lines = append(lines, "  encode: not stated (Zero only reads these documents; its types skip the members it does not use)")
	} else {
		lines = append(lines, fmt.Sprintf("  encode, generated into reused buffer: %6.0f ns/mix %d allocs/mix; encoding/json.Marshal %6.0f ns/mix -> %.1fx faster (goal >= 5x, 0 allocs)", ns("enc"), r["enc"].AllocsPerOp(), ns("stdenc"), ns("stdenc")/ns("enc")))
	}
	for _, l := range lines {
		fmt.Println(l)
	}
}

// TestPairedRatios measures the generated decoder and a baseline by turns,
// in runs of a third of a second, and prints, for each baseline, the ratio
// of each of its runs to the mean of the generated runs just before and
// just after it: the median and the range over pairedRounds pairs. A pair
// shares the machine's conditions, where TestRatios' fastest of three runs
// of each codec may find one codec in a quiet moment and the other not. It
// asserts nothing about time. Run it with ZERO_BENCH=1 ZERO_PAIRED=1
// (ZERO_PAIRED=1 make bench); ZERO_MIX=NAME measures one mix.
func TestPairedRatios(t *testing.T) {
	if os.Getenv("ZERO_BENCH") == "" || os.Getenv("ZERO_PAIRED") == "" {
		t.Skip("set ZERO_BENCH=1 ZERO_PAIRED=1 to measure; timings are not assertions")
	}
	old := flag.Lookup("test.benchtime").Value.String()
	if err := flag.Set("test.benchtime", "330ms"); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("test.benchtime", old)
	for _, m := range mixes() {
		if only := os.Getenv("ZERO_MIX"); only != "" && only != m.name {
			continue
		}
		fmt.Printf("mix %s, decode, %d pairs:\n", m.name, pairedRounds)
		for _, b := range []struct {
			name string
			fn   func(codecMix) func(*testing.B)
		}{{"encoding/json plain structs", benchDecodeStdlibPlain}, {"any + jsonschema/v5 Validate", benchDecodeAnyPlusJSONSchema}} {
			gen := float64(testing.Benchmark(benchDecodeGenerated(m)).NsPerOp())
			var ratios []float64
			for range pairedRounds {
				base := float64(testing.Benchmark(b.fn(m)).NsPerOp())
				next := float64(testing.Benchmark(benchDecodeGenerated(m)).NsPerOp())
				ratios = append(ratios, base/((gen+next)/2))
				gen = next
			}
			slices.Sort(ratios)
			fmt.Printf("  %-29s generated is %.1fx faster (median; %.1f-%.1fx)\n", b.name+":", ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
		}
	}
}

// pairedRounds is how many baseline runs TestPairedRatios pairs with the
// generated decoder's.
const pairedRounds = 9

func mbs(r testing.BenchmarkResult) float64 {
	return float64(r.Bytes) * float64(r.N) / r.T.Seconds() / 1e6
}
