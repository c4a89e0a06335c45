package rtimpl

// GenVersion is the version of the contract between generated code and
// this runtime: what generated files may call here and what they may
// assume of it. It goes up whenever that contract changes in a way that
// code generated for the older contract cannot work with.
//
// Every package zerogen writes has a zerogen.go file with two constants
// that do not compile unless the runtime it is built with supports the
// version it was generated for:
//
//	const (
//		_ = rtimpl.EnforceVersion(1 - rtimpl.MinVersion) // generated code new enough
//		_ = rtimpl.EnforceVersion(rtimpl.MaxVersion - 1) // runtime new enough
//	)
//
// A mismatch fails the build on that line ("cannot convert ... (untyped
// int constant -1) to type rtimpl.EnforceVersion"), and the comment beside
// it says to regenerate the package with the zerogen of the runtime's
// module version.
//
// Version 2 added the codecs of --format-types, the all-errors walk
// (AllErrors, Node.Loc, Node.UserCheck), tuples, rt.NullValue and the
// number enums' checks; code generated for version 1 still runs.
const GenVersion = 2

// MinVersion and MaxVersion bound the versions of generated code that this
// runtime can run.
const (
	MinVersion = 1
	MaxVersion = GenVersion
)

// EnforceVersion turns a version mismatch into a compile error: generated
// code converts the difference of two versions to it, and a negative
// constant does not convert to an unsigned type.
type EnforceVersion uint
