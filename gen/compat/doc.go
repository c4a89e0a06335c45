// Package compat compares two versions of a schema set and reports, for
// consumers and for producers of the documents, which changes break them:
// a removed or newly required property, a narrowed type, enum or bound, a
// union variant gone, and so on, each with its JSON Pointer.
package compat
