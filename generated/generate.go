// Package generated holds the Go packages that zerogen writes from the
// schemas under schema/, one package per document family and version:
//
//	streamjson/v1, streamjson/v2   stream-json protocol events (package streamjsonv1, streamjsonv2)
//	session/v1                     session metadata and log records (sessionv1)
//	tools/v1                       tool arguments (toolsv1)
//	replay/v1                      offline replay scripts (replayv1)
//	execresult/v1                  the result object of `zero exec -o json` (execresultv1)
//
// Every go:generate line of the project is here; run `make generate` (or
// `go generate ./generated/...`) after editing a schema, and commit the
// result. CI fails when these packages are stale.
package generated

//go:generate go run ../cmd/zerogen --schemas ../schema/streamjson/v1 --out streamjson/v1 --package streamjsonv1
//go:generate go run ../cmd/zerogen --schemas ../schema/streamjson/v2 --out streamjson/v2 --package streamjsonv2
//go:generate go run ../cmd/zerogen --schemas ../schema/session/v1 --out session/v1 --package sessionv1
//go:generate go run ../cmd/zerogen --schemas ../schema/tools/v1 --out tools/v1 --package toolsv1
//go:generate go run ../cmd/zerogen --schemas ../schema/replay/v1 --out replay/v1 --package replayv1
//go:generate go run ../cmd/zerogen --schemas ../schema/execresult/v1 --out execresult/v1 --package execresultv1
