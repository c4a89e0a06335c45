// Package schema is the ground every zerogen generator stands on: the
// input files, the one ordered JSON tree (Value) that schema files parse
// into and fixtures are built from, the keyword tables, loading and
// compiling a set of files, and errors located by file and JSON Pointer.
//
// Load parses each file into a Value (keeping property order), reads it in
// the dialect its $schema names (draft-04, -06, -07, 2019-09 or 2020-12:
// Dialect), refusing unknown keywords, ignoring (with a warning through
// Options.Warn) the assertions of other dialects as that dialect's
// validators do, and builds a 2020-12 view of every schema object in it;
// patterns are ECMA-262 (rtimpl.PlanPattern), and those RE2 cannot compile
// reach the compiler as stand-ins (Loaded.PatternSource reads them back); then it compiles the files
// together with santhosh-tekuri/jsonschema/v5, which resolves $ref across
// them and checks them against their meta-schemas.
//
// Last, Load walks every compiled schema the files reach and builds one
// Node for each: the compiled schema, its document and JSON Pointer, its
// ordered 2020-12 view (Raw), the 2020-12 reading of the compiled fields
// that depend on the dialect (Norm: items, dependencies, dynamic
// references), the format it asserts, its patterns as written and its
// $defs key. Loaded.Node hands a node out; Loaded.Defs builds those of the
// $defs entries it compiles. The model builder (package ir) reads schemas
// only through these nodes and the compiler's fields, one model whatever
// the dialect; RawFor, Norm and the other questions the nodes answer stay
// for the generators that read a schema's position directly (fixtures,
// reference docs). The standard meta-schemas of every dialect are embedded
// (meta/), as the compiler has them.
package schema
