package e2ebench

import (
	"fmt"
	"os"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestE2EUpstream streams the OpenAI series of TestE2E through a binary of
// upstream Zero (github.com/Gitlawb/zero, which reads OPENAI_BASE_URL and
// OPENAI_API_KEY too) beside zero, run by run, for the cost per event of
// each and their ratio. ZERO_BENCH_E2E_UPSTREAM names the binary; the
// test is skipped without it (upstream is not built here). Upstream is
// asked for gpt-4.1 (it requires a model) with -o stream-json, which it
// writes as one event per delta too; ZERO_BENCH_E2E_UPSTREAM_OUT keeps its
// output in a file instead of /dev/null, to see why a run fails.
//
//	ZERO_BENCH_E2E=1 ZERO_BENCH_E2E_UPSTREAM=/path/to/zero go test -count=1 -v -run '^TestE2EUpstream$' ./internal/rigs/e2ebench
func TestE2EUpstream(t *testing.T) {
	skipUnlessBench(t)
	up := os.Getenv("ZERO_BENCH_E2E_UPSTREAM")
	if up == "" {
		t.Skip("set ZERO_BENCH_E2E_UPSTREAM to a binary of upstream Zero")
	}
	sizes, reps := benchSizes(t), benchReps(t)
	d := pt.OpenAI
	fmt.Printf("openai -o stream-json, zero and upstream Zero (%s), best of %d runs, delta %q, stdout to /dev/null\n", up, reps, delta)
	for _, n := range sizes {
		ours := best(reps, func(int) figures { return runZero(t, d, "stream-json", n, "") })
		theirs := best(reps, func(int) figures {
			srv := pt.NewServer(textStream(d, n))
			defer srv.Close()
			e := newEnv(t, d, srv)
			e.bin = up
			e.vars = append(e.vars, "ZERO_DISABLE_MODELS_FETCH=1")
			out := os.Getenv("ZERO_BENCH_E2E_UPSTREAM_OUT")
			if out == "" {
				out = os.DevNull
			}
			return e.run(t, out, "", "exec", "-m", "gpt-4.1", "-o", "stream-json", "bench")
		})
		per := func(f figures) float64 { return float64(f.wall.Nanoseconds()) / float64(n) }
		cpu := func(f figures) float64 { return float64(f.cpu.Nanoseconds()) / float64(n) }
		fmt.Printf("N=%-8d zero %8.0f ns/event (CPU %6.0f)  upstream %8.0f ns/event (CPU %6.0f)  upstream ÷ zero %.1f (wall), %.1f (CPU)  peak RSS %.1f MB vs %.1f MB\n",
			n, per(ours), cpu(ours), per(theirs), cpu(theirs), per(theirs)/per(ours), cpu(theirs)/cpu(ours),
			float64(ours.rss)/1e6, float64(theirs.rss)/1e6)
	}
}
