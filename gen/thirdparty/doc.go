// Package thirdparty holds no code of its own: its tests generate Go from
// schemas written by others, read from ../shared/thirdparty beside the
// repository (never copied into it): the Model Context Protocol's schemas
// for 2025-06-18 (draft-07) and 2026-07-28 (2020-12) and the Agent Client
// Protocol's v1 schema (2020-12).
//
// Each is generated with every $defs entry as a type of its own
// (gen.Config.DefTypes) and built in a temporary module. Every MCP example
// document (mcp/2026-07-28/examples/<Type>/*.json) must decode into its
// named type, validate, and re-encode to the same JSON value; the generated
// verdict on each example and on mutants of it (a member removed, replaced
// by a number or a string, an unknown member added) must be
// santhosh-tekuri/jsonschema/v5's. The test logs, per schema, the named
// types generated and the share of struct fields left as rt.Raw.
//
// Without ../shared/thirdparty, or with -short, the test skips and says
// why.
//
// TestCorpus runs thirty published schemas (OpenAPI, AsyncAPI, GitHub's
// webhooks, CycloneDX, JSON Resume, the meta-schemas) with their published
// documents the same way, from the npm packages pinned in clients/js. It
// takes minutes and runs only with ZERO_CORPUS=1; make corpus installs the
// packages and writes reports/corpus.md.
//
//	go test ./gen/thirdparty -v
//	make corpus
package thirdparty
