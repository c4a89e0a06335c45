// Package e2ebench measures the path a user waits on: vendor bytes in,
// events out, through the built zero binary. It has no code that zero
// itself uses.
//
// `make bench-e2e` (not part of `make test`) builds cmd/zero, starts a
// loopback fake vendor server (internal/provider/providertest, the
// vendors' real SSE formats) and runs `zero exec` against streams of N
// text deltas, OpenAI and Anthropic, with `-o stream-json` and `-o text`,
// stdout to /dev/null. For each run it prints the wall time, the cost per
// event, events per second and zero's peak RSS, and for each series the
// ratio of the cost per event at the largest N to that at the smallest.
// The floor is the same stream read by an HTTP client that parses nothing,
// in the same run. A last series runs a turn whose tool call streams in
// 10,000 argument fragments and whose bash command writes 10 MB.
//
//	ZERO_BENCH_E2E=1 go test -count=1 -v -run '^TestE2E$' ./internal/rigs/e2ebench
//
// With ZERO_BENCH_E2E_UPSTREAM naming a binary of upstream Zero,
// TestE2EUpstream runs the OpenAI stream-json series through it beside zero.
//
// ZERO_BENCH_E2E_SIZES (a comma-separated list such as 10000,20000)
// replaces the default sizes, and ZERO_BENCH_E2E_REPS (default 3) sets how
// many runs each figure is the best of. ZERO_BENCH_E2E_ONLY keeps only the
// series whose name contains it, such as "openai -o stream-json". With
// ZERO_BENCH_E2E_PROFILE=DIR, each binary run also writes a CPU profile to
// DIR (see ZERO_CPUPROFILE in the README).
package e2ebench
