// Package schema is the ground every zerogen generator stands on: the
// input files, the one ordered JSON tree (Value) that schema files parse
// into and fixtures are built from, the keyword tables, loading and
// compiling a set of files, and errors located by file and JSON Pointer.
//
// Load parses each file into a Value (keeping property order and finding
// keywords the compiler would ignore: typos, unsupported vocabularies),
// then compiles the files together with santhosh-tekuri/jsonschema/v5,
// which resolves $ref across them and checks them against the 2020-12
// meta-schema. Loaded.RawFor leads from a compiled schema back to its
// position and raw JSON.
package schema
