// Package ir is zerogen's model of a schema set: every schema the roots
// reach classified into a Go-shaped Type (a struct, a named string enum, a
// sealed union, a slice, a map, a scalar) or, when it has no exact Go
// shape, a raw JSON value validated by an interpreter Node. Nothing is
// approximated: a keyword that cannot be honoured exactly is refused with
// its JSON Pointer.
//
// Data flow: schema.Load parses and compiles the files and builds one
// schema.Node per compiled schema (position, ordered 2020-12 view,
// dialect-independent reading, asserted format, patterns as written).
// Build
// walks the compiled schemas from the roots (and, with DefTypes, the $defs
// entries) and reads each through Loaded.Node and the compiler's fields,
// never the files again; the Go emitter, the fixture generator, the
// TypeScript writer and the reference docs read the Model it returns.
//
// The interpreter's node has one definition, rtimpl.Node, which the
// generated code fills in; Node is its printable form (the same fields by
// name, with ordered lists, sources and IDs where the runtime holds maps,
// compiled patterns and pointers), and the tests of this package and of
// the Go emitter fail when the two, or the emitter, drift apart.
//
// Every Go name a user of the generated package sees is decided in this
// package, in names.go and scope.go: types, fields, variants, constants,
// the names a package declares beside its types, sum constructors and
// x-known-values lists. The Go emitter only derives the names of its
// unexported helpers (decodeX, validateX, the functions of anonymous
// types) from them.
package ir
