// Package codecbench measures the generated stream-json codec against its
// baselines in one run: encoding/json into plain structs without any
// validation, encoding/json into any plus jsonschema/v5 validation, and
// jx's Skip over the same bytes (the cost of reading them once).
//
// `make bench` runs the benchmarks and prints the ratios (ZERO_BENCH=1 go
// test -run TestRatios -v ./internal/rigs/codecbench). Ratios are measured side
// by side in one process because absolute times vary between machines, each
// the fastest of three runs because other work on the machine only slows a
// run down. With ZERO_PAIRED=1 the decoder is also measured by turns with
// each decoding baseline, and the ratios of neighbouring runs are reported
// (TestPairedRatios).
package codecbench
