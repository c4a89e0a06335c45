//go:build tools

// Package zero's tools.go pins the development tools the Makefile runs with
// `go run`, so that `make test` and `make bench` use the versions recorded in
// go.mod and go.sum on every machine, without a separate install step.
//
// go.mod's `tool` directive (Go 1.24) does the same job, and `go tool NAME`
// would then run a tool. This file is used beside it, not through it,
// because each pin carries its reason here in a comment, because the
// Makefile's `go run PACKAGE` works the same under any Go that builds the
// module, and because the `tools` build tag keeps these imports out of every
// build, vet and test while `go mod tidy` still records their versions.
// Either way the tools' modules appear in go.mod; with module graph pruning
// a module that imports Zero's packages never builds them. The tools:
//
//   - staticcheck: the linter `make lint` (and so `make test`) runs;
//   - benchstat: compares two `go test -bench` runs (`make benchstat`).
package zero

import (
	_ "golang.org/x/perf/cmd/benchstat"
	_ "honnef.co/go/tools/cmd/staticcheck"
)
