// Package gen is the zerogen code generator: it turns a set of JSON Schema
// (draft 2020-12) files into one Go package of types, strict single-pass
// decoders, lossless encoders and validators.
//
// It works in three stages with types between them:
//
//   - load (load.go): santhosh-tekuri/jsonschema/v5 compiles the files,
//     resolves $ref across them and checks them against the meta-schema;
//     an ordered parse of the same bytes keeps property order and finds
//     keywords the compiler would ignore (typos, unsupported vocabularies).
//   - model (ir*.go): every schema is classified into a Go-shaped type (a
//     struct, a named string enum, a sealed union, a slice, a map, a scalar)
//     or, when it has no exact Go shape, a raw JSON value validated by the
//     rt.Node interpreter. Nothing is ever approximated: a keyword the
//     generator cannot honour exactly is refused with its JSON Pointer.
//   - emit (emit*.go): dave/jennifer writes the Go source.
//
// Generate returns file name → contents; it performs no I/O of its own, so
// the CLI decides where files go and tests keep them in memory.
package gen
