package codecbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-faster/jx"
	"github.com/santhosh-tekuri/jsonschema/v5"

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

func BenchmarkDecodeGenerated(b *testing.B) {
	docs := mix()
	b.SetBytes(totalBytes(docs))
	b.ReportAllocs()
	var d rt.Decoder
	var out v2.Output
	for i := 0; i < b.N; i++ {
		for _, doc := range docs {
			d.Reset(doc)
			if err := out.DecodeJSON(&d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkDecodeStdlibPlain(b *testing.B) {
	docs := mix()
	b.SetBytes(totalBytes(docs))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		targets := plainTargets()
		for j, doc := range docs {
			if err := json.Unmarshal(doc, targets[j]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func outputSchema(tb testing.TB) *jsonschema.Schema {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	dir := filepath.Join("..", "..", "schema", "streamjson", "v2")
	for _, name := range []string{"defs.json", "input.json", "output.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddResource("https://schemas.zero.dev/streamjson/v2/"+name, bytes.NewReader(data)); err != nil {
			tb.Fatal(err)
		}
	}
	s, err := c.Compile("https://schemas.zero.dev/streamjson/v2/output.json")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func BenchmarkDecodeAnyPlusJSONSchema(b *testing.B) {
	docs := mix()
	s := outputSchema(b)
	b.SetBytes(totalBytes(docs))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, doc := range docs {
			dec := json.NewDecoder(bytes.NewReader(doc))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				b.Fatal(err)
			}
			if err := s.Validate(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkJxSkip(b *testing.B) {
	docs := mix()
	b.SetBytes(totalBytes(docs))
	b.ReportAllocs()
	d := jx.DecodeBytes(nil)
	for i := 0; i < b.N; i++ {
		for _, doc := range docs {
			d.ResetBytes(doc)
			if err := d.Skip(); err != nil {
				b.Fatal(err)
			}
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

func BenchmarkEncodeGenerated(b *testing.B) {
	events := decodedMix(b)
	b.SetBytes(totalBytes(mix()))
	b.ReportAllocs()
	buf := make([]byte, 0, 16<<10)
	for i := 0; i < b.N; i++ {
		for j := range events {
			var err error
			buf, err = events[j].AppendJSON(buf[:0])
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkEncodeStdlibPlain(b *testing.B) {
	docs := mix()
	targets := plainTargets()
	for j, doc := range docs {
		if err := json.Unmarshal(doc, targets[j]); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(totalBytes(docs))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, t := range targets {
			if _, err := json.Marshal(t); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestRatios runs the benchmarks side by side and prints the ratios the
// project states its goals in. It asserts nothing about time: machines are
// noisy. Run it with ZERO_BENCH=1 (make bench).
func TestRatios(t *testing.T) {
	if os.Getenv("ZERO_BENCH") == "" {
		t.Skip("set ZERO_BENCH=1 (make bench) to measure; timings are not assertions")
	}
	r := map[string]testing.BenchmarkResult{}
	for name, fn := range map[string]func(*testing.B){
		"gen": BenchmarkDecodeGenerated, "std": BenchmarkDecodeStdlibPlain, "any+schema": BenchmarkDecodeAnyPlusJSONSchema,
		"jx": BenchmarkJxSkip, "enc": BenchmarkEncodeGenerated, "stdenc": BenchmarkEncodeStdlibPlain,
	} {
		r[name] = testing.Benchmark(fn)
	}
	ns := func(k string) float64 { return float64(r[k].NsPerOp()) }
	lines := []string{
		fmt.Sprintf("decode+validate, generated: %8.0f ns/mix  %3d allocs/mix  %6.0f MB/s", ns("gen"), r["gen"].AllocsPerOp(), mbs(r["gen"])),
		fmt.Sprintf("encoding/json plain structs: %7.0f ns/mix  %3d allocs/mix  -> generated is %.1fx faster (goal >= 8x)", ns("std"), r["std"].AllocsPerOp(), ns("std")/ns("gen")),
		fmt.Sprintf("any + jsonschema/v5 Validate: %6.0f ns/mix  %3d allocs/mix  -> generated is %.1fx faster (goal >= 50x)", ns("any+schema"), r["any+schema"].AllocsPerOp(), ns("any+schema")/ns("gen")),
		fmt.Sprintf("jx Skip (read once):         %7.0f ns/mix  -> generated takes %.2fx as long (goal <= 2x)", ns("jx"), ns("gen")/ns("jx")),
		fmt.Sprintf("allocations: generated/encoding-json = %.2f (goal <= 0.33)", float64(r["gen"].AllocsPerOp())/float64(r["std"].AllocsPerOp())),
		fmt.Sprintf("encode, generated into reused buffer: %6.0f ns/mix %d allocs/mix; encoding/json.Marshal %6.0f ns/mix -> %.1fx faster (goal >= 5x, 0 allocs)", ns("enc"), r["enc"].AllocsPerOp(), ns("stdenc"), ns("stdenc")/ns("enc")),
	}
	for _, l := range lines {
		fmt.Println(l)
	}
}

func mbs(r testing.BenchmarkResult) float64 {
	return float64(r.Bytes) * float64(r.N) / r.T.Seconds() / 1e6
}
