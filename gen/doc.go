// Package gen is the front door of zerogen, the code generator: it turns a
// set of JSON Schema files (draft-04, -06, -07, 2019-09 or 2020-12) into one Go package of types,
// strict single-pass decoders, lossless encoders and validators, and into
// bundles, TypeScript declarations, reference docs, compatibility reports
// and version upgrades.
//
// The work is done by packages with one-way dependencies:
//
//   - internal/schema loads the files: each is parsed into an ordered JSON
//     tree (keeping property order and finding keywords the compiler would
//     ignore: typos, unsupported vocabularies), then all are compiled
//     together by santhosh-tekuri/jsonschema/v5, which resolves $ref and
//     checks them against the meta-schema. It also owns the input types
//     (File, SchemaSet), the located Error and the generated-file Header.
//   - ir classifies every schema the roots reach into a Go-shaped type (a
//     struct, a named string enum, a sealed union, a slice, a map, a
//     scalar) or, when it has no exact Go shape, a raw JSON value validated
//     by an interpreter node. Nothing is ever approximated: a keyword the
//     generator cannot honour exactly is refused with its JSON Pointer.
//   - golang writes the Go code of the model (and the upgrade functions
//     between two versions); fixtures writes test documents for it; ts,
//     docs, bundle and compat write the other outputs.
//
// Generate and the other entry points return file name → contents; they
// perform no I/O of their own, so the CLI decides where files go and tests
// keep them in memory.
package gen
