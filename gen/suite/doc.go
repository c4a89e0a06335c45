// Package suite holds no code of its own: its test runs the JSON Schema Test
// Suite (draft 2020-12) through zerogen as an external yardstick.
//
// For every case of every suite file (the top-level files of
// tests/draft2020-12; this package's own cases for draft-04, -06, -07,
// 2019-09 and OpenAPI 3.0 in testdata/dialects, whose verdicts another test
// checks against jsonschema/v5 (OpenAPI 3.0's nullable written as a type
// with "null"); then optional/ apart from optional/format/ and the suite's
// folders for the other dialects when the checkout has them, reported
// separately and never enforced) the test writes the case's schema to a
// file and runs the zerogen command on it as a user would (built once from
// the repository; --ref-dir serves the suite's remote documents), which
// writes one Go package; it then builds one program that imports them all in
// a temporary module, and decodes each test's data with the generated
// Root.UnmarshalJSON, and with Root.UnmarshalJSONAll (the packages are
// generated with --all-errors), whose verdict must be the same and whose
// errors must hold UnmarshalJSON's. ZERO_SUITE_INPROCESS=1 calls gen.Generate instead,
// which is quicker while working on the generator.
// A verdict that differs from the suite's, a panic, an accepted value that
// does not re-encode to the same JSON value, or an UnmarshalJSONAll that
// disagrees with UnmarshalJSON is WRONG and fails the test.
// TestAllErrorsAgreeWithReference, which needs no build and takes seconds,
// compares the errors the all-errors mode reports with jsonschema/v5's. A
// case the generator refuses counts as REFUSED; a rejection that one of the
// decoder's documented strictnesses explains (duplicate keys, depth, int64,
// UTF-8, huge exponents) counts as DEVIATION.
//
// The suite is read from $ZERO_SUITE_DIR, else from
// ../shared/json-schema-test-suite beside the repository, where
// `make fetch-suite` clones it at the pinned commit; without it the test
// skips and says so, and with -short it skips too. It takes 5-20 s with a
// warm build cache and about 90 s on an empty one:
//
//	make fetch-suite    # once
//	go test ./gen/suite
//	make suite-report   # also writes reports/suite.md (ZERO_SUITE_REPORT=reports/suite.md)
//
// ZERO_SUITE_ONLY=REGEXP runs only the files whose names match (no report
// is written then). ZERO_SUITE_KEEP=1 keeps the temporary module for inspection and logs its path.
package suite
