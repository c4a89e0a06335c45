// Package soak holds Zero's long-running hardening checks and the figures
// of reports/hardening.md. It has no code that zero itself uses.
//
// `make soak` (not part of `make test`) streams 1,000,000 events through
// the stream-json event writer with the redactor as its hook, and
// 1,000,000 lines through the stream-json input reader, sampling the heap
// as they go; a heap that grows with the count fails the run. It also feeds
// 1 GB of blank input lines to the zero binary (cmd/zero's
// TestBadStreamJSONInput with ZERO_SOAK=1).
//
//	ZERO_SOAK=1 go test -v -run '^TestSoak' ./internal/rigs/soak
//
// The hardening tests across the tree (cmd/zero's hard_*_test.go and a few
// package tests) call [Record] for every case they prove. With
// ZERO_HARDENING_DIR set, each call appends one JSON line to
// DIR/<kind>.jsonl; without it, Record does nothing. `make
// hardening-report` runs those tests and the soak with a fresh directory,
// then TestHardeningReport turns the lines into reports/hardening.md, so that
// every figure in that file comes from a run, never from a hand.
package soak
