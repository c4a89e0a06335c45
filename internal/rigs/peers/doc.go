// Package peers measures zerogen's generated codecs against the libraries a
// user would pick instead, side by side in one process, on the mixes of
// codecbench (package mixdocs):
//
//   - ogen, generated from the same JSON Schemas wrapped as the components
//     of an OpenAPI 3.1 document (openapigen writes it, ogen/ holds the
//     generated packages); decoding is ogen's Decode followed by Validate,
//     encoding its Encode into a reused jx.Encoder;
//   - sonic (its default configuration, sonic.ConfigDefault) and
//     encoding/json/v2 (the github.com/go-json-experiment/json module,
//     which is the standard library's package under GOEXPERIMENT=jsonv2)
//     into plain Go structs, with Unmarshal and Marshal;
//   - jx's Skip over the same bytes: a reader that only reads, the floor.
//
// The rig is a module of its own so that the peers' dependencies stay out
// of Zero's go.mod; `go test ./...` at the root does not reach it.
// `make bench-peers` runs TestPeers, which prints the table and writes
// reports/peers.md; `go test` in this directory runs the cheap checks
// (every library's round trip of every mix, and what each library
// rejects). `go generate` in this directory regenerates openapi/ and ogen/.
package peers

// The OpenAPI documents that wrap the mixes' schemas, and the ogen packages
// generated from them; the go command runs ogen at the version go.mod pins.
//go:generate go run ./openapigen -schemas ../../../schema -family streamjson/v2 -root output.json -out openapi/streamjsonv2.json
//go:generate go run ./openapigen -schemas ../../../schema -family acp/v1 -root session_update_message.json -out openapi/acpv1.json
//go:generate go run ./openapigen -schemas ../../../schema -family mcp/v1 -root callToolRequest.json -root callToolResult.json -out openapi/mcpv1.json
//go:generate go run ./openapigen -schemas ../../../schema -family openai/v1 -root chunk.json -out openapi/openaiv1.json
//go:generate go run ./openapigen -schemas ../../../schema -family anthropic/v1 -root event.json -out openapi/anthropicv1.json
//go:generate go tool ogen -loglevel error -config ogen.yml -target ogen/streamjsonv2 -package streamjsonv2 -clean openapi/streamjsonv2.json
//go:generate go tool ogen -loglevel error -config ogen.yml -target ogen/acpv1 -package acpv1 -clean openapi/acpv1.json
//go:generate go tool ogen -loglevel error -config ogen.yml -target ogen/mcpv1 -package mcpv1 -clean openapi/mcpv1.json
//go:generate go tool ogen -loglevel error -config ogen.yml -target ogen/openaiv1 -package openaiv1 -clean openapi/openaiv1.json
//go:generate go tool ogen -loglevel error -config ogen.yml -target ogen/anthropicv1 -package anthropicv1 -clean openapi/anthropicv1.json
