// Package codecfuzz checks zerogen's generated decoders and encoders against
// a reference: github.com/santhosh-tekuri/jsonschema/v5 compiled from the same
// schema files and run on the value encoding/json decodes.
//
// It has no non-test code. Its tests hold, for every root type of every
// package under generated/ (the table in roots_test.go, which a test keeps in
// step with the fixture manifests):
//
//   - a fuzz target, FuzzPkgRoot, seeded with the root's published valid and
//     invalid fixtures;
//   - a differential test, TestDifferential, that mutates the valid fixtures
//     with a seeded math/rand and checks every mutant.
//
// Both check the same invariants for one input (check_test.go): the decoder
// never panics; a document it accepts is accepted by the reference, passes
// Validate, and encodes to bytes that decode again to the same JSON value;
// a document it refuses is refused by the reference unless the refusal is one
// of the deviations documented in docs/zerogen.md (duplicate keys, nesting
// beyond rt.DefaultMaxDepth, invalid UTF-8, numbers beyond int64, float64 or
// rt.MaxExponent); and a document encoding/json refuses is refused.
//
// Run one target with
//
//	go test -run '^$' -fuzz '^FuzzToolsV1BashArgs$' -fuzztime 45s ./internal/rigs/codecfuzz
//
// `make fuzz` runs every target; `make fuzz-report` runs them and writes
// reports/fuzz.md with the execution counts. Inputs that failed are kept in
// testdata/fuzz/<Target>/ and run as regression cases by `go test`.
package codecfuzz
