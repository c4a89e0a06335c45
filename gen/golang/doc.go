// Package golang writes the Go code of a model: types, strict single-pass
// decoders, lossless encoders and validators (Emit), the test that runs a
// package's fixtures (FixtureTest), and the conversion functions between
// two versions of a schema family (Upgrade), which share the emitter's
// naming and type helpers. dave/jennifer renders the source.
package golang
